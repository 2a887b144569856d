import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('newPasswordTitle') }
}

export default async function NewPasswordPage() {
  const t = await getTranslations('auth')
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t('newPasswordTitle')}</h1>
      <p className="text-sm text-slate-700">{t('notAvailableYet')}</p>
    </>
  )
}
