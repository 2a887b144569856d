import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'

/** Metropolitan France and the overseas départements: +33, +262 (La Réunion, Mayotte), +269, +590, +594, +596. */
const CALLING_CODES = new Set(['33', '262', '269', '590', '594', '596'])
/** A national number (06…, 0692…) is tried against these plans in turn: 0692 is La Réunion's, not the metropole's. */
const NATIONAL_PLANS: CountryCode[] = ['FR', 'RE', 'YT', 'GP', 'GF', 'MQ']

export const NOT_A_MOBILE = 'Ce numéro ne peut pas recevoir de SMS'

/** The number in E.164 if it can receive an SMS here (a valid mobile of France or its overseas départements), else null. */
export function toSmsNumber(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim()
  if (!value || value.length > 30) return null
  const plans = value.startsWith('+') || value.startsWith('00') ? [undefined] : NATIONAL_PLANS
  for (const plan of plans) {
    const parsed = parsePhoneNumberFromString(value.startsWith('00') ? `+${value.slice(2)}` : value, plan)
    if (!parsed?.isValid() || !CALLING_CODES.has(parsed.countryCallingCode)) continue
    const type = parsed.getType()
    if (type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE') return parsed.number
  }
  return null
}
