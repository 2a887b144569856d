import { appUrl } from '@/lib/auth/app-url'

/**
 * Whether a request comes from a page of the app itself: its Origin is the origin the request was addressed to (its
 * Host; behind TRUSTED_PROXY_HOPS proxies, the X-Forwarded-Host the outermost one wrote), or the app's own address
 * (BETTER_AUTH_URL, which a proxy that rewrites Host still lets through). This is what "same origin" means, and what
 * Next.js checks on every server action: a page opened under another name of the same server (127.0.0.1 for localhost,
 * an internal name behind a proxy) works whole, its actions and its fetches alike. A browser never lets a page of
 * another site, or of another port of the same host, send this server's own origin; a request without an Origin (no
 * browser omits it on a POST) or with "null" is refused.
 */
export function fromOwnOrigin(request: Request, own = appUrl()): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return false
  if (origin === new URL(own).origin) return true
  let host: string
  try {
    const url = new URL(origin)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
    host = url.host
  } catch {
    return false
  }
  return addressedHost(request.headers) === host
}

/** The host (and port) the request was sent to: Host, or the trusted proxies' X-Forwarded-Host. Lower case. */
export function addressedHost(headers: Headers, hopsSetting = process.env.TRUSTED_PROXY_HOPS): string | null {
  const hops = Math.trunc(Number(hopsSetting ?? 0))
  // Without a trusted proxy, X-Forwarded-Host is whatever the client wrote (`next start` only fills it when absent).
  if (Number.isFinite(hops) && hops >= 1) {
    const chain = (headers.get('x-forwarded-host') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (chain.length >= hops) return chain[chain.length - hops]!.toLowerCase()
  }
  return headers.get('host')?.trim().toLowerCase() || null
}

export const FOREIGN_WRITE = 'Cette action s’effectue depuis les pages de Passerelle.'
export const UNEXPECTED_TYPE = 'Requête invalide\u00a0: le contenu envoyé n’est pas du type attendu.'

/** The content type of a request, without its parameters, in lower case. */
export const contentTypeOf = (request: Request) =>
  request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * A write's body is of the expected type (415 first) and comes from the app's own pages (403). Returns the French
 * refusal, or null when the request may go on. Route handlers get this from their frame (lib/frame/route.ts).
 */
export function foreignWrite(
  request: Request,
  expected: 'json' | 'multipart',
): { status: 403 | 415; error: string } | null {
  if (contentTypeOf(request) !== (expected === 'json' ? 'application/json' : 'multipart/form-data'))
    return { status: 415, error: UNEXPECTED_TYPE }
  return fromOwnOrigin(request) ? null : { status: 403, error: FOREIGN_WRITE }
}

/**
 * The plain-HTML forms' version (referral form, diagnosis link), as a sentence for the page: null when the post came
 * from the app's own pages (fromOwnOrigin). Otherwise the form was posted from elsewhere: the person is given the
 * form's address under the app's own name.
 */
export function foreignOriginMessage(request: Request, path: string): string | null {
  if (fromOwnOrigin(request)) return null
  return `Ce formulaire doit être ouvert à l’adresse ${new URL(appUrl()).origin}${path}\u00a0: ouvrez-le à cette adresse, puis envoyez-le de nouveau.`
}
