import type { Metadata } from 'next'
import { NextIntlClientProvider } from 'next-intl'
import { getLocale, getMessages } from 'next-intl/server'
import { Toaster } from '@/components/ui/toaster'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Passerelle', template: '%s · Passerelle' },
  description: 'L’outil des professionnels de l’insertion sociale et professionnelle.',
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()])
  return (
    <html lang={locale}>
      <body>
        {/* Only what client components translate goes to the browser; the login pages add 'auth' (their layout). */}
        <NextIntlClientProvider messages={{ common: messages.common, applies: messages.applies }}>
          {children}
          <Toaster />
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
