'use server'

import { randomBytes } from 'node:crypto'
import { cookies, headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { isLocale, LOCALE_COOKIE } from '@/i18n/locales'
import { getDb } from '@/lib/db/client'
import { defineAction, FORM } from '@/lib/frame/action'
import { logError } from '@/lib/log'
import { appUrl } from './app-url'
import { getAuth, LOGIN_PATH } from './auth'
import { safeCallbackPath } from './callback-url'
import { clientIp } from './client-ip'
import { homeFor } from './home'
import { cookieHeaderOf, passwordSignIn } from './password-sign-in'
import { text } from '@/lib/text/safe-text'

export type SignInState = { error?: string; fieldErrors?: { email?: string; password?: string }; email?: string }

const signInSchema = z.object({
  // The messages are keys of messages/*.json (auth.*), for a missing field as for a wrong one.
  email: text({ error: 'invalidEmail' }).trim().toLowerCase().email('invalidEmail'),
  password: text({ error: 'passwordRequired' }).min(1, 'passwordRequired'),
})

/** The login form; its texts in the person's language (French or English). */
export const signInAction = defineAction({
  name: 'auth.sign-in',
  session: 'none',
  input: z.tuple([z.unknown(), FORM]),
  run: async ({ input: [, formData] }): Promise<SignInState> => {
    const t = await getTranslations('auth')
    const parsed = signInSchema.safeParse({ email: formData.get('email'), password: formData.get('password') })
    const email = String(formData.get('email') ?? '')
    if (!parsed.success) {
      const fieldErrors: SignInState['fieldErrors'] = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'email' | 'password'
        fieldErrors[field] ??= t(issue.message as 'invalidEmail' | 'passwordRequired')
      }
      return { fieldErrors, email }
    }
    const requestHeaders = await headers()
    const auth = getAuth()
    const callbackPath = safeCallbackPath(String(formData.get('callbackURL') ?? ''))
    let destination: string
    try {
      const result = await passwordSignIn(auth, getDb(), {
        ...parsed.data,
        ip: clientIp(requestHeaders),
        requestHeaders,
      })
      if (result.kind === 'throttled') return { error: t('tooManyAttempts'), email }
      if (result.kind === 'invalid') return { error: t('invalidCredentials'), email }
      if (result.kind === 'second-factor') {
        // No authenticator app: the emailed code is the second factor, sent right away.
        const totp = result.methods.includes('totp')
        if (!totp)
          await auth.api.sendTwoFactorOTP({ headers: new Headers({ cookie: cookieHeaderOf(result.responseHeaders) }) })
        destination = `/double-auth?method=${totp ? 'totp' : 'email&sent=1'}${callbackPath ? `&callbackURL=${encodeURIComponent(callbackPath)}` : ''}`
      } else {
        destination = callbackPath ?? homeFor({ role: result.role })
      }
    } catch (error) {
      logError('auth.sign-in', error)
      return { error: t('genericError'), email }
    }
    redirect(destination)
  },
})

/**
 * Ends this session. A session opened through an identity provider with an end-session endpoint (ProConnect)
 * also ends there: the browser goes to the provider, which sends it back to the login page.
 */
export const signOutAction = defineAction({
  name: 'auth.sign-out',
  session: 'none',
  navigates: true,
  run: async (): Promise<never> => {
    const auth = getAuth()
    const requestHeaders = await headers()
    const current = await auth.api.getSession({ headers: requestHeaders }).catch(() => null)
    const result = await auth.api.signOut({
      headers: requestHeaders,
      body: {
        callbackURL: `${appUrl()}${LOGIN_PATH}`,
        state: randomBytes(24).toString('base64url'),
        disableRedirect: true,
      },
    })
    const provider = current?.session.signInProvider
    if (provider && result.url) redirect(result.url)
    redirect(LOGIN_PATH)
  },
})

/**
 * The language switch of the login pages (spec §1): kept in the cookie that proxy.ts reads, then the same page
 * loads again (a new request, so that proxy.ts sees the cookie). Only a path of this site is returned to.
 */
export const setLocaleAction = defineAction({
  name: 'auth.locale',
  session: 'none',
  navigates: true,
  input: z.tuple([FORM]),
  run: async ({ input: [formData] }): Promise<never> => {
    const locale = String(formData.get('locale') ?? '')
    if (isLocale(locale)) {
      ;(await cookies()).set(LOCALE_COOKIE, locale, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        maxAge: 365 * 24 * 60 * 60,
      })
    }
    let back: string | null = null
    try {
      const referer = new URL((await headers()).get('referer') ?? '')
      back =
        referer.origin === new URL(appUrl()).origin ? safeCallbackPath(`${referer.pathname}${referer.search}`) : null
    } catch {
      back = null
    }
    redirect(back ?? LOGIN_PATH)
  },
})
