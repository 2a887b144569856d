/**
 * The NIR (numéro de sécurité sociale): 13 characters + a 2-digit key.
 *   sex (1) · birth year (2) · birth month (2) · département (2: digits, 2A or 2B) · commune (3) · order (3) · key (2)
 * The key is 97 − (the 13-digit number mod 97), with 2A read as 19 and 2B as 18 (Corsica).
 */
export const NIR_MESSAGES = {
  format: 'Le numéro de sécurité sociale doit comporter 13 caractères suivis d’une clé de 2 chiffres.',
  key: 'La clé du numéro de sécurité sociale ne correspond pas aux 13 premiers caractères.',
  gender: 'Le numéro de sécurité sociale ne correspond pas au genre indiqué.',
  birthYear: 'Le numéro de sécurité sociale ne correspond pas à l’année de naissance.',
  birthMonth: 'Le numéro de sécurité sociale ne correspond pas au mois de naissance.',
} as const

const NIR_SHAPE = /^([1-478])(\d{2})(\d{2})(\d{2}|2A|2B)(\d{3})(\d{3})(\d{2})$/

/** Spaces, dots and dashes people type between the groups are dropped; letters are upper-cased. */
export function normaliseNir(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase()
}

export type ParsedNir = { sex: number; year: string; month: number; department: string; key: number; body: string }

export function parseNir(normalised: string): ParsedNir | null {
  const m = NIR_SHAPE.exec(normalised)
  if (!m) return null
  const month = Number(m[3])
  // Months 01–12; 20–42 and 50–99 are issued when the month of birth is unknown.
  if (month === 0 || (month > 12 && month < 20) || (month > 42 && month < 50)) return null
  return { sex: Number(m[1]), year: m[2]!, month, department: m[4]!, key: Number(m[7]), body: normalised.slice(0, 13) }
}

export function nirKey(body13: string): number {
  const numeric = body13.replace('2A', '19').replace('2B', '18')
  return 97 - Number(BigInt(numeric) % 97n)
}

/**
 * The French message of the first rule the NIR breaks, or null when it is valid.
 * gender and birthDate ('yyyy-mm-dd') are checked only when given.
 */
export function nirError(value: string, gender?: 'F' | 'M' | null, birthDate?: string | null): string | null {
  const parsed = parseNir(normaliseNir(value))
  if (!parsed) return NIR_MESSAGES.format
  if (nirKey(parsed.body) !== parsed.key) return NIR_MESSAGES.key
  return nirPrefixError(normaliseNir(value), gender, birthDate)
}

/**
 * The same check of the gender and birth date against a NIR's first five characters (sex, birth year, month), which
 * is all a kept NIR needs: the stored value was checked whole when it was written, and stays encrypted.
 */
export function nirPrefixError(prefix: string, gender?: 'F' | 'M' | null, birthDate?: string | null): string | null {
  const sex = Number(prefix.slice(0, 1))
  // 1/3/7 men, 2/4/8 women (3, 4, 7 and 8: provisional numbers).
  const nirGender = sex % 2 === 1 ? 'M' : 'F'
  if (gender && gender !== nirGender) return NIR_MESSAGES.gender
  if (birthDate) {
    const [year, month] = birthDate.split('-')
    const nirMonth = Number(prefix.slice(3, 5))
    if (year?.slice(2) !== prefix.slice(1, 3)) return NIR_MESSAGES.birthYear
    if (nirMonth <= 12 && Number(month) !== nirMonth) return NIR_MESSAGES.birthMonth
  }
  return null
}

/** '2 84 05 75 123 456 78' → '2 84 05 •• ••• ••• ••' — what the sheet shows until someone asks to see it. */
export function maskNir(value: string): string {
  const n = normaliseNir(value)
  return `${n.slice(0, 1)} ${n.slice(1, 3)} ${n.slice(3, 5)} •• ••• ••• ••`
}

export function formatNir(value: string): string {
  const n = normaliseNir(value)
  return [
    n.slice(0, 1),
    n.slice(1, 3),
    n.slice(3, 5),
    n.slice(5, 7),
    n.slice(7, 10),
    n.slice(10, 13),
    n.slice(13),
  ].join(' ')
}
