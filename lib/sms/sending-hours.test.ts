import { describe, expect, it } from 'vitest'
import { DEFAULT_SENDING_HOURS, describeSendingHours, isWithinSendingHours, nextSendingTime } from './sending-hours'

// Monday 23 November 2026 is a Monday; Paris is UTC+1 in November (UTC+2 in summer).
const paris = (iso: string) => new Date(iso)

describe('sending hours (08:00–20:00, Monday to Saturday, Europe/Paris)', () => {
  it('lets a message written within them leave at once', () => {
    const at = paris('2026-11-23T09:30:00+01:00')
    expect(isWithinSendingHours(at, DEFAULT_SENDING_HOURS)).toBe(true)
    expect(nextSendingTime(at, DEFAULT_SENDING_HOURS)).toEqual(at)
    expect(isWithinSendingHours(paris('2026-11-23T08:00:00+01:00'), DEFAULT_SENDING_HOURS)).toBe(true)
    expect(isWithinSendingHours(paris('2026-11-23T19:59:00+01:00'), DEFAULT_SENDING_HOURS)).toBe(true)
  })

  it('moves an evening message to 08:00 the next day', () => {
    expect(nextSendingTime(paris('2026-11-23T20:00:00+01:00'), DEFAULT_SENDING_HOURS)).toEqual(
      paris('2026-11-24T08:00:00+01:00'),
    )
    expect(nextSendingTime(paris('2026-11-23T23:59:00+01:00'), DEFAULT_SENDING_HOURS)).toEqual(
      paris('2026-11-24T08:00:00+01:00'),
    )
  })

  it('moves an early message to 08:00 the same day', () => {
    expect(nextSendingTime(paris('2026-11-24T06:10:00+01:00'), DEFAULT_SENDING_HOURS)).toEqual(
      paris('2026-11-24T08:00:00+01:00'),
    )
  })

  it('moves Saturday evening and Sunday to Monday 08:00', () => {
    expect(nextSendingTime(paris('2026-11-28T21:00:00+01:00'), DEFAULT_SENDING_HOURS)).toEqual(
      paris('2026-11-30T08:00:00+01:00'),
    )
    expect(nextSendingTime(paris('2026-11-29T12:00:00+01:00'), DEFAULT_SENDING_HOURS)).toEqual(
      paris('2026-11-30T08:00:00+01:00'),
    )
  })

  it('reads the hours in Paris time across the daylight-saving changes', () => {
    // Saturday 28 March 2026, 22:00 in Paris (UTC+1); Monday 30 March 08:00 is UTC+2.
    expect(nextSendingTime(paris('2026-03-28T22:00:00+01:00'), DEFAULT_SENDING_HOURS)).toEqual(
      paris('2026-03-30T08:00:00+02:00'),
    )
    // 07:30 UTC is 09:30 in Paris in July: inside; 19:30 UTC is 21:30: outside.
    expect(isWithinSendingHours(paris('2026-07-01T07:30:00Z'), DEFAULT_SENDING_HOURS)).toBe(true)
    expect(isWithinSendingHours(paris('2026-07-01T19:30:00Z'), DEFAULT_SENDING_HOURS)).toBe(false)
  })

  it('follows the organisation’s own hours and days', () => {
    const hours = { startMinute: 9 * 60 + 30, endMinute: 17 * 60, days: [2, 4] }
    expect(nextSendingTime(paris('2026-11-23T10:00:00+01:00'), hours)).toEqual(paris('2026-11-24T09:30:00+01:00'))
    expect(nextSendingTime(paris('2026-11-24T17:00:00+01:00'), hours)).toEqual(paris('2026-11-26T09:30:00+01:00'))
    expect(describeSendingHours(hours)).toBe('les mardi, jeudi, de 09:30 à 17:00')
    expect(describeSendingHours(DEFAULT_SENDING_HOURS)).toBe('du lundi au samedi, de 08:00 à 20:00')
  })
})
