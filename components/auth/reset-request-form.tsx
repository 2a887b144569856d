'use client'

import Link from '@/components/ui/link'
import { useActionState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { requestPasswordResetAction, type ResetRequestState } from '@/lib/auth/password-actions'
import { FormAlert } from './form-alert'
import { useRefusalFocus } from '@/components/ui/use-action-form'

/** "Mot de passe oublié ?" on the login page: the same answer whether the address has an account or not. */
export function ResetRequestForm() {
  const t = useTranslations('auth')
  const [state, action, pending] = useActionState<ResetRequestState, FormData>(requestPasswordResetAction, {})
  const formRef = useRefusalFocus(state)
  return (
    <form ref={formRef} action={action} className="flex flex-col gap-4" noValidate>
      {state.done && <FormAlert tone="success">{t('resetRequested')}</FormAlert>}
      {state.error && <FormAlert tone="error">{state.error}</FormAlert>}
      <Field
        label={t('email')}
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={state.email}
        error={state.fieldError}
        required
      />
      <Button type="submit" disabled={pending}>
        {t('sendResetLink')}
      </Button>
      <Link href="/v2/login" className="self-start text-sm">
        {t('backToLogin')}
      </Link>
    </form>
  )
}
