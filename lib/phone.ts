/** French numbers shown as people read them: '06 12 34 56 78'. Anything else is shown as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return ''
  const digits = value.replace(/[\s.-]/g, '')
  if (/^0\d{9}$/.test(digits)) return digits.replace(/(\d{2})(?=\d)/g, '$1 ')
  const intl = /^(?:\+|00)33(\d{9})$/.exec(digits)
  if (intl) return `+33 ${intl[1]![0]} ${intl[1]!.slice(1).replace(/(\d{2})(?=\d)/g, '$1 ')}`
  return value
}
