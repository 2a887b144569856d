import { describe, expect, it } from 'vitest'
import { DEFAULT_NOTICES, fillNotice } from '@/lib/workshops/notices'
import { smsLength } from './segments'
import { smsEncoded } from './smart-encoding'

describe('smart encoding', () => {
  it('replaces typographic apostrophes, quotes, guillemets, dashes, the ellipsis and special spaces with their GSM-7 equivalents', () => {
    expect(smsEncoded('L’atelier « CV » – 10\u00a0h\u202f: “venez”… ‘ok’ — fin')).toBe(
      'L\'atelier " CV " - 10 h : "venez"... \'ok\' - fin',
    )
    expect(smsEncoded('a\u2009b\u2007c\u200bd\u00ade')).toBe('a b cde')
  })

  it('leaves letters alone, GSM or not', () => {
    expect(smsEncoded('Déjà ça, être, œuvre')).toBe('Déjà ça, être, oeuvre')
  })

  it('makes a French text typed with ’ and « » one GSM-7 SMS instead of two UCS-2 ones', () => {
    const text =
      'Bonjour, c’est l’équipe : votre rendez-vous « bilan » est confirmé demain à 10 h. N’oubliez pas votre pièce d’identité… Merci.'
    expect(text.length).toBeGreaterThan(70)
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 1, ucs2Characters: [] })
  })

  it('still names the characters that force UCS-2 after it', () => {
    expect(smsLength('L’hôtel « Belle-Île »')).toMatchObject({ encoding: 'UCS-2', ucs2Characters: ['ô', 'Î'] })
  })

  it('keeps every default workshop notice in GSM-7 once its variables are filled', () => {
    const workshop = {
      name: 'Atelier CV',
      startsAt: new Date('2026-12-01T09:00:00Z'),
      addressFormatted: '12 rue de la Paix, Rouen',
      videoUrl: null,
    }
    for (const [kind, body] of Object.entries(DEFAULT_NOTICES)) {
      const text = fillNotice(body, workshop)
        .replace('{prenom}', 'Élodie')
        .replace('{telephone_referent}', '06 01 02 03 04')
      expect({ kind, encoding: smsLength(text).encoding, ucs2: smsLength(text).ucs2Characters }).toEqual({
        kind,
        encoding: 'GSM-7',
        ucs2: [],
      })
    }
  })
})
