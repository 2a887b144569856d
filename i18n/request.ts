import { headers } from 'next/headers'
import { getRequestConfig } from 'next-intl/server'
import { TIME_ZONE } from '@/lib/dates'
import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER } from './locales'

export default getRequestConfig(async () => {
  const requested = (await headers()).get(LOCALE_HEADER)
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  return {
    locale,
    timeZone: TIME_ZONE,
    messages: (await import(`../messages/${locale}.json`)).default,
  }
})
