export const LOCALES = ['fr', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'fr'
export const LOCALE_COOKIE = 'NEXT_LOCALE'
/** Header set by proxy.ts with the locale of the request (French everywhere but the login pages). */
export const LOCALE_HEADER = 'x-passerelle-locale'

/** Spec §1: English is available on the login pages only. */
export const AUTH_PATHS = ['/v2/login', '/change-password', '/new-password', '/double-auth']

export function isLocale(value: string | undefined | null): value is Locale {
  return !!value && (LOCALES as readonly string[]).includes(value)
}

/** The first supported language of an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { lang: (tag ?? '').toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q)
  return ranked.map((x) => x.lang).find(isLocale) ?? null
}
