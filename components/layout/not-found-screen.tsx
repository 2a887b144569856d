import Link from '@/components/ui/link'
import { getTranslations } from 'next-intl/server'
import { buttonClass } from '@/components/ui/button'

export async function NotFoundScreen() {
  const t = await getTranslations('common')
  return (
    <section className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h1 className="mb-2 text-xl font-semibold">{t('notFoundTitle')}</h1>
      <p className="mb-6 text-slate-700">{t('notFoundText')}</p>
      <Link href="/" className={buttonClass('primary')}>
        {t('backHome')}
      </Link>
    </section>
  )
}
