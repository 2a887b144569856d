'use server'

import { APIError, isAPIError } from 'better-auth/api'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, FORM } from '@/lib/frame/action'
import { getAuth, LOGIN_PATH } from './auth'
import { clientIp } from './client-ip'
import { requestPasswordResetEvenly } from './password-reset'
import {
  changePasswordFormSchema,
  fieldErrorKeys,
  newPasswordFormSchema,
  PASSWORD_MESSAGE_KEYS,
  type PasswordField,
  type PasswordMessageKey,
} from './password-forms'
import { accountBucket, forgiveAttempt, ipBucket, reserveAttempt } from './throttle'
import { text } from '@/lib/text/safe-text'

export type ResetRequestState = { done?: boolean; error?: string; fieldError?: string; email?: string }

/** Before sign-in, so in the person's language: the texts are messages/*.json's. */
const publicForm = { session: 'none', input: z.tuple([z.unknown(), FORM]), failed: genericError } as const

async function genericError() {
  return (await getTranslations('auth'))('genericError')
}

export const requestPasswordResetAction = defineAction({
  ...publicForm,
  name: 'auth.reset-request',
  run: async ({ input: [, formData] }): Promise<ResetRequestState> => {
    const t = await getTranslations('auth')
    const parsed = text().trim().toLowerCase().email().safeParse(formData.get('email'))
    if (!parsed.success) return { fieldError: t('invalidEmail'), email: String(formData.get('email') ?? '') }
    const requestHeaders = await headers()
    const outcome = await requestPasswordResetEvenly(getAuth(), getDb(), {
      email: parsed.data,
      ip: clientIp(requestHeaders),
      requestHeaders,
    })
    if (outcome === 'throttled') return { error: t('tooManyAttempts'), email: parsed.data }
    if (outcome === 'failed') return { error: t('genericError'), email: parsed.data }
    return { done: true }
  },
})

type FieldErrors = Partial<Record<PasswordField, string>>
export type NewPasswordState = { error?: string; tokenInvalid?: boolean; fieldErrors?: FieldErrors }

async function translatedFieldErrors(error: z.ZodError): Promise<FieldErrors> {
  const t = await getTranslations('auth')
  return Object.fromEntries(Object.entries(fieldErrorKeys(error)).map(([field, key]) => [field, t(key)]))
}

/** The rule's message of better-auth's own check (auth.ts hook), translated. */
async function ruleMessageOf(error: APIError): Promise<string> {
  const t = await getTranslations('auth')
  const key =
    (PASSWORD_MESSAGE_KEYS as Record<string, PasswordMessageKey>)[String(error.body?.message)] ?? 'passwordRule'
  return t(key)
}

/** /new-password: the emailed token, the new password and its confirmation. */
export const resetPasswordAction = defineAction({
  ...publicForm,
  name: 'auth.reset-password',
  run: async ({ input: [, formData] }): Promise<NewPasswordState> => {
    const t = await getTranslations('auth')
    const parsed = newPasswordFormSchema.safeParse({
      token: formData.get('token') ?? '',
      password: formData.get('password') ?? '',
      confirmPassword: formData.get('confirmPassword') ?? '',
    })
    if (!parsed.success) {
      if (parsed.error.issues.some((i) => i.path[0] === 'token'))
        return { error: t('resetTokenInvalid'), tokenInvalid: true }
      return { fieldErrors: await translatedFieldErrors(parsed.error) }
    }
    const db = getDb()
    const reservation = await reserveAttempt(db, [ipBucket('reset-token', clientIp(await headers()))])
    if (!reservation.allowed) return { error: t('tooManyAttempts') }
    try {
      await getAuth().api.resetPassword({ body: { token: parsed.data.token, newPassword: parsed.data.password } })
      await forgiveAttempt(db, reservation)
    } catch (error) {
      if (isAPIError(error)) {
        if (error.body?.code === 'PASSWORD_RULE') {
          await forgiveAttempt(db, reservation)
          return { fieldErrors: { password: await ruleMessageOf(error) } }
        }
        // Expired, used, forged or truncated: the same answer, and nothing changed.
        return { error: t('resetTokenInvalid'), tokenInvalid: true }
      }
      throw error
    }
    redirect(`${LOGIN_PATH}?reset=done`)
  },
})

export type ChangePasswordState = { error?: string; fieldErrors?: FieldErrors }

/** /change-password: signed in, current password, new password and its confirmation; every other session ends. */
export const changePasswordAction = defineAction({
  ...publicForm,
  name: 'auth.change-password',
  session: 'signed-in',
  permission: null,
  tenant: 'any',
  signedOut: LOGIN_PATH,
  run: async ({ user, input: [, formData] }): Promise<ChangePasswordState> => {
    const t = await getTranslations('auth')
    const parsed = changePasswordFormSchema.safeParse({
      currentPassword: formData.get('currentPassword') ?? '',
      password: formData.get('password') ?? '',
      confirmPassword: formData.get('confirmPassword') ?? '',
    })
    if (!parsed.success) return { fieldErrors: await translatedFieldErrors(parsed.error) }
    const requestHeaders = await headers()
    const db = getDb()
    const reservation = await reserveAttempt(db, [
      accountBucket('change-password', user.id),
      ipBucket('change-password', clientIp(requestHeaders)),
    ])
    if (!reservation.allowed) return { error: t('tooManyAttempts') }
    try {
      await getAuth().api.changePassword({
        body: {
          currentPassword: parsed.data.currentPassword,
          newPassword: parsed.data.password,
          revokeOtherSessions: true,
        },
        headers: requestHeaders,
      })
      await forgiveAttempt(db, reservation)
    } catch (error) {
      if (isAPIError(error)) {
        if (error.body?.code === 'PASSWORD_RULE') {
          await forgiveAttempt(db, reservation)
          return { fieldErrors: { password: await ruleMessageOf(error) } }
        }
        if (error.body?.code === 'INVALID_PASSWORD')
          return { fieldErrors: { currentPassword: t('currentPasswordWrong') } }
        if (error.body?.code === 'UNAUTHORIZED') redirect(LOGIN_PATH)
      }
      throw error
    }
    // A new page load: the session cookie was just replaced, this request still carries the old one.
    redirect('/change-password?changed=1')
  },
})
