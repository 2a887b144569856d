import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SOURCE = /\.(ts|tsx)$/
const SKIPPED = new Set(['node_modules', '.next', '.git'])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.next') ? [] : sourceFiles(full)
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** A module whose first statement is the 'use server' directive (comments before it allowed). */
export function isServerModule(source: string): boolean {
  return /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*['"]use server['"]/.test(source)
}

/**
 * What a 'use server' module exports that defineAction did not make: each export must be `export const name =
 * defineAction(…)`. Types are erased; a function, another value, a re-export or a default export is one.
 */
export function unframedActions(source: string): string[] {
  const bare = [
    ...[...source.matchAll(/^export (?:async )?function\*? (\w+)/gm)].map((m) => m[1]!),
    ...[...source.matchAll(/^export (?:const|let|var) (\w+)\s*(?::[^=]+)?=\s*(\w*)/gm)]
      .filter((m) => m[2] !== 'defineAction')
      .map((m) => m[1]!),
    ...[...source.matchAll(/^export (?!type\b)\{([^}]*)\}/gm)].flatMap((m) =>
      m[1]!.split(',').map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      ),
    ),
    ...(/^export default\b/m.test(source) ? ['default'] : []),
    ...(/^export \*/m.test(source) ? ['*'] : []),
  ]
  return bare.filter(Boolean)
}

describe('every server action is made by defineAction (lib/frame/action.ts)', () => {
  const root = process.cwd()
  const files = ['app', 'components', 'lib']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .map((file) => path.relative(root, file))
  const sources = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]))

  it("each export of a 'use server' module is a defineAction(…)", () => {
    const modules = files.filter((file) => isServerModule(sources.get(file)!))
    expect(modules.length).toBeGreaterThan(20)
    const bare = modules.flatMap((file) => unframedActions(sources.get(file)!).map((name) => `${file} ${name}`))
    expect(bare).toEqual([])
  })

  it("'use server' modules live in lib/, and no function of a page or component declares an action of its own", () => {
    const elsewhere = files.filter(
      (file) =>
        !file.startsWith('lib/') && /^\s*['"]use server['"]/m.test(sources.get(file)!.replace(/\/\*[\s\S]*?\*\//g, '')),
    )
    expect(elsewhere).toEqual([])
    const inline = files.filter(
      (file) =>
        file.startsWith('lib/') &&
        !isServerModule(sources.get(file)!) &&
        /^\s+['"]use server['"]/m.test(sources.get(file)!),
    )
    expect(inline).toEqual([])
  })

  it('tells a framed action from the other shapes', () => {
    expect(unframedActions("export const saveAction = defineAction({\n  name: 'save',\n})")).toEqual([])
    expect(unframedActions('export type State = { ok: boolean }\nexport type { Other } from "./x"')).toEqual([])
    expect(unframedActions('export async function saveAction(input: unknown) {}')).toEqual(['saveAction'])
    expect(unframedActions('export function readAction() {}')).toEqual(['readAction'])
    expect(unframedActions('export const saveAction = async (input: unknown) => {}')).toEqual(['saveAction'])
    expect(unframedActions('export const saveAction = guardedAction(() => x)')).toEqual(['saveAction'])
    expect(unframedActions('export { save as saveAction }')).toEqual(['saveAction'])
    expect(unframedActions('export default async function () {}')).toEqual(['default'])
    expect(unframedActions("export * from './x'")).toEqual(['*'])
    expect(isServerModule("// why\n'use server'\n\nexport const a = 1")).toBe(true)
    expect(isServerModule("import x from 'y'\n'use server'")).toBe(false)
  })
})
