import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { LoginForm } from '@/components/auth/login-form'
import { homeFor } from '@/lib/auth/home'
import { getCurrentUser } from '@/lib/auth/session'

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('loginTitle') }
}

export default async function LoginPage() {
  const user = await getCurrentUser()
  if (user) redirect(homeFor(user))
  const t = await getTranslations('auth')
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t('loginTitle')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('loginIntro')}</p>
      <LoginForm />
    </>
  )
}
