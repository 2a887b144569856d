import { describe, expect, it } from 'vitest'
import { formatPhone } from './phone'

describe('formatPhone', () => {
  it('groups French numbers by two digits', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78')
    expect(formatPhone('06.12.34.56.78')).toBe('06 12 34 56 78')
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78')
    expect(formatPhone('0033 6 12 34 56 78')).toBe('+33 6 12 34 56 78')
  })
  it('leaves other values as they are, and empty ones empty', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone(null)).toBe('')
    expect(formatPhone('')).toBe('')
  })
})
