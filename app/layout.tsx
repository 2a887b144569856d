import type { Metadata } from 'next'
import { getLocale } from 'next-intl/server'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Passerelle', template: '%s · Passerelle' },
  description: 'L’outil des professionnels de l’insertion sociale et professionnelle.',
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale()
  return (
    <html lang={locale}>
      <body>
        {/*
          No NextIntlClientProvider here: client components get their texts from the server as props, so that no page
          but the login pages (their layout provides one) downloads next-intl's message runtime (12 kB gzip). The <Toaster />
          is in the layouts whose screens notify ((main), (auth)): the public pages (referral form) do without its 6 kB.
        */}
        {children}
      </body>
    </html>
  )
}
