import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The only route handlers outside the frame: better-auth's own handler, which answers the identity providers'
 * callbacks and the JSON sign-in in its own terms (lib/auth/http-endpoints.ts); and the plain-HTML pages of the
 * referral form and the diagnosis link, which answer every failure with a page of their own rather than JSON.
 */
const EXEMPT = [
  'app/api/auth/[...all]/route.ts',
  'app/(standalone)/diagnosis-link/[token]/route.ts',
  'app/(standalone)/referral-form/confirmation/route.ts',
  'app/(standalone)/referral-form/homepage/route.ts',
  'app/(standalone)/referral-form/informations/[id]/route.ts',
]
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    return entry.name === 'route.ts' ? [full] : []
  })
}

/**
 * The HTTP methods a route module exports that defineRoute did not make: each must be `export const METHOD =
 * defineRoute(…)`, or `= name` where the same file has `const name = defineRoute(…)`. Any other shape — a function,
 * a re-export, a wrapper — is one.
 */
export function unframedHandlers(source: string): string[] {
  const framed = new Set([...source.matchAll(/^(?:export )?const (\w+) = defineRoute\(/gm)].map((m) => m[1]!))
  const exported = [
    ...[...source.matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => ({ name: m[1]!, framed: false })),
    ...[...source.matchAll(/^export (?:const|let|var) (\w+)\s*=\s*([\w.]+)/gm)].map((m) => ({
      name: m[1]!,
      framed: m[2] === 'defineRoute' || framed.has(m[2]!),
    })),
    ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
      m[1]!.split(',').map((part) => ({
        name: part
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        framed: false,
      })),
    ),
  ]
  return exported.filter((e) => METHODS.includes(e.name) && !e.framed).map((e) => e.name)
}

describe('every route handler is made by defineRoute (lib/frame/route.ts)', () => {
  it('no route.ts of app/ exports a method handler of its own, but the listed exemptions', () => {
    const root = process.cwd()
    const files = routeFiles(path.join(root, 'app')).map((f) => path.relative(root, f))
    expect(files.length).toBeGreaterThan(20)
    const bare = files
      .filter((file) => !EXEMPT.includes(file))
      .flatMap((file) => unframedHandlers(fs.readFileSync(file, 'utf8')).map((name) => `${file} ${name}`))
    expect(bare).toEqual([])
  })

  it('the exemptions still exist, and they are the only ones', () => {
    for (const file of EXEMPT) expect(fs.existsSync(file), file).toBe(true)
  })

  it('tells a framed handler from the other shapes', () => {
    expect(unframedHandlers('export const GET = defineRoute({\n})')).toEqual([])
    expect(unframedHandlers('const notFound = defineRoute({})\nexport const GET = notFound')).toEqual([])
    expect(unframedHandlers('export async function GET(request: Request) {}')).toEqual(['GET'])
    expect(unframedHandlers('export function POST() {}')).toEqual(['POST'])
    expect(unframedHandlers('export const POST = jsonRoute(async () => x)')).toEqual(['POST'])
    expect(unframedHandlers('const handler = async () => x\nexport const PUT = handler')).toEqual(['PUT'])
    expect(unframedHandlers('export { handler as DELETE, GET }')).toEqual(['DELETE', 'GET'])
    expect(unframedHandlers("export const dynamic = 'force-dynamic'")).toEqual([])
  })
})
