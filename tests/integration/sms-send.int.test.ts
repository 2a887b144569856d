import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { queueSms } from '@/lib/sms/queue-sms'
import { refreshStaleSmsStatuses } from '@/lib/sms/refresh-status'
import { claimAttempt, failAttempt, markCalling } from '@/lib/delivery/attempt'
import { sweepSends } from '@/lib/jobs/sweep-sends'
import { failedSends, resendSms } from '@/lib/settings/failed-sends'
import { SMS_LEASE, SmsBusyError, sendQueuedSms } from '@/lib/sms/send-queued-sms'
import { smsTransport } from '@/lib/sms/transport'
import { useTestDb } from './db'
import { eventually, useSmsCandidates, useTwilio } from './sms-kit'

// The send-sms job against the Twilio stand-in (tests/support/twilio-stand-in.ts) through the official SDK: retries,
// permanent errors, and the reconcile that keeps a message from being sent twice.
const db = useTestDb()
const twilio = useTwilio()
const newCandidate = useSmsCandidates(db)
// A Tuesday at 10:00 in Paris: within the default sending hours.
const WEEKDAY = new Date('2026-11-24T10:00:00+01:00')
const at = () => WEEKDAY

async function queued(text = 'Bonjour {prenom}, rendez-vous demain à 10 h.') {
  const candidate = await newCandidate()
  const [outcome] = await queueSms(db, {
    organisationId: demoIds.orgSeineMaritime,
    authorId: 'demo-referent',
    kind: 'sheet',
    candidateIds: [candidate.id],
    text,
    now: WEEKDAY,
  })
  if (!outcome?.ok) throw new Error('not queued')
  return { candidate, messageId: outcome.messageId }
}
const message = async (id: string) => (await db.select().from(s.smsMessages).where(eq(s.smsMessages.id, id)))[0]!
/** The attempt's lease ran out, and its call's bound since its marker (in the database's time, which leases are in). */
const leasePassed = (id: string) =>
  db.execute(
    sql`update sms_messages set lease_until = clock_timestamp() - interval '1 second', calling_at = calling_at - interval '1 minute' where id = ${id}`,
  )
const createsTo = (to: string) => twilio.standIn().messages.filter((m) => m.to === to)
/**
 * A killed attempt's case is the one where its message's callbacks have not come yet: Twilio's are held (the
 * stand-in's automatic callbacks come 30 ms after acceptance, a race with the reconcile otherwise), then posted.
 */
function holdCallbacks() {
  const standIn = twilio.standIn()
  standIn.autoCallbacks = false
  onTestFinished(() => {
    standIn.autoCallbacks = true
  })
  return {
    async release(sid: string) {
      expect(await standIn.callback(sid, 'sent')).toBe(204)
      expect(await standIn.callback(sid, 'delivered')).toBe(204)
    },
  }
}

describe('sending through Twilio', () => {
  it('hands the message to Twilio with our status callback, then the signed callbacks move it to delivered', async () => {
    const { candidate, messageId } = await queued()
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('sent')
    const [sent] = createsTo((await message(messageId)).toNumber)
    expect(sent).toMatchObject({
      to: `+33${candidate.phone!.slice(1)}`,
      from: 'PASSERELLE',
      body: `Bonjour ${candidate.firstName}, rendez-vous demain à 10 h.`,
    })
    // Our ids, never the number: the message's and its attempt's.
    expect(sent!.statusCallback).toBe(
      `${twilio.webhookUrl()}/api/sms/status?m=${messageId}&a=${(await message(messageId)).attemptId}`,
    )
    const row = await eventually(async () => {
      const m = await message(messageId)
      return m.status === 'delivered' && m
    })
    expect(row).toMatchObject({ providerSid: sent!.sid, errorCode: null })
    // A second run of the job (a retry after the fact) changes nothing and sends nothing.
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('already')
    expect(createsTo(row.toNumber)).toHaveLength(1)
  })

  it.each([
    ['429', { status: 429, code: 20429 }],
    ['503', { status: 503, code: 20503 }],
  ])(
    'retries after a %s: Twilio answered that it did not take it, so the message is queued again and sent once',
    async (_code, failure) => {
      const { messageId } = await queued()
      twilio.standIn().failNext(failure)
      const before = twilio.standIn().counts.list
      await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow()
      const released = await message(messageId)
      expect(released).toMatchObject({
        status: 'queued',
        providerSid: null,
        attemptId: null,
        callingAt: null,
        errorCode: _code,
      })
      expect(await sendQueuedSms(db, messageId, { now: at })).toBe('sent')
      expect(twilio.standIn().counts.list).toBe(before)
      expect(createsTo(released.toNumber)).toHaveLength(1)
    },
  )

  it('fails the message on the last attempt of a transient error, with its code', async () => {
    const { messageId } = await queued()
    twilio.standIn().failNext({ status: 503, code: 20503 })
    expect(await sendQueuedSms(db, messageId, { now: at, lastAttempt: true })).toBe('failed')
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: '503' })
  })

  it('never sends twice when Twilio took the message but the answer was lost: busy within the lease, reconciled after', async () => {
    const { messageId } = await queued()
    const to = (await message(messageId)).toNumber
    twilio.standIn().failNext('drop-after-accept')
    await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow()
    expect(createsTo(to)).toHaveLength(1)
    expect(await message(messageId)).toMatchObject({ status: 'sending', providerSid: null })
    expect((await message(messageId)).callingAt).not.toBeNull()
    await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow(SmsBusyError)
    await leasePassed(messageId)
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('reconciled')
    expect(createsTo(to)).toHaveLength(1)
    const row = await message(messageId)
    expect(row.providerSid).toBe(createsTo(to)[0]!.sid)
    expect(await twilio.standIn().callback(row.providerSid!, 'delivered')).toBe(204)
    expect((await message(messageId)).status).toBe('delivered')
  })

  it('never sends twice when the worker was killed between Twilio’s acceptance and the database write', async () => {
    const { messageId } = await queued()
    const row = await message(messageId)
    // What the dead attempt did: the claim, the marker, then Twilio's acceptance — and nothing more. Twilio's
    // callbacks have not come yet (held, then posted at the end): the sweep alone must settle it.
    const callbacks = holdCallbacks()
    const attemptId = (await claimAttempt(db, 'sms_messages', messageId, row.organisationId, SMS_LEASE, WEEKDAY))!
    expect(await markCalling(db, 'sms_messages', messageId, attemptId, SMS_LEASE)).toBe(true)
    const handed = await smsTransport().send({ id: messageId, attemptId, to: row.toNumber, body: row.body })
    const creates = twilio.standIn().counts.create
    await leasePassed(messageId)
    // The sweep finds it, with no provider id, past its lease (with whatever else of the run's is there).
    const swept = await sweepSends(db, { now: WEEKDAY })
    expect(swept.sms.reconciled).toBeGreaterThanOrEqual(1)
    const settled = await message(messageId)
    expect(settled).toMatchObject({ status: 'sending', providerSid: handed.sid, attemptId, leaseUntil: null })
    expect(twilio.standIn().counts.create).toBe(creates)
    expect(createsTo(row.toNumber)).toHaveLength(1)
    // Twilio's late callbacks then move it on.
    await callbacks.release(handed.sid)
    expect(await message(messageId)).toMatchObject({ status: 'delivered', providerSid: handed.sid })
  })

  it('adopts the right one of two messages with the same text to the same number (a reminder sent twice a week)', async () => {
    const text = 'Rappel : atelier CV jeudi à 14 h.'
    const first = await queued(text)
    expect(await sendQueuedSms(db, first.messageId, { now: at })).toBe('sent')
    // The same text again to the same candidate, its attempt killed after Twilio took it, before its callbacks came.
    const callbacks = holdCallbacks()
    const [second] = await queueSms(db, {
      organisationId: demoIds.orgSeineMaritime,
      authorId: 'demo-referent',
      kind: 'sheet',
      candidateIds: [first.candidate.id],
      text,
      now: WEEKDAY,
    })
    const secondId = second!.ok ? second!.messageId : ''
    const row = await message(secondId)
    const attemptId = (await claimAttempt(db, 'sms_messages', secondId, row.organisationId, SMS_LEASE, WEEKDAY))!
    await markCalling(db, 'sms_messages', secondId, attemptId, SMS_LEASE)
    const handed = await smsTransport().send({ id: secondId, attemptId, to: row.toNumber, body: row.body })
    await leasePassed(secondId)
    expect(await sendQueuedSms(db, secondId, { now: at })).toBe('reconciled')
    expect((await message(secondId)).providerSid).toBe(handed.sid)
    const firstSid = (await message(first.messageId)).providerSid
    expect(firstSid).not.toBeNull()
    expect(firstSid).not.toBe(handed.sid)
    expect(createsTo(row.toNumber)).toHaveLength(2)
    await callbacks.release(handed.sid)
    expect(await message(secondId)).toMatchObject({ status: 'delivered', providerSid: handed.sid })
    expect((await message(first.messageId)).providerSid).toBe(firstSid)
  })

  it('sends again, once, a message whose attempt died before calling Twilio (no marker): the sweep requeues it with a job', async () => {
    const { messageId } = await queued()
    const row = await message(messageId)
    await claimAttempt(db, 'sms_messages', messageId, row.organisationId, SMS_LEASE, WEEKDAY)
    await leasePassed(messageId)
    const swept = await sweepSends(db, { now: WEEKDAY })
    expect(swept.sms.requeued).toBeGreaterThanOrEqual(1)
    expect(await message(messageId)).toMatchObject({ status: 'queued', attemptId: null })
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-sms' and data->>'messageId' = ${messageId} and state = 'created'`,
    )
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1)
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('sent')
    expect(createsTo(row.toNumber)).toHaveLength(1)
  })

  it('marks `unknown`, never resends, a message whose attempt may have reached Twilio that Twilio does not list; a person resends it', async () => {
    const { candidate, messageId } = await queued()
    const row = await message(messageId)
    const attemptId = (await claimAttempt(db, 'sms_messages', messageId, row.organisationId, SMS_LEASE, WEEKDAY))!
    expect(await markCalling(db, 'sms_messages', messageId, attemptId, SMS_LEASE)).toBe(true)
    // Killed there: the request never arrived.
    await leasePassed(messageId)
    const creates = twilio.standIn().counts.create
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('unknown')
    expect(await message(messageId)).toMatchObject({ status: 'unknown', errorCode: 'unknownFate' })
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('already')
    expect(twilio.standIn().counts.create).toBe(creates)
    const listed = await failedSends(db, demoIds.orgSeineMaritime, new Date())
    expect(listed.sms.find((m) => m.id === messageId)).toMatchObject({ status: 'unknown', candidateId: candidate.id })
    expect(
      await resendSms(db, { organisationId: demoIds.orgLyon, messageId, actorId: 'demo-referent-lyon', now: WEEKDAY }),
    ).toBe(false)
    expect(
      await resendSms(db, { organisationId: demoIds.orgSeineMaritime, messageId, actorId: 'demo-admin', now: WEEKDAY }),
    ).toBe(true)
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('sent')
    expect(createsTo(row.toNumber)).toHaveLength(1)
  })

  it('gives a new job to a message left queued with no job (its last retry expired with a killed worker)', async () => {
    const { messageId } = await queued()
    await db.execute(sql`delete from pgboss.job where name = 'send-sms' and data->>'messageId' = ${messageId}`)
    // Due a minute ago (in the database's time, which the sweep reads): not yet an orphan.
    await db
      .update(s.smsMessages)
      .set({ scheduledFor: new Date(Date.now() - 60_000) })
      .where(eq(s.smsMessages.id, messageId))
    const jobs = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'send-sms' and data->>'messageId' = ${messageId} and state = 'created'`,
        )
      ).rows[0]!.n
    await sweepSends(db, { now: WEEKDAY })
    expect(await jobs()).toBe(0)
    await db
      .update(s.smsMessages)
      .set({ scheduledFor: new Date(Date.now() - 11 * 60_000) })
      .where(eq(s.smsMessages.id, messageId))
    expect((await sweepSends(db, { now: WEEKDAY })).sms.orphans).toBeGreaterThanOrEqual(1)
    expect(await jobs()).toBe(1)
    await sweepSends(db, { now: WEEKDAY })
    expect(await jobs()).toBe(1)
  })

  it('a stale attempt that wakes up after another took the message calls nothing and writes nothing', async () => {
    const { messageId } = await queued()
    const row = await message(messageId)
    const stale = (await claimAttempt(db, 'sms_messages', messageId, row.organisationId, SMS_LEASE, WEEKDAY))!
    await leasePassed(messageId)
    const fresh = (await claimAttempt(db, 'sms_messages', messageId, row.organisationId, SMS_LEASE, WEEKDAY))!
    expect(fresh).not.toBe(stale)
    expect(await markCalling(db, 'sms_messages', messageId, stale, SMS_LEASE)).toBe(false)
    expect(await failAttempt(db, 'sms_messages', messageId, stale, 'x', WEEKDAY)).toBe(false)
    expect(await message(messageId)).toMatchObject({ status: 'sending', attemptId: fresh, callingAt: null })
  })

  it('asks Twilio about a message whose callbacks never came, once it has been quiet for 15 minutes', async () => {
    const standIn = twilio.standIn()
    standIn.autoCallbacks = false
    try {
      const lost = await queued()
      const unknown = await queued()
      expect(await sendQueuedSms(db, lost.messageId, { now: at })).toBe('sent')
      expect(await sendQueuedSms(db, unknown.messageId, { now: at })).toBe('sent')
      // Twilio delivered the first, but its callbacks were lost; the second's id is one Twilio does not know.
      createsTo((await message(lost.messageId)).toNumber)[0]!.status = 'delivered'
      await db
        .update(s.smsMessages)
        .set({ providerSid: 'SM00000000000000000000000000000000' })
        .where(eq(s.smsMessages.id, unknown.messageId))
      const later = (minutes: number) => new Date(WEEKDAY.getTime() + minutes * 60_000)

      await refreshStaleSmsStatuses(db, { now: later(5) })
      expect(await message(lost.messageId)).toMatchObject({ status: 'sending' })

      const fetches = standIn.counts.fetch
      await refreshStaleSmsStatuses(db, { now: later(16) })
      expect(standIn.counts.fetch).toBeGreaterThanOrEqual(fetches + 2)
      expect(await message(lost.messageId)).toMatchObject({ status: 'delivered', statusAt: later(16) })
      expect(await message(unknown.messageId)).toMatchObject({ status: 'sending' })
      // Nothing was sent again.
      expect(createsTo((await message(lost.messageId)).toNumber)).toHaveLength(1)
    } finally {
      standIn.autoCallbacks = true
    }
  })

  it.each([
    ['21211 (invalid number)', 21211],
    ['21614 (not a mobile)', 21614],
  ])('fails at once on %s, without retry', async (_what, code) => {
    const { messageId } = await queued()
    twilio.standIn().failNext({ status: 400, code })
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('failed')
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: String(code) })
  })

  it('fails at once on 21610 (unsubscribed recipient) and opts the candidate out, audited', async () => {
    const { candidate, messageId } = await queued()
    twilio.standIn().failNext({ status: 400, code: 21610 })
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('failed')
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: '21610' })
    const [row] = await db
      .select({ optedOutAt: s.candidates.smsOptedOutAt })
      .from(s.candidates)
      .where(eq(s.candidates.id, candidate.id))
    expect(row!.optedOutAt).not.toBeNull()
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, candidate.id), eq(s.auditLog.action, 'sms.optedOut')))
    expect(audit).toMatchObject([{ details: { source: 'provider' } }])
  })

  it('sends nothing to a candidate who opted out after the message was written', async () => {
    const { candidate, messageId } = await queued()
    await db.update(s.candidates).set({ smsOptedOutAt: WEEKDAY }).where(eq(s.candidates.id, candidate.id))
    const creates = twilio.standIn().counts.create
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('failed')
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'optedOut' })
    expect(twilio.standIn().counts.create).toBe(creates)
  })

  it('holds a message whose attempt falls outside the sending hours until the next window, with a new job', async () => {
    const { messageId } = await queued()
    // Saturday 21:30 in Paris: the next window is Monday 08:00.
    const saturdayNight = new Date('2026-11-28T21:30:00+01:00')
    const creates = twilio.standIn().counts.create
    expect(await sendQueuedSms(db, messageId, { now: () => saturdayNight })).toBe('rescheduled')
    expect(twilio.standIn().counts.create).toBe(creates)
    expect(await message(messageId)).toMatchObject({
      status: 'queued',
      scheduledFor: new Date('2026-11-30T08:00:00+01:00'),
    })
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-sms' and data->>'messageId' = ${messageId} and state = 'created' and start_after > now() + interval '1 hour'`,
    )
    expect(rows[0]!.n).toBe(1)
  })

  it('honours a messages-per-second limit shared through the database', async () => {
    const messages = await Promise.all([1, 2, 3, 4].map(() => queued()))
    // The limit's row starts free: a slot another test reserved is not this test's.
    await db.execute(sql`delete from rate_slots where key = 'sms'`)
    const started = Date.now()
    await Promise.all(messages.map((m) => sendQueuedSms(db, m.messageId, { now: at, ratePerSecond: 4 })))
    const created = async (m: { messageId: string }) =>
      createsTo((await message(m.messageId)).toNumber)[0]!.dateCreated.getTime()
    const times = (await Promise.all(messages.map(created))).sort((a, b) => a - b)
    // Four messages at 4 per second: the slots are 250 ms apart, and a call never leaves before its slot, so the n-th
    // call reaches Twilio at least n × 250 ms after the four began (a little slack for the clocks). A loaded database
    // may delay a call past its slot, never advance it: that is the bound, not the gap between two calls.
    for (let i = 0; i < times.length; i++) expect(times[i]! - started).toBeGreaterThanOrEqual(i * 250 - 50)
  })

  it('reschedules the job, instead of sleeping, when no slot is free within 1 s', async () => {
    const messages = await Promise.all([1, 2, 3].map(() => queued()))
    // One every 2 s: the second slot is already more than 1 s away.
    const started = Date.now()
    const outcomes = await Promise.all(
      messages.map((m) => sendQueuedSms(db, m.messageId, { now: at, ratePerSecond: 0.5 })),
    )
    expect(Date.now() - started).toBeLessThan(4_000)
    expect(outcomes.filter((o) => o === 'rescheduled').length).toBeGreaterThanOrEqual(1)
    const late = messages[outcomes.indexOf('rescheduled')]!.messageId
    expect(await message(late)).toMatchObject({ status: 'queued' })
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-sms' and data->>'messageId' = ${late} and state = 'created' and start_after > now()`,
    )
    expect(rows[0]!.n).toBe(1)
  })
})
