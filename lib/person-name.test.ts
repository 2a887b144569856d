import { describe, expect, it } from 'vitest'
import { fullName, listName } from './person-name'

describe('a person’s displayed name', () => {
  it('names a person first name first, and lists them family name first', () => {
    expect(fullName({ firstName: 'Marie', lastName: 'Dupont' })).toBe('Marie Dupont')
    expect(listName({ firstName: 'Marie', lastName: 'Dupont' })).toBe('Dupont Marie')
  })
  it('leaves out a missing or blank part, and gives nothing for no name', () => {
    expect(fullName({ firstName: 'Marie', lastName: null })).toBe('Marie')
    expect(listName({ firstName: '  ', lastName: 'Dupont ' })).toBe('Dupont')
    expect(fullName({})).toBe('')
  })
})
