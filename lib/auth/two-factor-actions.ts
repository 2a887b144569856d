'use server'

import { APIError } from 'better-auth/api'
import { revalidatePath } from 'next/cache'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import QRCode from 'qrcode'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { defineAction, FORM } from '@/lib/frame/action'
import { logError } from '@/lib/log'
import { getAuth, LOGIN_PATH } from './auth'
import { safeCallbackPath } from './callback-url'
import { clientIp } from './client-ip'
import { homeFor } from './home'
import { pendingSecondFactorUserId } from './second-factor-challenge'
import { usedTotpBucket, verifySecondFactor } from './second-factor'
import { accountBucket, forgiveAttempt, ipBucket, reserveAccountAttempt, reserveAttempt, slowDown } from './throttle'
import { hasPassword } from './two-factor-queries'

export type SecondFactorState = { error?: string; expired?: boolean; sent?: boolean }

/** A backup code as better-auth makes them: 10 letters or digits shown as "AbCdE-12345" (the dash may be left out). */
function normalizedBackupCode(value: FormDataEntryValue | null): string | null {
  const m = /^([A-Za-z0-9]{5})-?([A-Za-z0-9]{5})$/.exec(String(value ?? '').replace(/\s/g, ''))
  return m ? `${m[1]}-${m[2]}` : null
}

/** Six digits, spaces allowed ("123 456"). */
function normalizedCode(value: FormDataEntryValue | null): string | null {
  const code = String(value ?? '').replace(/\s/g, '')
  return /^\d{6}$/.test(code) ? code : null
}

/** /double-auth after the password: "Vérifier" checks the code, "Renvoyer un code" sends another by email. */
export const secondFactorAction = defineAction({
  name: 'auth.second-factor',
  session: 'none',
  failed: genericError,
  input: z.tuple([z.unknown(), FORM]),
  run: async ({ input: [, formData] }): Promise<SecondFactorState> =>
    formData.get('intent') === 'send' ? sendSecondFactorCode() : verifyCode(formData),
})

async function genericError() {
  return (await getTranslations('auth'))('genericError')
}

/**
 * Checks the emailed code or the authenticator app's code, throttled before better-auth checks it
 * (lib/auth/second-factor.ts); an app code is refused a second time (replay).
 */
async function verifyCode(formData: FormData): Promise<SecondFactorState> {
  const t = await getTranslations('auth')
  const method = formData.get('method') === 'totp' ? 'totp' : formData.get('method') === 'backup' ? 'backup' : 'email'
  const code = method === 'backup' ? normalizedBackupCode(formData.get('code')) : normalizedCode(formData.get('code'))
  if (!code) return { error: t(method === 'backup' ? 'backupCodeFormat' : 'codeFormat') }
  const requestHeaders = await headers()
  let result: Awaited<ReturnType<typeof verifySecondFactor>>
  try {
    result = await verifySecondFactor(getAuth(), getDb(), {
      method,
      code,
      ip: clientIp(requestHeaders),
      requestHeaders,
    })
  } catch (error) {
    logError('auth.second-factor', error)
    return { error: t('genericError') }
  }
  if (!result.ok) return { error: t(result.reason), expired: result.reason === 'challengeExpired' }
  redirect(safeCallbackPath(String(formData.get('callbackURL') ?? '')) ?? homeFor({ role: result.role }))
}

/** Sends (again) a code by email to the user whose sign-in waits for it. */
async function sendSecondFactorCode(): Promise<SecondFactorState> {
  const t = await getTranslations('auth')
  const auth = getAuth()
  const db = getDb()
  const requestHeaders = await headers()
  const userId = await pendingSecondFactorUserId(auth, requestHeaders)
  if (!userId) return { error: t('challengeExpired'), expired: true }
  const attempt = await reserveAccountAttempt(db, 'code-send', userId, clientIp(requestHeaders))
  if (!attempt.allowed) return { error: t('tooManyAttempts') }
  await slowDown('code-send', attempt.accountFailures)
  try {
    await auth.api.sendTwoFactorOTP({ headers: requestHeaders })
  } catch (error) {
    if (error instanceof APIError) return { error: t('challengeExpired'), expired: true }
    logError('auth.second-factor-send', error)
    return { error: t('genericError') }
  }
  return { sent: true }
}

export type TotpSetupState = {
  error?: string
  fieldError?: string
  secret?: string
  qrSvg?: string
  /** Shown once, after the app is confirmed: each opens one sign-in without the app. */
  backupCodes?: string[]
  done?: boolean
  activated?: boolean
}

/** Signed in: creates an authenticator-app secret (confirmed by the password when the user has one). */
/** Account security: a signed-in user, before onboarding too; the texts in the person's language. */
const accountForm = {
  session: 'signed-in',
  permission: null,
  tenant: 'any',
  signedOut: LOGIN_PATH,
  failed: genericError,
  input: z.tuple([z.unknown(), FORM]),
} as const

export const startTotpSetupAction = defineAction({
  ...accountForm,
  name: 'auth.totp-setup',
  run: async ({ user, input: [, formData] }): Promise<TotpSetupState> => {
    const t = await getTranslations('auth')
    const db = getDb()
    const requestHeaders = await headers()
    const password = String(formData.get('password') ?? '')
    const needsPassword = await hasPassword(db, user.id)
    if (needsPassword && !password) return { fieldError: t('currentPasswordRequired') }
    const reservation = await reserveAttempt(db, [
      accountBucket('change-password', user.id),
      ipBucket('change-password', clientIp(requestHeaders)),
    ])
    if (!reservation.allowed) return { error: t('tooManyAttempts') }
    try {
      const result = await getAuth().api.enableTwoFactor({
        body: { method: 'totp', ...(needsPassword ? { password } : {}) },
        headers: requestHeaders,
      })
      await forgiveAttempt(db, reservation)
      const { totpURI: uri, backupCodes } = result as { totpURI?: string; backupCodes?: string[] }
      if (!uri) return { error: t('genericError') }
      return {
        secret: new URL(uri).searchParams.get('secret') ?? '',
        qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, width: 192 }),
        backupCodes: backupCodes ?? [],
      }
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD')
        return { fieldError: t('currentPasswordWrong') }
      if (error instanceof APIError && error.body?.code === 'TOTP_ALREADY_ENABLED') return { done: true }
      throw error
    }
  },
})

/** Signed in: the first code of the app confirms it; from then on it is offered at sign-in. */
export const confirmTotpSetupAction = defineAction({
  ...accountForm,
  name: 'auth.totp-confirm',
  input: z.tuple([z.custom<TotpSetupState>((v) => !!v && typeof v === 'object' && !Array.isArray(v)).catch({}), FORM]),
  run: async ({ user, input: [prev, formData] }): Promise<TotpSetupState> => {
    const t = await getTranslations('auth')
    const code = normalizedCode(formData.get('code'))
    if (!code) return { ...prev, error: undefined, fieldError: t('codeFormat') }
    const db = getDb()
    // better-auth replaces the session (and its cookie) when a first app turns two-factor on; Next would then render
    // this page again with the old cookie and lose the backup codes on screen. With the flag already on, the
    // session stays; it is put back if the code is wrong.
    const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id))
    const turnedOn = !row?.enabled
    if (turnedOn)
      await db
        .update(users)
        .set({ twoFactorEnabled: true })
        .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)))
    try {
      await getAuth().api.verifyTOTP({ body: { code }, headers: await headers() })
    } catch (error) {
      if (turnedOn) await db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, user.id))
      if (error instanceof APIError) return { ...prev, error: undefined, fieldError: t('codeInvalid') }
      logError('auth.totp-confirm', error)
      return { ...prev, error: t('genericError') }
    }
    // The app's first code is spent: it must not open a sign-in in the next minute.
    await reserveAttempt(db, [usedTotpBucket(user.id, code)])
    // No redirect: the backup codes the client got with the secret are shown now, once; the page's status is read again.
    revalidatePath('/double-auth')
    return { activated: true }
  },
})
