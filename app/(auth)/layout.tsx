import { Toaster } from '@/components/ui/toaster'
import { NextIntlClientProvider } from 'next-intl'
import { getMessages, getTranslations } from 'next-intl/server'
import { LegalLinks } from '@/components/layout/legal-links'
import { LanguageSwitch } from '@/components/auth/language-switch'

export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  const [t, messages] = await Promise.all([getTranslations('common'), getMessages()])
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <p className="text-2xl font-semibold text-brand-800">{t('appName')}</p>
      <main id="contenu" className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <NextIntlClientProvider messages={{ common: messages.common, auth: messages.auth }}>
          {children}
        </NextIntlClientProvider>
      </main>
      <Toaster />
      <LanguageSwitch />
      <footer className="flex gap-4 text-sm">
        <LegalLinks />
      </footer>
    </div>
  )
}
