import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * What a 'use client' module imports goes to the browser. Following value imports from every client module (type-only
 * imports are erased; a 'use server' module becomes a reference to its actions), none may reach lib/db: the Drizzle
 * schema once went to the offer page this way (13 kB gzip of first-load JS) through a constant of the prescriptions domain.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.data', 'test-results', 'playwright-report'])
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/gm

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.next')
        ? []
        : sourceFiles(path.join(dir, entry.name))
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []
  })
}

function resolve(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null
  if (!base) return null
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
    base,
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return null
}

const directive = (source: string) => /^\s*(['"])use (client|server)\1/.exec(source)?.[2]

/** The project modules a module imports as values (not `import type`, not `import { type A, type B }`). */
function valueImports(file: string, source: string): string[] {
  return [...source.matchAll(IMPORT)].flatMap(([, typeOnly, names, specifier]) => {
    if (typeOnly || /^\{\s*(type\s+\w+\s*(,\s*)?)+\}$/.test(names!.trim())) return []
    const resolved = resolve(specifier!, file)
    return resolved ? [resolved] : []
  })
}

describe('client bundles', () => {
  it('no client module reaches lib/db (the schema or the pool) through a value import', () => {
    const sources = new Map(sourceFiles(ROOT).map((f) => [f, fs.readFileSync(f, 'utf8')]))
    const leaks: string[] = []
    for (const [file, source] of sources) {
      if (directive(source) !== 'client') continue
      const seen = new Set<string>()
      const stack: string[][] = [[file]]
      while (stack.length) {
        const chain = stack.pop()!
        const current = chain.at(-1)!
        if (seen.has(current)) continue
        seen.add(current)
        if (current.startsWith(path.join(ROOT, 'lib', 'db') + path.sep)) {
          leaks.push(chain.map((f) => path.relative(ROOT, f)).join(' → '))
          continue
        }
        const text = sources.get(current) ?? fs.readFileSync(current, 'utf8')
        if (current !== file && directive(text) === 'server') continue
        for (const next of valueImports(current, text)) stack.push([...chain, next])
      }
    }
    expect(leaks).toEqual([])
  })
})
