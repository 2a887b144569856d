import { appUrl } from '@/lib/auth/app-url'

/**
 * The rule of every route handler that changes data (issue 29 §3): its body is of the expected type and it comes from
 * a page of the app's own origin (BETTER_AUTH_URL). SameSite cookies do not stop another origin of the same site
 * (another port of localhost, a sibling subdomain) from posting with the user's cookie; a request from elsewhere, or
 * one without an Origin (no browser omits it on a POST), is refused and changes nothing.
 * Returns the refusal (415 or 403, in French), or null when the request may go on.
 */
export function foreignWrite(
  request: Request,
  expected: 'json' | 'multipart',
): { status: 403 | 415; error: string } | null {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  const wanted = expected === 'json' ? 'application/json' : 'multipart/form-data'
  if (type !== wanted)
    return { status: 415, error: 'Requête invalide\u00a0: le contenu envoyé n’est pas du type attendu.' }
  if (request.headers.get('origin') !== new URL(appUrl()).origin)
    return { status: 403, error: 'Cette action s’effectue depuis les pages de Passerelle.' }
  return null
}

/** foreignWrite's refusal as a JSON response, or null. */
export function refuseForeignWrite(request: Request, expected: 'json' | 'multipart'): Response | null {
  const refusal = foreignWrite(request, expected)
  return (
    refusal &&
    Response.json({ error: refusal.error }, { status: refusal.status, headers: { 'cache-control': 'no-store' } })
  )
}

/**
 * The plain-HTML forms' version (referral form, diagnosis link), as a sentence for the page: null when the post came
 * from the app's own origin. A page opened under another name of the same server (127.0.0.1 for localhost, an
 * internal name behind the proxy) posts from that origin, and reloading it never helps: the person is given the
 * form's address under the app's own name instead.
 */
export function foreignOriginMessage(request: Request, path: string): string | null {
  const own = new URL(appUrl())
  const origin = request.headers.get('origin')
  if (origin === own.origin) return null
  return `Ce formulaire doit être ouvert à l’adresse ${own.origin}${path}\u00a0: ouvrez-le à cette adresse, puis envoyez-le de nouveau.`
}
