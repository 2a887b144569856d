import { describe, expect, it } from 'vitest'
import { smsLength } from '@/lib/sms/segments'
import { keywordOf } from '@/lib/sms/inbound'
import { REPLY_TEXTS, replyIntent } from './replies'

describe('replyIntent', () => {
  it.each([
    ['OUI', 'yes'],
    ['oui', 'yes'],
    ['Oui !', 'yes'],
    ['Ok', 'yes'],
    ['Confirmé', 'yes'],
    ['confirmer', 'yes'],
    ['Je confirme.', 'yes'],
    ["D'accord", 'yes'],
    ['Oui merci', 'yes'],
    ['NON', 'no'],
    ['Non merci', 'no'],
    ['Annuler', 'no'],
    ['annulé', 'no'],
    ['J’annule', 'no'],
  ])('“%s” reads %s', (body, intent) => {
    expect(replyIntent(keywordOf(body))).toBe(intent)
  })

  it.each(['O', 'N', 'STOP', 'Merci', 'Oui mais je serai en retard', 'Non je ne peux pas le 3', 'Bien reçu', ''])(
    '“%s” is an ordinary reply',
    (body) => {
      expect(replyIntent(keywordOf(body))).toBeNull()
    },
  )
})

describe('the answers', () => {
  const link = 'https://passerelle.example.fr/i/ABCD2345'
  const session = { startsAt: new Date('2026-12-03T13:00:00Z') }
  it.each([
    ['offerGone', REPLY_TEXTS.offerGone(link)],
    ['offerRefused', REPLY_TEXTS.offerRefused(link)],
    ['confirmed', REPLY_TEXTS.confirmed(session)],
    ['cancelled with a phone', REPLY_TEXTS.cancelled(session, '0235000000')],
    ['cancelled', REPLY_TEXTS.cancelled(session, null)],
    ['declined', REPLY_TEXTS.declined('Atelier CV')],
    ['linkSent', REPLY_TEXTS.linkSent('Information collective RSA', link)],
  ])('%s fits one GSM-7 SMS', (_, text) => {
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
  })

  it('says the session’s day and hour in Paris time', () => {
    expect(REPLY_TEXTS.confirmed(session)).toBe(
      'Merci, c’est noté\u00a0: votre venue à l’atelier du 03/12/2026 à 14h00 est confirmée.',
    )
  })

  it('a theme cannot slip a template variable in', () => {
    expect(REPLY_TEXTS.declined('Atelier {prenom}')).not.toContain('{')
  })
})
