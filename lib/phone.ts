/**
 * Phone numbers of France and its overseas départements, in one module: whether a typed number is complete, how it is
 * shown, and its international form. Every form accepts the same numbers: a national one ('06 12 34 56 78',
 * '0692 12 34 56') or an international one of +33, +262 (La Réunion, Mayotte), +590 (Guadeloupe), +594 (Guyane) or
 * +596 (Martinique). Whether one can receive an SMS is lib/sms/mobile-number.ts's (libphonenumber-js knows which
 * ranges are mobiles).
 *
 * No library here: this runs in the browser on every list and form, and libphonenumber-js would add 10 kB gzip.
 */
export const PHONE_CALLING_CODES = ['33', '262', '590', '594', '596'] as const
export type PhoneCallingCode = (typeof PHONE_CALLING_CODES)[number]

/** Digits with spaces, dots, dashes or brackets between them, and a leading + for the international form. */
const TYPED = /^\+?[\d\s.()-]+$/

/**
 * A typed number's parts: the calling code when it was typed in the international form (null for a national one) and
 * the 9 digits after it (or after the national 0). Null when it is not a complete number of France or its départements.
 */
export function phoneParts(
  raw: string | null | undefined,
): { callingCode: PhoneCallingCode | null; national: string } | null {
  const value = (raw ?? '').trim()
  if (!value || value.length > 30 || !TYPED.test(value)) return null
  const digits = value.replace(/\D/g, '')
  const international = value.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null
  if (international === null)
    return /^0[1-9]\d{8}$/.test(digits) ? { callingCode: null, national: digits.slice(1) } : null
  const callingCode = PHONE_CALLING_CODES.find((c) => international.startsWith(c))
  // '+33 (0)6 12 34 56 78' is written too: the national 0 after the calling code is dropped.
  const national = international.slice(callingCode?.length ?? 0).replace(/^0(?=\d{9}$)/, '')
  return callingCode && /^[1-9]\d{8}$/.test(national) ? { callingCode, national } : null
}

/** A complete number of France or an overseas département (spec §5: "Le téléphone n'est pas complet" otherwise). */
export const isPhoneNumber = (raw: string | null | undefined): boolean => phoneParts(raw) !== null

const inPairs = (digits: string) => digits.replace(/(\d{2})(?=\d)/g, '$1 ')

/**
 * As people read it: '06 12 34 56 78', '+33 6 12 34 56 78', '+262 692 12 34 56'. Anything else is shown as stored;
 * an empty value is ''.
 */
export function formatPhone(raw: string | null | undefined): string {
  const parts = phoneParts(raw)
  if (!parts) return raw ?? ''
  if (!parts.callingCode) return inPairs(`0${parts.national}`)
  // The international form keeps the zone digits together: one in the metropole, three overseas (692, 690…).
  const zone = parts.callingCode === '33' ? 1 : 3
  return `+${parts.callingCode} ${parts.national.slice(0, zone)} ${inPairs(parts.national.slice(zone))}`
}
