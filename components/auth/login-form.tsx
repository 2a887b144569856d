'use client'

import Link from '@/components/ui/link'
import { useActionState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { signInAction, type SignInState } from '@/lib/auth/actions'
import { useLate } from '@/components/ui/use-late'
import { FormAlert } from './form-alert'
import { useRefusalFocus } from '@/components/ui/use-action-form'

export function LoginForm({ callbackURL }: { callbackURL?: string }) {
  const t = useTranslations('auth')
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {})
  const formRef = useRefusalFocus(state)
  const late = useLate(pending)
  return (
    <form ref={formRef} action={action} className="flex flex-col gap-4" noValidate>
      {late ? (
        <FormAlert tone="error">{t('serverNoAnswer')}</FormAlert>
      ) : (
        state.error && <FormAlert tone="error">{state.error}</FormAlert>
      )}
      {callbackURL && <input type="hidden" name="callbackURL" value={callbackURL} />}
      <Field
        label={t('email')}
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={state.email}
        error={state.fieldErrors?.email}
        required
      />
      <Field
        label={t('password')}
        name="password"
        type="password"
        autoComplete="current-password"
        error={state.fieldErrors?.password}
        required
      />
      <Button type="submit" disabled={pending && !late}>
        {t('signIn')}
      </Button>
      <Link href="/v2/login?mode=reset" className="self-start text-sm">
        {t('forgotPassword')}
      </Link>
    </form>
  )
}
