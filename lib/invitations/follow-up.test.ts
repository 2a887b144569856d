import { describe, expect, it } from 'vitest'
import { FOLLOW_UP_LABELS, followUpState, type FollowUpSource } from './follow-up'

const NOW = new Date('2026-11-25T09:00:00Z')
const base: FollowUpSource = { status: 'pending', expiresAt: null, registrationStatus: null, attendance: null }

describe('followUpState', () => {
  it('reads a pending invitation as pending until its last instant, then expired; none without a limit', () => {
    expect(followUpState({ ...base, expiresAt: new Date('2026-11-25T09:00:01Z') }, NOW)).toBe('pending')
    expect(followUpState({ ...base, expiresAt: NOW }, NOW)).toBe('expired')
    expect(followUpState({ ...base, expiresAt: new Date('2026-11-20T23:00:00Z') }, NOW)).toBe('expired')
    expect(followUpState(base, NOW)).toBe('pending')
  })

  it('keeps declined and cancelled whatever their date', () => {
    expect(followUpState({ ...base, status: 'declined', expiresAt: new Date('2026-11-01') }, NOW)).toBe('declined')
    expect(followUpState({ ...base, status: 'cancelled' }, NOW)).toBe('cancelled')
  })

  it('reads a booking from its registration: booked, then the attendance marked', () => {
    const booked = { ...base, status: 'booked' as const, registrationStatus: 'registered' as const }
    expect(followUpState(booked, NOW)).toBe('booked')
    expect(followUpState({ ...booked, attendance: 'present' }, NOW)).toBe('present')
    expect(followUpState({ ...booked, attendance: 'unexcused' }, NOW)).toBe('absent')
    expect(followUpState({ ...booked, attendance: 'excused' }, NOW)).toBe('excused')
    // A seat a counsellor took back.
    expect(followUpState({ ...booked, registrationStatus: 'cancelled' }, NOW)).toBe('cancelled')
  })

  it('names every state in French', () => {
    expect(Object.values(FOLLOW_UP_LABELS)).toEqual([
      'Invitation en attente',
      'Invitation expirée',
      'Invitation déclinée',
      'Invitation annulée',
      'Réservé',
      'Présent',
      'Absent',
      'Excusé',
    ])
  })
})
