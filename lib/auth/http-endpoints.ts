import type { Db } from '@/lib/db/client'
import { readCappedBody } from '@/lib/http/capped-body'
import { readJsonBody } from '@/lib/http/json-body'
import { fromOwnOrigin } from '@/lib/http/same-origin'
import messages from '@/messages/fr.json'
import type { Auth } from './auth'
import { clientIp } from './client-ip'
import { cookieHeaderOf, passwordSignIn } from './password-sign-in'
import { logError } from '@/lib/log'

/** The OAuth callbacks, the only better-auth endpoints reachable over HTTP as such (POST is a provider's form_post). */
const CALLBACK = /^\/api\/auth\/callback\/[a-z-]+$/
const SIGN_IN = '/api/auth/sign-in/email'
/**
 * A provider's form_post holds a code, a state and at most an ID token: a few kilobytes. better-auth reads a body
 * whole, so it only ever gets one read here within this cap.
 */
export const CALLBACK_BODY_LIMIT_BYTES = 64 * 1024

/**
 * Passes the identity providers' callbacks to better-auth, answers the JSON email sign-in (used by scripts such
 * as bench/http.ts) through the same throttled path as the login form, and 404 to every other path: sign-up,
 * reset, codes and sessions only exist as the app's server actions, which throttle them.
 */
export async function handleAuthRequest(auth: Auth, db: Db, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (pathname === SIGN_IN && request.method === 'POST') return jsonSignIn(auth, db, request)
  if (!CALLBACK.test(pathname))
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  const capped = await cappedRequest(request)
  if (!capped) return Response.json({ error: 'Le contenu envoyé est trop volumineux.' }, { status: 413 })
  const response = await auth.handler(capped)
  if (
    response.status === 403 &&
    (
      await response
        .clone()
        .json()
        .catch(() => null)
    )?.code === 'INSUFFICIENT_ACR'
  )
    return insufficientAcrPage()
  return sendCodeAfterProviderSignIn(auth, response)
}

/** The same request, its body read within CALLBACK_BODY_LIMIT_BYTES (null beyond); a request without a body as it is. */
async function cappedRequest(request: Request): Promise<Request | null> {
  if (!request.body) return request
  const body = await readCappedBody(request, CALLBACK_BODY_LIMIT_BYTES)
  if (!body.ok) return null
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  headers.delete('transfer-encoding')
  return new Request(request.url, { method: request.method, headers, body: new Uint8Array(body.bytes) })
}

/**
 * A provider's callback that ended on the second factor (lib/auth/provider-second-factor.ts) for a user without
 * an authenticator app: the emailed code leaves now, as after a password (lib/auth/actions.ts).
 */
async function sendCodeAfterProviderSignIn(auth: Auth, response: Response): Promise<Response> {
  const location = response.headers.get('location')
  if (response.status !== 302 || !location) return response
  const target = new URL(location, String(auth.options.baseURL))
  if (target.pathname !== '/double-auth' || target.searchParams.get('method') !== 'email') return response
  try {
    await auth.api.sendTwoFactorOTP({ headers: new Headers({ cookie: cookieHeaderOf(response.headers) }) })
    target.searchParams.set('sent', '1')
  } catch (error) {
    // The page offers "Recevoir un code par email".
    logError('auth.provider-second-factor-send', error)
  }
  const headers = new Headers(response.headers)
  headers.set('location', target.toString())
  return new Response(null, { status: 302, headers })
}

/** POST {email, password} from the app's own pages (lib/http/same-origin.ts): 200 with the session cookie (or the two-factor cookie), 401, or 429. */
async function jsonSignIn(auth: Auth, db: Db, request: Request): Promise<Response> {
  const json = (status: number, body: unknown, headers?: Headers) => {
    const response = Response.json(body, { status, headers: { 'cache-control': 'no-store' } })
    for (const cookie of headers?.getSetCookie() ?? []) response.headers.append('set-cookie', cookie)
    return response
  }
  if (!fromOwnOrigin(request, String(auth.options.baseURL))) return json(403, { code: 'INVALID_ORIGIN' })
  const read = await readJsonBody(request, 16 * 1024)
  if (!read.ok) return read.response
  const body = read.value as { email?: unknown; password?: unknown } | null
  if (typeof body?.email !== 'string' || typeof body.password !== 'string') return json(400, { code: 'INVALID_BODY' })
  const result = await passwordSignIn(auth, db, {
    email: body.email.trim().toLowerCase(),
    password: body.password,
    ip: clientIp(request.headers),
    requestHeaders: request.headers,
  })
  if (result.kind === 'throttled') return json(429, { code: 'TOO_MANY_ATTEMPTS' })
  if (result.kind === 'invalid') return json(401, { code: 'INVALID_EMAIL_OR_PASSWORD' })
  if (result.kind === 'second-factor')
    return json(200, { twoFactorRedirect: true, twoFactorMethods: result.methods }, result.responseHeaders)
  return json(200, { signedIn: true }, result.responseHeaders)
}

/** ProConnect answered with an authentication level below PROCONNECT_ACR_VALUES: refused, in French, with 403. */
function insufficientAcrPage(): Response {
  const fr = messages.auth
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${fr.acrInsufficientTitle} · Passerelle</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem"><main><h1>${fr.acrInsufficientTitle}</h1><p>${fr.acrInsufficient}</p><p><a href="/v2/login">${fr.backToLogin}</a></p></main></body></html>`
  return new Response(html, {
    status: 403,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  })
}
