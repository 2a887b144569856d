import { describe, expect, it } from 'vitest'
import { SEARCH_MIN_LENGTH } from '@/lib/constants'
import { appliedSearch } from './use-debounced-search'

describe('appliedSearch', () => {
  it('applies a text of the minimum length or more, trimmed', () => {
    expect(SEARCH_MIN_LENGTH).toBe(2)
    expect(appliedSearch('  Roux ')).toBe('Roux')
    expect(appliedSearch('Ro')).toBe('Ro')
  })

  it('below the minimum length, no search: the full list, never the last longer text', () => {
    expect(appliedSearch('z')).toBe('')
    expect(appliedSearch(' z ')).toBe('')
    expect(appliedSearch('')).toBe('')
  })
})
