import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'
import { phoneParts } from '@/lib/phone'

/** A national number (06…, 0692…) is tried against these plans in turn: 0692 is La Réunion's, 0639 Mayotte's. */
const NATIONAL_PLANS: CountryCode[] = ['FR', 'RE', 'YT', 'GP', 'GF', 'MQ']

export const NOT_A_MOBILE = 'Ce numéro ne peut pas recevoir de SMS'

/**
 * The number in E.164 if it can receive an SMS (a valid mobile of France or an overseas département: lib/phone.ts's
 * numbers, and a mobile range by libphonenumber-js), else null. Server only: its metadata weighs 40 kB gzip.
 */
export function toSmsNumber(raw: string | null | undefined): string | null {
  const parts = phoneParts(raw)
  if (!parts) return null
  const plans = parts.callingCode ? [undefined] : NATIONAL_PLANS
  const text = parts.callingCode ? `+${parts.callingCode}${parts.national}` : `0${parts.national}`
  for (const plan of plans) {
    const parsed = parsePhoneNumberFromString(text, plan)
    const type = parsed?.isValid() ? parsed.getType() : undefined
    if (type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE') return parsed!.number
  }
  return null
}
