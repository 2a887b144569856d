import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { FormAlert } from '@/components/auth/form-alert'
import { LoginForm } from '@/components/auth/login-form'
import { ProviderButtons } from '@/components/auth/provider-buttons'
import { ResetRequestForm } from '@/components/auth/reset-request-form'
import { safeCallbackPath } from '@/lib/auth/callback-url'
import { homeFor } from '@/lib/auth/home'
import { configuredProviders } from '@/lib/auth/identity-providers'
import { oauthErrorKey } from '@/lib/auth/oauth-errors'
import { getCurrentUser } from '@/lib/auth/session'

type SearchParams = Promise<Record<string, string | string[] | undefined>>
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const t = await getTranslations('auth')
  return { title: first((await searchParams).mode) === 'reset' ? t('resetTitle') : t('loginTitle') }
}

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const requestedCallback = first(params.callbackURL)
  const callbackPath = safeCallbackPath(requestedCallback)
  const user = await getCurrentUser()
  if (user) redirect(callbackPath ?? homeFor(user))
  const t = await getTranslations('auth')

  if (first(params.mode) === 'reset') {
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold">{t('resetTitle')}</h1>
        <p className="mb-6 text-sm text-slate-600">{t('resetIntro')}</p>
        <ResetRequestForm />
      </>
    )
  }

  const error = first(params.error)
  const providers = configuredProviders().map((p) => p.id)
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t('loginTitle')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('loginIntro')}</p>
      <div className="mb-4 flex flex-col gap-2 empty:hidden">
        {first(params.reset) === 'done' && <FormAlert tone="success">{t('passwordResetDone')}</FormAlert>}
        {error && <FormAlert tone="error">{t(oauthErrorKey(error))}</FormAlert>}
        {requestedCallback && !callbackPath && <FormAlert tone="info">{t('externalCallbackIgnored')}</FormAlert>}
      </div>
      <LoginForm callbackURL={callbackPath ?? undefined} />
      {providers.length > 0 && <ProviderButtons providers={providers} callbackURL={callbackPath ?? undefined} />}
    </>
  )
}
