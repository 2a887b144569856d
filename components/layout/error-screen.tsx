'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'

/** The generic error screen of every route (spec §2, §8). Never shows the error's text: it may hold internals. */
export function ErrorScreen({ reset, title, text }: { reset?: () => void; title?: string; text?: string }) {
  const t = useTranslations('common')
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h1 className="mb-2 text-xl font-semibold">{title ?? t('errorTitle')}</h1>
      <p className="mb-6 text-slate-700">{text ?? t('errorText')}</p>
      {reset && <Button onClick={reset}>{t('retry')}</Button>}
    </section>
  )
}
