'use client'

import { useTranslations } from 'next-intl'
import { ErrorScreen } from '@/components/layout/error-screen'

/** The login pages can be in English: their error screen takes the texts of their locale. */
export default function Error({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('common')
  return (
    <ErrorScreen reset={reset} labels={{ errorTitle: t('errorTitle'), errorText: t('errorText'), retry: t('retry') }} />
  )
}
