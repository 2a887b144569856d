import { createTranslator } from 'next-intl'
import { describe, expect, it } from 'vitest'
import messages from '@/messages/fr.json'
import { fillMessage } from './fill-message'

// next-intl itself is the reference: the offer page's counts must read exactly as they would through useTranslations.
const t = createTranslator({ locale: 'fr', messages, namespace: 'applies' })

describe('fillMessage', () => {
  it.each([0, 1, 7, 1234, 1_000_000])('fills the offer page counts as next-intl does (%i)', (count) => {
    for (const key of ['integratedCount', 'refusedCount'] as const) {
      expect(fillMessage(t.raw(key) as string, { count })).toBe(t(key, { count }))
    }
  })

  it('leaves an argument it is not given as it is, and fills strings verbatim', () => {
    expect(fillMessage('{count} sur {total}', { count: 'trois' })).toBe('trois sur {total}')
  })
})
