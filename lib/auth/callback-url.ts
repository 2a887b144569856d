/**
 * A return path after sign-in, only when it stays in Passerelle: a path of this site, never another origin
 * ("https://…", "//host", "/\\host"), so that the login page cannot be used as an open redirect.
 * Returns null for anything else.
 */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  let url: URL
  try {
    url = new URL(value, 'http://passerelle.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://passerelle.invalid' || url.pathname.startsWith('/api/')) return null
  return `${url.pathname}${url.search}${url.hash}`
}
