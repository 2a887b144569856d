import fs from 'node:fs'
import path from 'node:path'

let list: ReadonlySet<string> | undefined

/** lib/auth/common-passwords.txt (scripts/build-common-passwords.ts), read once. */
function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(
    fs.readFileSync(path.join(process.cwd(), 'lib/auth/common-passwords.txt'), 'utf8').split('\n').filter(Boolean),
  )
  return list
}

/**
 * True for one of the most common passwords, and for one of them dressed up to pass the composition rule:
 * "Azerty123456!" or "Motdepasse2026!" are "azerty" and "motdepasse" with a predictable ending. Compared
 * case-insensitively on the whole password, on it without its non-letter ends, and on its letters and digits.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase()
  const forms = [
    lower,
    lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''),
    lower.replace(/[^\p{L}]+$/u, ''),
    lower.replace(/[^\p{L}\p{Nd}]/gu, ''),
  ]
  const set = commonPasswords()
  return forms.some((form) => form.length >= 4 && set.has(form))
}
