'use client'

import { useActionState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { changePasswordAction, type ChangePasswordState } from '@/lib/auth/password-actions'
import { FormAlert } from './form-alert'
import { useRefusalFocus } from '@/components/ui/use-action-form'

export function ChangePasswordForm() {
  const t = useTranslations('auth')
  const [state, action, pending] = useActionState<ChangePasswordState, FormData>(changePasswordAction, {})
  const formRef = useRefusalFocus(state)
  return (
    <form ref={formRef} action={action} className="flex flex-col gap-4" noValidate>
      {state.error && <FormAlert tone="error">{state.error}</FormAlert>}
      <Field
        label={t('currentPassword')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={state.fieldErrors?.currentPassword}
        required
      />
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
        {t('changePasswordSubmit')}
      </Button>
    </form>
  )
}
