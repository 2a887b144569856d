import Link from '@/components/ui/link'
import { getTranslations } from 'next-intl/server'

/** The legal pages, linked from every layout's footer. */
export async function LegalLinks() {
  const t = await getTranslations('common')
  return (
    <>
      <Link href="/legal-notice">{t('legalNotice')}</Link>
      <Link href="/terms-of-use">{t('termsOfUse')}</Link>
      <Link href="/privacy-policy">{t('privacyPolicy')}</Link>
    </>
  )
}
