'use client'

import { useActionState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { signInAction, type SignInState } from '@/lib/auth/actions'

export function LoginForm() {
  const t = useTranslations('auth')
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {})
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {state.error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <Field label={t('email')} name="email" type="email" autoComplete="username" defaultValue={state.email} error={state.fieldErrors?.email} required />
      <Field label={t('password')} name="password" type="password" autoComplete="current-password" error={state.fieldErrors?.password} required />
      <Button type="submit" disabled={pending}>
        {t('signIn')}
      </Button>
    </form>
  )
}
