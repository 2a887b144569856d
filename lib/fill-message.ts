/**
 * A message of messages/fr.json with simple `{name}` arguments, filled as next-intl fills it (a number as its digits:
 * next-intl does not group them either). For the client components of the offer page only, whose first-load
 * JavaScript has no room for next-intl's ICU parser (12 kB gzip): the server passes the raw message (`t.raw`), the
 * component fills it. Plural and select arguments are not supported: such a message keeps going through next-intl.
 */
export function fillMessage(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  )
}
