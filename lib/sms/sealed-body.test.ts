import { describe, expect, it } from 'vitest'
import { maskPersonalLinks, smsTextToSend, storedSmsBody } from './sealed-body'

describe('personal links in a stored SMS', () => {
  process.env.BETTER_AUTH_SECRET ??= 'unit-secret-for-sealed-bodies-0123456789'

  it('masks an invitation code and a diagnosis token, and keeps the text to send sealed', () => {
    const text =
      'Choisissez votre date : https://passerelle.test/i/ABCD2345 ou https://passerelle.test/diagnosis/' +
      'a'.repeat(43)
    const stored = storedSmsBody(text)
    expect(stored.body).toBe(
      'Choisissez votre date : https://passerelle.test/i/… ou https://passerelle.test/diagnosis/…',
    )
    expect(smsTextToSend(stored)).toBe(text)
  })

  it('leaves other paths alone', () => {
    expect(maskPersonalLinks('Voir /i/ABC et /i/ABCD23456 et /info/ABCD2345')).toBe(
      'Voir /i/ABC et /i/ABCD23456 et /info/ABCD2345',
    )
    expect(storedSmsBody('Bonjour').sealedBody).toBeNull()
  })
})
