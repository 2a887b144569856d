import { describe, expect, it } from 'vitest'
import { sinceLastVisit } from './unread-sentence'

const visit = new Date('2026-11-27T09:30:00Z')

describe('sinceLastVisit', () => {
  it('says the unread answers first, then how many of them are new: never "1 non lue" beside "aucune"', () => {
    expect(sinceLastVisit(1, 0, visit)).toBe(
      '1 non lue, dont aucune nouvelle depuis votre dernière visite, le 27/11/2026 à 10:30',
    )
    expect(sinceLastVisit(3, 2, visit)).toBe(
      '3 non lues, dont 2 nouvelles depuis votre dernière visite, le 27/11/2026 à 10:30',
    )
    expect(sinceLastVisit(1, 1, visit)).toBe(
      '1 non lue, dont 1 nouvelle depuis votre dernière visite, le 27/11/2026 à 10:30',
    )
    expect(sinceLastVisit(0, 0, visit)).toBe('aucune non lue depuis votre dernière visite, le 27/11/2026 à 10:30')
  })
  it('at the first visit, the count alone', () => {
    expect(sinceLastVisit(2, 2, null)).toBe('2 non lues, première visite')
    expect(sinceLastVisit(0, 0, null)).toBe('aucune non lue, première visite')
  })
})
