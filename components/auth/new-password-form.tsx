'use client'

import Link from '@/components/ui/link'
import { useActionState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { resetPasswordAction, type NewPasswordState } from '@/lib/auth/password-actions'
import { FormAlert } from './form-alert'
import { useRefusalFocus } from '@/components/ui/use-action-form'

/** /new-password, opened from the emailed link: the token travels in a hidden field, never in a log. */
export function NewPasswordForm({ token }: { token: string }) {
  const t = useTranslations('auth')
  const [state, action, pending] = useActionState<NewPasswordState, FormData>(resetPasswordAction, {})
  const formRef = useRefusalFocus(state)
  if (state.tokenInvalid) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="error">{state.error}</FormAlert>
        <Link href="/v2/login?mode=reset">{t('requestNewLink')}</Link>
      </div>
    )
  }
  return (
    <form ref={formRef} action={action} className="flex flex-col gap-4" noValidate>
      {state.error && <FormAlert tone="error">{state.error}</FormAlert>}
      <input type="hidden" name="token" value={token} />
      <Field
        label={t('newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('passwordRule')}
        error={state.fieldErrors?.password}
        required
      />
      <Field
        label={t('confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={state.fieldErrors?.confirmPassword}
        required
      />
      <Button type="submit" disabled={pending}>
        {t('saveNewPassword')}
      </Button>
    </form>
  )
}
