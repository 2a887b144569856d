import { describe, expect, it } from 'vitest'
import { MAX_SEGMENTS, smsLength } from './segments'

describe('smsLength', () => {
  it('counts GSM-7: 160 characters in one SMS, then 153 per part', () => {
    expect(smsLength('a'.repeat(160))).toMatchObject({
      encoding: 'GSM-7',
      characters: 160,
      segments: 1,
      perSegment: 160,
    })
    expect(smsLength('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', segments: 2, perSegment: 153 })
    expect(smsLength('a'.repeat(306))).toMatchObject({ segments: 2 })
    expect(smsLength('a'.repeat(307))).toMatchObject({ segments: 3 })
  })

  it('keeps French letters of the GSM alphabet in GSM-7 (é è à ù ì ò Ç)', () => {
    expect(smsLength('Déjà réglé à Orléans, où est-il ? Ç')).toMatchObject({ encoding: 'GSM-7', ucs2Characters: [] })
  })

  it('counts the GSM extension characters (€ [ ] { } ~ ^ \\ |) twice', () => {
    expect(smsLength('10 €')).toMatchObject({ encoding: 'GSM-7', characters: 5 })
    expect(smsLength('[a]{b}~^\\|')).toMatchObject({ encoding: 'GSM-7', characters: 18 })
    // 80 euro signs fill one SMS (160), one more makes two.
    expect(smsLength('€'.repeat(80))).toMatchObject({ segments: 1 })
    expect(smsLength('€'.repeat(81))).toMatchObject({ segments: 2 })
  })

  it('counts the text after smart encoding: ’ « » … and special spaces do not force UCS-2', () => {
    expect(smsLength('C’est «\u00a0ça\u00a0»… ok')).toMatchObject({ encoding: 'UCS-2', ucs2Characters: ['ç'] })
    expect(smsLength('C’est «\u00a0la\u00a0»… ok')).toMatchObject({
      encoding: 'GSM-7',
      characters: 18,
      ucs2Characters: [],
    })
  })

  it('switches to UCS-2 for one character outside GSM-7 and names it: 70, then 67 per part', () => {
    expect(smsLength('Bientôt ça commence ê')).toMatchObject({ encoding: 'UCS-2', ucs2Characters: ['ô', 'ç', 'ê'] })
    expect(smsLength('ê'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, perSegment: 70 })
    expect(smsLength('ê'.repeat(71))).toMatchObject({ encoding: 'UCS-2', segments: 2, perSegment: 67 })
    expect(smsLength('Merci 🙂')).toMatchObject({ encoding: 'UCS-2', ucs2Characters: ['🙂'] })
  })

  it('has no SMS for an empty text, and a ceiling of 6', () => {
    expect(smsLength('').segments).toBe(0)
    expect(MAX_SEGMENTS).toBe(6)
    expect(smsLength('a'.repeat(153 * 6)).segments).toBe(6)
    expect(smsLength('a'.repeat(153 * 6 + 1)).segments).toBe(7)
  })
})
