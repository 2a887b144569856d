import { type NextRequest, NextResponse } from 'next/server'
import {
  AUTH_PATHS,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_HEADER,
  localeFromAcceptLanguage,
} from '@/i18n/locales'
import { providerOrigins } from '@/lib/auth/identity-providers'
import { ACTION_BODY_LIMIT_BYTES } from '@/lib/security/body-limits.mjs'
import { contentSecurityPolicy, newNonce } from '@/lib/security/headers'

/**
 * Sets the request's locale (spec §1: French; English on the login pages, from the cookie or the browser),
 * gives every page a Content-Security-Policy with a fresh nonce (lib/security/headers.ts; Next.js puts it on
 * its scripts), redirects unknown paths under /referral-form to its home page (spec §2), and serves a diagnosis link
 * from its plain-HTML route. A server action's body past its limit is refused with 413.
 * Authorization is not done here: every page, action and route handler checks the session itself.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  // A server action's body past its limit (lib/security/body-limits.mjs) is refused here, in French, before Next.js
  // reads it; a body of unknown length too (browsers always give it). A form posted to a page without JavaScript is
  // read as a server action too, so the same goes for form bodies.
  if (
    request.method === 'POST' &&
    (request.headers.has('next-action') || isFormBody(request.headers.get('content-type')))
  ) {
    const length = request.headers.get('content-length')
    if (length === null) return plainText(411, 'La taille du contenu envoyé doit être indiquée.')
    if (Number(length) > ACTION_BODY_LIMIT_BYTES)
      return plainText(413, 'Le contenu envoyé est trop volumineux (1 Mo au plus).')
  }
  if (pathname.startsWith('/referral-form') && !isReferralFormPath(pathname)) {
    return NextResponse.redirect(new URL('/referral-form/homepage', request.url))
  }
  const isAuthPage = AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))
  const cookie = request.cookies.get(LOCALE_COOKIE)?.value
  const locale = isAuthPage
    ? ((isLocale(cookie) ? cookie : localeFromAcceptLanguage(request.headers.get('accept-language'))) ?? DEFAULT_LOCALE)
    : DEFAULT_LOCALE
  const requestHeaders = new Headers(request.headers)
  requestHeaders.set(LOCALE_HEADER, locale)
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    dev: process.env.NODE_ENV === 'development',
    formTargets: providerOrigins(),
    https: request.nextUrl.protocol === 'https:',
  })
  requestHeaders.set('Content-Security-Policy', policy)
  // A diagnosis link (/diagnosis/<token>) is answered in plain HTML by its own route handler; the
  // counsellor's /diagnosis/<candidate id> stays the page.
  const diagnosisToken = /^\/diagnosis\/([A-Za-z0-9_-]{43})$/.exec(pathname)?.[1]
  const response = diagnosisToken
    ? NextResponse.rewrite(new URL(`/diagnosis-link/${diagnosisToken}`, request.url), {
        request: { headers: requestHeaders },
      })
    : NextResponse.next({ request: { headers: requestHeaders } })
  response.headers.set('Content-Security-Policy', policy)
  return response
}

function isFormBody(contentType: string | null): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  return type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded'
}

function plainText(status: number, text: string) {
  return new NextResponse(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

function isReferralFormPath(pathname: string): boolean {
  return (
    pathname === '/referral-form/homepage' ||
    pathname === '/referral-form/confirmation' ||
    /^\/referral-form\/informations\/[^/]+$/.test(pathname)
  )
}

/**
 * Every request but the files Next.js serves itself: its build's assets (/_next/static, /_next/image), the files of
 * public/ (icons.svg, logos/), and the route handlers under /api, which cap their own bodies (lib/http/capped-body.ts).
 * Decided by route, never by a path's extension: a server action posted to /v2/candidate/<id>/identite.js is a page's
 * action like any other, with its body limit and its page's headers.
 */
export const config = {
  matcher: ['/((?!api/|_next/static/|_next/image|icons\\.svg$|logos/).*)'],
}
