/**
 * `npm run icons`: writes public/icons.svg, the sprite of components/ui/icon.tsx, from the `lucide-react` package's
 * icon data (one <symbol> per name of ICON_NAMES, drawn as Lucide draws it). `--check` writes nothing and fails when the
 * committed file differs (the unit test runs the same comparison).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ICON_NAMES } from '../components/ui/icon'

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

type IconData = { name: string; node: [string, Record<string, string | number>][] }

/** The sprite's text for these names, in their order. */
export async function iconSprite(names: readonly string[] = ICON_NAMES): Promise<string> {
  const symbols: string[] = []
  for (const name of names) {
    const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: IconData }
    const children = __iconData.node.map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => ` ${key}="${escape(String(value))}"`)
        .join('')
      return `    <${tag}${attrs}/>`
    })
    symbols.push(
      `  <symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">`,
      ...children,
      '  </symbol>',
    )
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    '  <!-- Lucide icons (ISC license, lucide.dev), written by `npm run icons` (scripts/icons.ts) for components/ui/icon.tsx. -->',
    ...symbols,
    '</svg>',
    '',
  ].join('\n')
}

export const SPRITE_PATH = path.join(import.meta.dirname, '..', 'public', 'icons.svg')

async function main() {
  const sprite = await iconSprite()
  if (process.argv.includes('--check')) {
    if (readFileSync(SPRITE_PATH, 'utf8') !== sprite) {
      console.error('public/icons.svg n’est pas à jour : lancez `npm run icons`.')
      process.exit(1)
    }
    return
  }
  writeFileSync(SPRITE_PATH, sprite)
  console.log(`public/icons.svg : ${ICON_NAMES.length} icônes.`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main()
