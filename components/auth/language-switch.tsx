import { getLocale, getTranslations } from 'next-intl/server'
import { clsx } from 'clsx'
import { setLocaleAction } from '@/lib/auth/actions'
import { LOCALES } from '@/i18n/locales'

/** The visible language switch of the login pages (spec §1: French by default, English from the browser or here). */
export async function LanguageSwitch() {
  const [t, current] = await Promise.all([getTranslations('auth'), getLocale()])
  const names = { fr: t('languageFrench'), en: t('languageEnglish') } as const
  return (
    <form action={setLocaleAction} className="flex items-center gap-1 text-sm" aria-label={t('language')}>
      <span className="mr-1 text-slate-600">{t('language')}</span>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          aria-pressed={locale === current}
          className={clsx(
            'rounded-md px-2 py-1',
            locale === current ? 'bg-brand-50 font-semibold text-brand-800' : 'text-brand-700 hover:bg-slate-100',
          )}
        >
          {names[locale]}
        </button>
      ))}
    </form>
  )
}
