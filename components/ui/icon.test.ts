import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { iconSprite, SPRITE_PATH } from '../../scripts/icons'
import { ICON_NAMES } from './icon'

const ROOT = path.join(import.meta.dirname, '..', '..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sources(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

describe('the icon sprite', () => {
  it('is what `npm run icons` writes from Lucide for ICON_NAMES', async () => {
    expect(readFileSync(SPRITE_PATH, 'utf8')).toBe(await iconSprite())
  })

  it('has one symbol for each name, drawn with Lucide’s stroke', () => {
    const sprite = readFileSync(SPRITE_PATH, 'utf8')
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24"[^>]*stroke="currentColor"/g)].map(
      (m) => m[1],
    )
    expect(ids).toEqual([...ICON_NAMES])
    // Lucide's "menu" icon: three horizontal strokes.
    expect(sprite).toContain('<symbol id="menu"')
    expect(sprite).toMatch(/<path d="M4 5h16"\/>\s*<path d="M4 12h16"\/>\s*<path d="M4 19h16"\/>/)
  })

  it('is the only way the app draws an icon: no component imports lucide-react', () => {
    const importers = ['app', 'components', 'lib']
      .flatMap((dir) => sources(path.join(ROOT, dir)))
      .filter((file) => /from 'lucide-react/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file))
    expect(importers).toEqual([])
  })
})
