import { describe, expect, it } from 'vitest'
import { byDay, contactView, durationText, invitationView, sessionView } from './public-view'

const session = (
  id: string,
  startsAt: string,
  endsAt: string | null,
  more: Partial<{ address: string; video: string }> = {},
) => ({
  id,
  name: 'Atelier CV',
  startsAt: new Date(startsAt),
  endsAt: endsAt ? new Date(endsAt) : null,
  addressFormatted: more.address ?? null,
  videoUrl: more.video ?? null,
})

describe('the invitation page as text', () => {
  it('says a duration in hours and minutes, with non-breaking spaces', () => {
    expect(durationText(150)).toBe('2\u00a0h\u00a030')
    expect(durationText(60)).toBe('1\u00a0h')
    expect(durationText(45)).toBe('45\u00a0min')
    expect(durationText(65)).toBe('1\u00a0h\u00a005')
    expect(durationText(0)).toBe('')
  })

  it('gives a session its Paris day, hours and place (winter: UTC+1)', () => {
    const view = sessionView(
      session('w1', '2026-12-03T13:00:00Z', '2026-12-03T15:30:00Z', { address: 'Maison de l’emploi, 76000 Rouen' }),
    )
    expect(view).toEqual({
      id: 'w1',
      day: '2026-12-03',
      dayLabel: 'jeudi 3 décembre',
      hours: '14:00 – 16:30',
      duration: '2\u00a0h\u00a030',
      name: 'Atelier CV',
      place: 'Maison de l’emploi, 76000 Rouen',
    })
    // 23:30 UTC is already the next day in Paris; without an end, no duration; by video, "En ligne".
    const late = sessionView(session('w2', '2026-12-03T23:30:00Z', null, { video: 'https://visio.example/abc' }))
    expect([late.day, late.hours, late.duration, late.place]).toEqual(['2026-12-04', '00:30', '', 'En ligne'])
  })

  it('groups the sessions by day, in their order', () => {
    const days = byDay(
      [
        session('a', '2026-12-03T08:00:00Z', null),
        session('b', '2026-12-03T13:00:00Z', null),
        session('c', '2026-12-05T08:00:00Z', null),
      ].map(sessionView),
    )
    expect(days.map((d) => [d.day, d.sessions.map((s) => s.id)])).toEqual([
      ['2026-12-03', ['a', 'b']],
      ['2026-12-05', ['c']],
    ])
  })

  it('dials the organisation’s number as a phone understands it', () => {
    expect(contactView({ name: 'CCAS', phone: '02 35 00 00 00', email: ' ' })).toEqual({
      name: 'CCAS',
      phone: '02 35 00 00 00',
      tel: '0235000000',
      email: null,
    })
    expect(contactView({ name: 'CCAS', phone: '+262692123456', email: 'accueil@ccas.fr' }).tel).toBe('+262692123456')
    expect(contactView({ name: 'CCAS', phone: null, email: null })).toMatchObject({ phone: null, tel: null })
  })

  it('names the last day to book (the end of validity is the next midnight) and the minutes of a lock', () => {
    const now = new Date('2026-11-25T09:00:00Z')
    const view = invitationView(
      'K7MW3QXP',
      {
        organisation: { name: 'CCAS', phone: null, email: null },
        theme: 'Atelier CV',
        // Midnight in Paris at the start of 6 December: the last day is the 5th.
        expiresAt: new Date('2026-12-05T23:00:00Z'),
        status: 'pending',
        state: 'locked',
        lockedUntil: new Date('2026-11-25T09:14:01Z'),
        checked: false,
        booking: null,
        sessions: [],
      },
      now,
    )
    expect(view.lastDay).toBe('samedi 5 décembre')
    expect(view.lockedMinutes).toBe(15)
  })
})
