import { describe, expect, it } from 'vitest'
import { isSafeText, lineText, nameText, text, TEXT_MESSAGES, withoutInvisibles } from './safe-text'

describe('the text primitive', () => {
  it('refuses NUL, C0 and C1 controls and DEL in a single-line text, with the French message', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', 'a\nb', 'a\rb', 'del\u007f', 'c1\u0085']) {
      const result = lineText().safeParse(bad)
      expect(result.success, JSON.stringify(bad)).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.control)
    }
  })

  it('takes tabs everywhere, line breaks except in single-line texts, and never NUL', () => {
    expect(lineText().safeParse('a\tb').success).toBe(true)
    expect(text().safeParse('ligne 1\r\nligne 2\n\tfin').success).toBe(true)
    expect(nameText().safeParse('Marie\nClaire').success).toBe(false)
    expect(text().safeParse('ligne 1\n\u0000').success).toBe(false)
    expect(text().safeParse('page\u000c').success).toBe(false)
  })

  it('refuses a lone surrogate and accepts a whole pair (an emoji)', () => {
    expect(isSafeText('\ud83d')).toBe(false)
    expect(isSafeText('x\ude00y')).toBe(false)
    expect(isSafeText('Bonjour 😀')).toBe(true)
  })

  it('keeps French text, accents, apostrophes and non-breaking spaces as they are', () => {
    const value = 'Hélène L’Œuvre-Çà «\u00a0éé\u00a0» \u202f!'
    expect(text().parse(value)).toBe(value)
  })

  it('removes from names the characters that make one name read as another', () => {
    // U+202E turns "Dupont\u202Etnemeganam" into a name that reads differently; zero-width characters hide in a copy.
    expect(nameText().parse('Du\u200bpont\u202e')).toBe('Dupont')
    expect(withoutInvisibles('\ufeffMarie\u2066-Claire\u2069\u200d')).toBe('Marie-Claire')
  })

  it('chains with the usual string checks', () => {
    const schema = nameText({ error: 'Le prénom est requis' }).trim().min(1, 'Le prénom est requis').max(5, 'Trop long')
    expect(schema.safeParse(' \u200b ').error?.issues[0]?.message).toBe('Le prénom est requis')
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe('Le prénom est requis')
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe('Trop long')
    expect(schema.parse('  Léa ')).toBe('Léa')
  })
})
