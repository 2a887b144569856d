'use client'

import Link from '@/components/ui/link'
import { useActionState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { loginPathFor } from '@/lib/auth/callback-url'
import { secondFactorAction, type SecondFactorState } from '@/lib/auth/two-factor-actions'
import { useLate } from '@/components/ui/use-late'
import { FormAlert } from './form-alert'
import { useRefusalFocus } from '@/components/ui/use-action-form'

type Props = { method: 'email' | 'totp' | 'backup'; hasTotp: boolean; justSent: boolean; callbackURL?: string }

/**
 * /double-auth during a sign-in: the emailed code (which can be sent again), the authenticator app's code, or
 * one of the app's backup codes (each serves once).
 */
export function SecondFactorForm({ method, hasTotp, justSent, callbackURL }: Props) {
  const t = useTranslations('auth')
  const [state, action, pending] = useActionState<SecondFactorState, FormData>(
    secondFactorAction,
    justSent ? { sent: true } : {},
  )
  const formRef = useRefusalFocus(state)
  const late = useLate(pending)
  const query = (m: string) =>
    `/double-auth?method=${m}${callbackURL ? `&callbackURL=${encodeURIComponent(callbackURL)}` : ''}`
  if (state.expired) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="error">{state.error}</FormAlert>
        {/* A new sign-in still leads where the first one was going (a partner's emailed link, say). */}
        <Link href={loginPathFor(callbackURL)}>{t('backToLogin')}</Link>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      {late && <FormAlert tone="error">{t('serverNoAnswer')}</FormAlert>}
      {!late && state.error && <FormAlert tone="error">{state.error}</FormAlert>}
      {!state.error &&
        method === 'email' &&
        (state.sent ? (
          <FormAlert tone="info">{t('emailCodeSent')}</FormAlert>
        ) : (
          <p className="text-sm text-slate-700">{t('emailCodeIntro')}</p>
        ))}
      {method === 'backup' && <p className="text-sm text-slate-700">{t('backupCodeIntro')}</p>}
      <form ref={formRef} action={action} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="method" value={method} />
        {callbackURL && <input type="hidden" name="callbackURL" value={callbackURL} />}
        {method === 'backup' ? (
          <Field
            label={t('backupCodeLabel')}
            name="code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            required
          />
        ) : (
          <Field
            label={method === 'totp' ? t('totpLabel') : t('codeLabel')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
        )}
        <Button type="submit" name="intent" value="verify" disabled={pending && !late}>
          {t('verify')}
        </Button>
        {method === 'email' && (
          <Button type="submit" name="intent" value="send" variant="secondary" disabled={pending && !late}>
            {justSent || state.sent ? t('resendCode') : t('sendEmailCode')}
          </Button>
        )}
      </form>
      {method !== 'totp' && hasTotp && <Link href={query('totp')}>{t('useTotp')}</Link>}
      {method !== 'email' && <Link href={query('email')}>{t('useEmailCode')}</Link>}
      {method !== 'backup' && hasTotp && <Link href={query('backup')}>{t('useBackupCode')}</Link>}
    </div>
  )
}
