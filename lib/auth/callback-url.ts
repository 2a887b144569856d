/** The base a relative path is read against: any origin would do, this one cannot be a real site. */
const PROBE_ORIGIN = 'http://passerelle.invalid'

/**
 * The one check of a return address after sign-in (the login form, the second factor, an identity provider's callback,
 * the language switch and the pages that send a signed-out visitor to the login page): a relative path of this site
 * only, never another origin, so that the login page cannot be used as an open redirect. Refused: absolute URLs,
 * scheme-relative ones ("//host", "/\\host"), any backslash or control character (browsers read "\" as "/" and drop
 * tabs and newlines), a path that normalises to "//host" ("/.//host"), and the API. Returns the normalised path with
 * its query and fragment, or null.
 */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return null
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value, PROBE_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//') || url.pathname.startsWith('/api/')) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The login page that brings a signed-out visitor back to `path` once signed in (the path checked as above). */
export function loginPathFor(path: string | null | undefined): string {
  const back = safeCallbackPath(path)
  return back && back !== '/' ? `/v2/login?callbackURL=${encodeURIComponent(back)}` : '/v2/login'
}
