import { describe, expect, it } from 'vitest'
import { additionalFieldText } from './additional-field-text'

describe('additionalFieldText', () => {
  const field = { key: 'permis', label: 'Permis', type: 'text' as const }

  it('reads an empty field as the en dash of every screen, and in the PDF', () => {
    expect(additionalFieldText({ ...field, value: null })).toBe('–')
    expect(additionalFieldText({ ...field, value: '' })).toBe('–')
  })

  it('reads a filled field as written, a list by its labels', () => {
    expect(additionalFieldText({ ...field, value: 'B' })).toBe('B')
    const list = {
      key: 'lang',
      label: 'Langues',
      type: 'listMultiple' as const,
      options: [{ value: 'fr', label: 'Français' }],
    }
    expect(additionalFieldText({ ...list, value: ['fr'] })).toContain('Français')
  })
})
