import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = process.cwd()
/** The one reader allowed to touch a request's body stream: it stops at its cap (capped-body.ts). */
const CAPPED_READER = path.join(ROOT, 'lib', 'http', 'capped-body.ts')

/**
 * A request's body read whole, with no cap: Request's own readers, or the request handed as it is to better-auth, whose
 * handler reads it whole. The name is the handlers' and lib's (`request`, `req`), so a provider's response
 * (`response.json()`) is not taken for one.
 */
const UNCAPPED = [
  /\b(?:request|req)\.(?:json|text|formData|arrayBuffer|blob|bytes)\(/,
  /\b(?:request|req)\.body\??\.(?:getReader|pipeTo|pipeThrough)\(/,
  /\.handler\(\s*(?:request|req)\s*\)/,
]

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    return entry.name === 'route.ts' ? [full] : []
  })
}

/** The app's own modules a file imports (`@/…` or relative), as files. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8')
  const specifiers = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  return specifiers.flatMap((spec) => {
    const base = spec.startsWith('@/')
      ? path.join(ROOT, spec.slice(2))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : null
    if (!base) return []
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    )
    return found ? [found] : []
  })
}

/** Every route handler of the app, and every module it reaches, where a body could be read. */
function reachableFromRoutes(): string[] {
  const seen = new Set<string>()
  const queue = routeFiles(path.join(ROOT, 'app'))
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    queue.push(...importsOf(file).filter((f) => !f.includes(`${path.sep}node_modules${path.sep}`)))
  }
  return [...seen]
}

describe('every route handler reads its body through the capped reader', () => {
  it('no handler, nor any module it reaches, reads a request body whole', () => {
    const files = reachableFromRoutes()
    expect(files.length).toBeGreaterThan(27)
    const offenders = files
      .filter((file) => file !== CAPPED_READER && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(ROOT, file)}:${i + 1}` }))
          .filter(({ line }) => UNCAPPED.some((pattern) => pattern.test(line)))
          .map(({ at, line }) => `${at}  ${line.trim()}`),
      )
    expect(offenders).toEqual([])
  })

  it('the walk sees the readers it must see (the imports, the auth callbacks, the webhooks)', () => {
    const files = reachableFromRoutes().map((f) => path.relative(ROOT, f))
    expect(files).toEqual(
      expect.arrayContaining([
        'lib/http/multipart-body.ts',
        'lib/frame/route.ts',
        'lib/auth/http-endpoints.ts',
        'lib/sms/webhook-request.ts',
        'lib/http/capped-body.ts',
      ]),
    )
  })
})
