/**
 * Writes lib/auth/common-passwords.txt: the 10,000 most common passwords of the breach corpora ranked by
 * zxcvbn-ts (@zxcvbn-ts/language-common, MIT licence), lower-cased, one a line, followed by a few French
 * ones (FRENCH below). Run again after upgrading it:
 *   npx tsx scripts/build-common-passwords.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { dictionary } from '@zxcvbn-ts/language-common'

const TOP = 10_000
/** Frequent in French leaks but ranked low in the (mostly English) corpus; and the product's own name. */
const FRENCH = [
  'motdepasse',
  'motdepass',
  'doudou',
  'chouchou',
  'jetaime',
  'coucou',
  'bonjour',
  'bienvenue',
  'soleil',
  'loulou',
  'azerty',
  'azertyuiop',
  'azerty123',
  'marseille',
  'paris',
  'france',
  'amour',
  'princesse',
  'chocolat',
  'vacances',
  'nicolas',
  'camille',
  'julien',
  'olivier',
  'doudou123',
  'passerelle',
  'rsa',
  'departement',
  'mairie',
  'emploi',
  'poleemploi',
  'francetravail',
]
const ranked = (dictionary as Record<string, string[]>)['passwords-common']
if (!ranked || ranked.length < TOP)
  throw new Error('@zxcvbn-ts/language-common no longer ships its "passwords-common" list')
const words = [...new Set([...ranked.slice(0, TOP), ...FRENCH].map((w) => w.toLowerCase()))]
const target = path.join(process.cwd(), 'lib/auth/common-passwords.txt')
fs.writeFileSync(target, `${words.join('\n')}\n`)
console.log(`${words.length} passwords written to ${path.relative(process.cwd(), target)}`)
