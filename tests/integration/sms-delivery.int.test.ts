import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/lib/db/seed'
import { claimAttempt, markCalling } from '@/lib/delivery/attempt'
import { resendSms } from '@/lib/settings/failed-sends'
import { queueSms } from '@/lib/sms/queue-sms'
import { SMS_LEASE, sendQueuedSms } from '@/lib/sms/send-queued-sms'
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
