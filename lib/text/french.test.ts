import { describe, expect, it } from 'vitest'
import { ofName } from './french'

describe('ofName', () => {
  it('elides "de" before a vowel, accented or not, upper or lower case', () => {
    expect(ofName('Élodie Durand')).toBe('d’Élodie Durand')
    expect(ofName('Antoine Blanc')).toBe('d’Antoine Blanc')
    expect(ofName('Emmaüs Rouen')).toBe('d’Emmaüs Rouen')
    expect(ofName('Yvetot Solidarité')).toBe('d’Yvetot Solidarité')
    expect(ofName('É. D.')).toBe('d’É. D.')
  })
  it('keeps "de" before a consonant, an initial h and anything else', () => {
    expect(ofName('Romain Leroy')).toBe('de Romain Leroy')
    expect(ofName('Hugo Petit')).toBe('de Hugo Petit')
    expect(ofName('3F Normandie')).toBe('de 3F Normandie')
    expect(ofName('Yanis Martin')).toBe('de Yanis Martin')
  })
})
