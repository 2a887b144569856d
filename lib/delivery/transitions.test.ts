import { describe, expect, it } from 'vitest'
import { mailStatusEnum, smsStatusEnum } from '@/lib/db/schema'
import type { DeliveryTable } from './bounds'
import { eventsBetween, fromStates, TRANSITIONS } from './transitions'

/**
 * The delivery machine, written out by hand as a person reads it: every move allowed, with the events that make it.
 * Any pair of states not listed here must have no event at all.
 */
const SMS_MOVES = `
  queued → queued: hold
  queued → sending: claim
  queued → sent: report
  queued → delivered: report
  queued → undelivered: report
  queued → failed: refuse, report
  queued → cancelled: cancel
  sending → queued: release, requeue
  sending → sending: claim, call, handed, adopt
  sending → sent: handed, adopt, report
  sending → delivered: handed, adopt, report
  sending → undelivered: handed, adopt, report
  sending → failed: fail, handed, adopt, report
  sending → unknown: lose
  sent → delivered: handed, report
  sent → undelivered: handed, report
  sent → failed: handed, report
  unknown → queued: resend
  unknown → sent: handed, report
  unknown → delivered: handed, report
  unknown → undelivered: handed, report
  unknown → failed: handed, report
  failed → queued: resend
`
const MAIL_MOVES = `
  queued → sending: claim
  sending → queued: release, requeue
  sending → sending: claim, call
  sending → sent: handed
  sending → failed: fail
  sending → unknown: lose
  unknown → queued: resend
  unknown → sent: handed
  failed → queued: resend
`

function expected(text: string): Map<string, string[]> {
  const moves = new Map<string, string[]>()
  for (const line of text.trim().split('\n')) {
    const [pair, events] = line.split(':')
    moves.set(
      pair!.trim(),
      events!.split(',').map((e) => e.trim()),
    )
  }
  return moves
}

const CASES: [DeliveryTable, readonly string[], string][] = [
  ['sms_messages', smsStatusEnum.enumValues, SMS_MOVES],
  ['outbound_mails', mailStatusEnum.enumValues, MAIL_MOVES],
]

describe.each(CASES)('the status moves of %s', (table, statuses, text) => {
  const moves = expected(text)

  it.each(statuses.flatMap((from) => statuses.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(eventsBetween(table, from, to).sort()).toEqual((moves.get(`${from} → ${to}`) ?? []).sort())
  })

  it('names only states of the table’s enum', () => {
    for (const targets of Object.values(TRANSITIONS[table]) as Record<string, readonly string[]>[])
      for (const [to, from] of Object.entries(targets))
        expect([to, ...from].every((s) => statuses.includes(s))).toBe(true)
  })
})

describe('what the table keeps closed', () => {
  it('nothing leaves a delivered, undelivered, cancelled or received SMS, and nothing leaves a sent mail', () => {
    const sms = smsStatusEnum.enumValues
    for (const from of ['delivered', 'undelivered', 'cancelled', 'received'])
      expect(sms.flatMap((to) => eventsBetween('sms_messages', from, to))).toEqual([])
    expect(mailStatusEnum.enumValues.flatMap((to) => eventsBetween('outbound_mails', 'sent', to))).toEqual([])
  })

  it('only a person sends again what may have left: `unknown` and `failed` go back to the queue by resend alone', () => {
    for (const table of ['sms_messages', 'outbound_mails'] as const) {
      expect(eventsBetween(table, 'unknown', 'queued')).toEqual(['resend'])
      expect(eventsBetween(table, 'failed', 'queued')).toEqual(['resend'])
    }
  })

  it('a message on its way goes back to the queue only if the provider said "not taken" or its attempt never called', () => {
    expect(eventsBetween('sms_messages', 'sending', 'queued').sort()).toEqual(['release', 'requeue'])
    expect(fromStates('sms_messages', 'release', 'queued')).toEqual(['sending'])
  })

  it('an event has no move to a state it does not list: a cancel never sends, a report never queues', () => {
    expect(fromStates('sms_messages', 'cancel', 'sent')).toEqual([])
    expect(fromStates('sms_messages', 'report', 'queued')).toEqual([])
    expect(fromStates('outbound_mails', 'cancel', 'queued')).toEqual([])
  })
})
