import { describe, expect, it } from 'vitest'
import { lettersOf, nameCheckSchema } from './messages'

describe('the name check', () => {
  it('compares letters without accents, case, spaces or apostrophes', () => {
    expect(lettersOf('Élodie')).toBe('ELODIE')
    expect(lettersOf('d’Hérouville')).toBe('DHEROUVILLE')
    expect(lettersOf('Le Gall')).toBe('LEGALL')
    expect(nameCheckSchema.parse('dhé')).toBe('DHE')
    expect(nameCheckSchema.parse('Ro ux')).toBe('ROU')
  })

  it('asks for letters', () => {
    expect(nameCheckSchema.parse('li')).toBe('LI')
    expect(nameCheckSchema.safeParse('').success).toBe(false)
    expect(nameCheckSchema.safeParse('12 3').success).toBe(false)
    expect(nameCheckSchema.safeParse(3).success).toBe(false)
  })
})
