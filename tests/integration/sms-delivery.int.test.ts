import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { claimAttempt, markCalling } from '@/lib/delivery/attempt'
import { resendSms } from '@/lib/settings/failed-sends'
import { batchReport, sendBulkSms } from '@/lib/sms/bulk-send'
import { cancelQueuedSms } from '@/lib/sms/cancel'
import { queueSms } from '@/lib/sms/queue-sms'
import { bulkSchema } from '@/lib/sms/schemas'
import { SMS_CALL_TIMEOUT_MS } from '@/lib/delivery/bounds'
import { sweepSends } from '@/lib/jobs/sweep-sends'
import { SMS_LEASE, SmsBusyError, sendQueuedSms } from '@/lib/sms/send-queued-sms'
import { applyStatusCallback } from '@/lib/sms/status-callback'
import { smsEncoded } from '@/lib/sms/smart-encoding'
import { smsTransport } from '@/lib/sms/transport'
import { useTestDb } from './db'
import { useSmsCandidates, useTwilio } from './sms-kit'

// The doors of the delivery machine that a provider's real behaviour opens: French typography, lost callbacks,
// answers that take their time, and error codes that do not say whether the message was taken.
const db = useTestDb()
const twilio = useTwilio()
const newCandidate = useSmsCandidates(db)
const WEEKDAY = new Date('2026-11-24T10:00:00+01:00')
const at = () => WEEKDAY
/** A default workshop notice as an organisation types it: curly apostrophe, guillemets, non-breaking spaces. */
const FRENCH = 'Bonjour {prenom}, l’atelier «\u00a0CV\u00a0» a lieu jeudi\u00a0: venez à 14\u00a0h\u202f!'

async function queued(text = FRENCH, candidate?: { id: string }) {
  const person = candidate ?? (await newCandidate())
  const [outcome] = await queueSms(db, {
    organisationId: demoIds.orgSeineMaritime,
    authorId: 'demo-referent',
    kind: 'sheet',
    candidateIds: [person.id],
    text,
    now: WEEKDAY,
  })
  if (!outcome?.ok) throw new Error('not queued')
  return { candidate: person, messageId: outcome.messageId }
}
const message = async (id: string) => (await db.select().from(s.smsMessages).where(eq(s.smsMessages.id, id)))[0]!
/** The attempt's lease ran out, and its call began long enough ago to have ended (database time). */
const longAgo = (id: string) =>
  db.execute(
    sql`update sms_messages set lease_until = clock_timestamp() - interval '1 second', calling_at = calling_at - interval '1 minute' where id = ${id}`,
  )
const createsTo = (to: string) => twilio.standIn().messages.filter((m) => m.to === to)
function callbacksOff() {
  const standIn = twilio.standIn()
  standIn.autoCallbacks = false
  onTestFinished(() => {
    standIn.autoCallbacks = true
  })
}

describe('reconcile on the text that was sent', () => {
  it('adopts a French message whose answer was lost, callbacks off: no "Renvoyer", nothing sent twice', async () => {
    callbacksOff()
    const { messageId } = await queued()
    const to = (await message(messageId)).toNumber
    twilio.standIn().failNext('drop-after-accept')
    await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow()
    const [taken] = createsTo(to)
    // What left is the GSM-7 text; what the table keeps is the text as written.
    expect(taken!.body).toBe(smsEncoded((await message(messageId)).body))
    expect(taken!.body).not.toBe((await message(messageId)).body)
    await longAgo(messageId)
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('reconciled')
    expect(await message(messageId)).toMatchObject({ status: 'sending', providerSid: taken!.sid })
    expect(
      await resendSms(db, { organisationId: demoIds.orgSeineMaritime, messageId, actorId: 'demo-admin', now: WEEKDAY }),
    ).toBe(false)
    expect(createsTo(to)).toHaveLength(1)
  })

  it('adopts nothing while another message of the same number and text is unresolved: both go to a person', async () => {
    callbacksOff()
    const first = await queued()
    const second = await queued(FRENCH, first.candidate)
    const rows = [await message(first.messageId), await message(second.messageId)]
    // Both attempts called; Twilio took one of them and neither answer came back.
    for (const row of rows) {
      const attemptId = (await claimAttempt(db, 'sms_messages', row.id, row.organisationId, SMS_LEASE, WEEKDAY))!
      expect(await markCalling(db, 'sms_messages', row.id, attemptId, SMS_LEASE)).toBe(true)
      if (row.id === second.messageId)
        await smsTransport().send({ id: row.id, attemptId, to: row.toNumber, body: smsEncoded(row.body) })
      await longAgo(row.id)
    }
    expect(await sendQueuedSms(db, first.messageId, { now: at })).toBe('unknown')
    expect(await sendQueuedSms(db, second.messageId, { now: at })).toBe('unknown')
    expect(await message(first.messageId)).toMatchObject({ status: 'unknown', providerSid: null })
    expect(await message(second.messageId)).toMatchObject({ status: 'unknown', providerSid: null })
    expect(createsTo(rows[0]!.toNumber)).toHaveLength(1)
  })
})

describe('every provider call has a wall-clock bound', () => {
  it('a call that outlives its lease is not taken again before its marker plus the longest call, and ends sent', async () => {
    callbacksOff()
    const { messageId } = await queued()
    const to = (await message(messageId)).toNumber
    twilio.standIn().failNext({ holdMs: 2_500 })
    const creates = twilio.standIn().counts.create
    const call = sendQueuedSms(db, messageId, { now: at })
    // The request reached Twilio, which has not taken it yet; meanwhile the attempt's lease runs out.
    await expect.poll(() => twilio.standIn().counts.create, { timeout: 5_000 }).toBe(creates + 1)
    await db.execute(
      sql`update sms_messages set lease_until = clock_timestamp() - interval '1 second' where id = ${messageId}`,
    )
    await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow(SmsBusyError)
    await sweepSends(db, { now: WEEKDAY })
    expect(await message(messageId)).toMatchObject({ status: 'sending', providerSid: null })
    expect(await call).toBe('sent')
    const [taken] = createsTo(to)
    expect(await message(messageId)).toMatchObject({ status: 'sending', providerSid: taken!.sid })
    expect(createsTo(to)).toHaveLength(1)
  })

  it('gives up a Twilio answer that trickles past the bound, even though bytes keep coming; the reconcile adopts it', async () => {
    callbacksOff()
    const { messageId } = await queued()
    const to = (await message(messageId)).toNumber
    twilio.standIn().failNext({ trickleMs: SMS_CALL_TIMEOUT_MS + 3_000 })
    const started = performance.now()
    await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow()
    expect(performance.now() - started).toBeLessThan(SMS_CALL_TIMEOUT_MS + 1_500)
    expect(await message(messageId)).toMatchObject({ status: 'sending', providerSid: null })
    expect((await message(messageId)).callingAt).not.toBeNull()
    await longAgo(messageId)
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('reconciled')
    expect(await message(messageId)).toMatchObject({ providerSid: createsTo(to)[0]!.sid })
    expect(createsTo(to)).toHaveLength(1)
  }, 30_000)
})

describe('only 408, 429 and 503 say Twilio took nothing', () => {
  it.each([500, 502, 504])(
    'a %s keeps the marker: the reconcile decides, and with nothing at Twilio a person does',
    async (status) => {
      const { messageId } = await queued()
      const to = (await message(messageId)).toNumber
      twilio.standIn().failNext({ status, code: 20000 + status })
      await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow()
      const held = await message(messageId)
      expect(held).toMatchObject({ status: 'sending', providerSid: null })
      expect(held.callingAt).not.toBeNull()
      await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow(SmsBusyError)
      await longAgo(messageId)
      expect(await sendQueuedSms(db, messageId, { now: at })).toBe('unknown')
      expect(await message(messageId)).toMatchObject({ status: 'unknown', errorCode: 'unknownFate' })
      expect(createsTo(to)).toHaveLength(0)
    },
  )

  it('a 503 is a refusal for now: back to the queue, then sent once', async () => {
    const { messageId } = await queued()
    twilio.standIn().failNext({ status: 503, code: 20503 })
    await expect(sendQueuedSms(db, messageId, { now: at })).rejects.toThrow()
    expect(await message(messageId)).toMatchObject({ status: 'queued', callingAt: null, errorCode: '503' })
    expect(await sendQueuedSms(db, messageId, { now: at })).toBe('sent')
    expect(createsTo((await message(messageId)).toNumber)).toHaveLength(1)
  })
})

describe('unknown is not pending', () => {
  it('a bulk send whose message ends `unknown` ends, the message shown as failed with why', async () => {
    const person = await newCandidate()
    const result = await sendBulkSms(db, {
      organisationId: demoIds.orgSeineMaritime,
      authorId: 'demo-referent',
      input: bulkSchema.parse({ candidateIds: [person.id], text: 'Bonjour {prenom}' }),
      now: WEEKDAY,
    })
    if (!result.ok) throw new Error(result.error)
    await db
      .update(s.smsMessages)
      .set({ status: 'unknown', errorCode: 'unknownFate' })
      .where(eq(s.smsMessages.batchId, result.batchId))
    const report = await batchReport(db, {
      organisationId: demoIds.orgSeineMaritime,
      batchId: result.batchId,
      now: WEEKDAY,
    })
    expect(report).toMatchObject({ done: true, counts: { pending: 0, failed: 1 } })
    expect(report!.rows).toMatchObject([{ candidateId: person.id, outcome: 'failed', reason: 'unknownFate' }])
  })
})

describe('a candidate’s messages leave in the order they were queued', () => {
  it('an "Annulation" waits while the "Convocation" queued before it is still on its way, then follows it', async () => {
    const convocation = await queued('Convocation : atelier CV jeudi à 14 h.')
    const annulation = await queued('Annulation : l’atelier CV de jeudi n’aura pas lieu.', convocation.candidate)
    const to = (await message(convocation.messageId)).toNumber
    // The convocation's first call is refused for now: back to the queue, for a retry after its back-off.
    twilio.standIn().failNext({ status: 429, code: 20429 })
    await expect(sendQueuedSms(db, convocation.messageId, { now: at })).rejects.toThrow()
    expect(await sendQueuedSms(db, annulation.messageId, { now: at })).toBe('rescheduled')
    expect(createsTo(to)).toHaveLength(0)
    expect(await message(annulation.messageId)).toMatchObject({ status: 'queued' })
    expect(await sendQueuedSms(db, convocation.messageId, { now: at })).toBe('sent')
    expect(await sendQueuedSms(db, annulation.messageId, { now: at })).toBe('sent')
    expect(createsTo(to).map((m) => m.body.split(' :')[0])).toEqual(['Convocation', 'Annulation'])
  })
})

describe('every writer moves a status only as lib/delivery/transitions.ts allows', () => {
  const person = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-referent', now: WEEKDAY }

  it('"Annuler l’envoi" takes a message still queued, never one a worker claimed', async () => {
    const waiting = await queued('Rappel : atelier CV jeudi.')
    expect(await cancelQueuedSms(db, { ...person, messageId: waiting.messageId })).toBe(true)
    expect(await message(waiting.messageId)).toMatchObject({ status: 'cancelled' })
    const taken = await queued('Rappel : atelier CV vendredi.')
    const row = await message(taken.messageId)
    expect(await claimAttempt(db, 'sms_messages', row.id, row.organisationId, SMS_LEASE, WEEKDAY)).not.toBeNull()
    expect(await cancelQueuedSms(db, { ...person, messageId: taken.messageId })).toBe(false)
    expect(await message(taken.messageId)).toMatchObject({ status: 'sending' })
  })

  it('a cancelled message stays cancelled: no callback moves it, and "Renvoyer" does not take it', async () => {
    const { messageId } = await queued('Rappel : atelier CV lundi.')
    await cancelQueuedSms(db, { ...person, messageId })
    const callback = { messageId, sid: `SM${crypto.randomUUID().replace(/-/g, '')}`, errorCode: null, at: WEEKDAY }
    expect(await applyStatusCallback(db, { ...callback, status: 'delivered' })).toBe('unchanged')
    expect(await resendSms(db, { ...person, messageId })).toBe(false)
    expect(await message(messageId)).toMatchObject({ status: 'cancelled', providerSid: null })
  })
})
