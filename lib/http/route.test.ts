import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** The handlers that answer for themselves: better-auth's, the probes (which must answer whatever happens), the 404. */
const OWN_ANSWERS = ['auth/[...all]', 'health', 'ready', '[...unknown]']

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    return entry.name === 'route.ts' ? [full] : []
  })
}

describe('route handlers', () => {
  it('every one goes through jsonRoute: a French 503 or 500, never a bare error page', () => {
    const api = path.join(process.cwd(), 'app', 'api')
    const bare = routeFiles(api)
      .filter((file) => !OWN_ANSWERS.includes(path.relative(api, path.dirname(file))))
      .filter((file) => {
        const source = fs.readFileSync(file, 'utf8')
        return /export async function (GET|POST|PUT|PATCH|DELETE)\b/.test(source) || !source.includes('jsonRoute(')
      })
      .map((file) => path.relative(process.cwd(), file))
    expect(bare).toEqual([])
  })
})
