import { getTranslations } from 'next-intl/server'

/** Outside the main layout (spec §2): onboarding, referral form, diagnosis. */
export default async function StandaloneLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations('common')
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10">
      <p className="mb-6 text-2xl font-semibold text-brand-800">{t('appName')}</p>
      <main id="contenu" className="w-full max-w-2xl">
        {children}
      </main>
    </div>
  )
}
