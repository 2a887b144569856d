import fs from 'node:fs'
import path from 'node:path'

/** The app's own routes, read from app/ (each page.tsx and route.ts): the route walk and the fuzz suite start here. */
const APP = path.join(process.cwd(), 'app')

/**
 * `/v2/candidate/[id]` for app/(main)/v2/candidate/[id]/page.tsx: groups dropped, segments kept as written; a route handler with the HTTP methods it exports.
 */
export function discoverRoutes(): { route: string; kind: 'page' | 'handler'; methods: string[] }[] {
  const found: { route: string; kind: 'page' | 'handler'; methods: string[] }[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name === 'page.tsx' || entry.name === 'route.ts') {
        const segments = path
          .relative(APP, dir)
          .split(path.sep)
          .filter((s) => s && !/^\(.*\)$/.test(s))
        const route = `/${segments.join('/')}`
        if (entry.name === 'page.tsx') found.push({ route, kind: 'page', methods: ['GET'] })
        else {
          const source = fs.readFileSync(full, 'utf8')
          const methods = new Set<string>()
          for (const m of source.matchAll(/export (?:(?:async )?function|const) (GET|POST|PUT|PATCH|DELETE)\b/g))
            methods.add(m[1]!)
          for (const m of source.matchAll(/export const \{([^}]+)\}/g))
            for (const name of m[1]!.split(',')) methods.add(name.trim())
          found.push({ route, kind: 'handler', methods: [...methods].sort() })
        }
      }
    }
  }
  walk(APP)
  return found.sort((a, b) => a.route.localeCompare(b.route))
}
