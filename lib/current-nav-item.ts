// Apart from lib/navigation.ts: the navigation's client component needs this, not the permissions table.
/**
 * The one item the page belongs to: the item whose address is the longest start of the path (/v2/settings/exports is
 * "Exports", not also "Paramètres"), or none.
 */
export function currentItemHref(hrefs: readonly string[], pathname: string): string | null {
  let best: string | null = null
  for (const href of hrefs) {
    const within = pathname === href || pathname.startsWith(href === '/' ? '/' : `${href}/`)
    if (within && (!best || href.length > best.length)) best = href
  }
  return best
}
