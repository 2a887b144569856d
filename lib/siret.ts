/**
 * SIRET numbers: 14 digits whose Luhn key is right. La Poste's establishments share the SIREN 356 000 000
 * and are numbered past what one Luhn key allows, so INSEE checks theirs by a digit sum that is a multiple of 5.
 */
export const LA_POSTE_SIREN = '356000000'

/** The SIRET as stored: digits only (people type it with spaces, dots or dashes). */
export function normalizeSiret(value: string): string {
  return value.replace(/[\s.\-]/g, '')
}

function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** True for a well-formed SIRET (already normalised). */
export function isValidSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false
  if (luhnValid(siret)) return true
  if (siret.startsWith(LA_POSTE_SIREN)) {
    const digitSum = [...siret].reduce((total, digit) => total + Number(digit), 0)
    return digitSum % 5 === 0
  }
  return false
}

/** Spaced as INSEE prints it: '356 000 000 00048'. */
export function formatSiret(siret: string): string {
  return /^\d{14}$/.test(siret)
    ? `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`
    : siret
}
