import { describe, expect, it } from 'vitest'
import { channelsText, inviteSummary, personSentence } from './invite-feedback'

describe('the invite dialog’s answer', () => {
  it('names the channels as a sentence does', () => {
    expect(channelsText(['sms'])).toBe('SMS')
    expect(channelsText(['sms', 'letter'])).toBe('SMS et courrier')
    expect(channelsText(['sms', 'mail', 'letter'])).toBe('SMS, e-mail et courrier')
  })

  it('counts the invited out of those asked, and never says "0 invité"', () => {
    expect(inviteSummary({ invited: [1], refused: [] })).toBe('1 candidat invité.')
    expect(inviteSummary({ invited: [1, 2], refused: [3] })).toBe('2 candidats invités sur 3 candidats.')
    expect(inviteSummary({ invited: [], refused: [1] })).toBe('Le candidat n’a pas été invité.')
    expect(inviteSummary({ invited: [], refused: [1, 2] })).toBe('Aucun des candidats n’a été invité.')
  })

  it('writes a person and their reasons as one sentence, a non-breaking space before each semicolon', () => {
    expect(personSentence({ name: 'Inès Martin', reason: 'n’a pas d’adresse e-mail ; a refusé les SMS (STOP)' })).toBe(
      'Inès Martin n’a pas d’adresse e-mail\u00a0; a refusé les SMS (STOP).',
    )
  })
})
