import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import type fr from '@/messages/fr.json'

export type PageKey = keyof (typeof fr)['pages']

/** `export const generateMetadata = pageMetadata('statistics')`: the document title from messages/fr.json. */
export function pageMetadata(key: PageKey) {
  return async (): Promise<Metadata> => ({ title: (await getTranslations('pages'))(key) })
}

export async function pageTitle(key: PageKey): Promise<string> {
  return (await getTranslations('pages'))(key)
}
