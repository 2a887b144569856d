import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import * as s from '@/lib/db/schema'
import { startJobWorker, type RunningWorker } from '@/lib/jobs/worker'
import { sendBulkSms } from '@/lib/sms/bulk-send'
import { queueSms } from '@/lib/sms/queue-sms'
import { bulkSchema } from '@/lib/sms/schemas'
import { useThrowawayDb } from './db'
import { useSmsOrganisation, useTwilio } from './sms-kit'

// A bulk send far larger than the provider's rate: each message reserves its one slot and its job is scheduled at it,
// so the queue holds about two job rows per message, however long the backlog lasts. A database of its own: the worker
// here takes every send-sms job, and the rate's row is this file's. CHAOS_SMS messages (`npm test`: 300; `npm run
// chaos`: 1 000).
const SIZE = Number(process.env.CHAOS_SMS ?? 300)
/** Candidates who get two messages at once, whose order the worker's concurrent loops must keep. */
const PAIRS = 5
const { db, url: databaseUrl } = useThrowawayDb()
const twilio = useTwilio({ databaseUrl })
const org = useSmsOrganisation(db)
const saved = process.env.SMS_RATE_PER_SECOND
let worker: RunningWorker | undefined
beforeAll(async () => {
  process.env.SMS_RATE_PER_SECOND = '1'
  worker = await startJobWorker({ connectionString: databaseUrl, poolMax: 8 })
})
afterAll(async () => {
  await worker?.stop()
  if (saved === undefined) delete process.env.SMS_RATE_PER_SECOND
  else process.env.SMS_RATE_PER_SECOND = saved
})

const stamp = String(Date.now() % 1000).padStart(3, '0')
async function newCandidates(count: number, prefix: string) {
  return db
    .insert(s.candidates)
    .values(
      Array.from({ length: count }, (_, i) => ({
        organisationId: org.organisationId,
        firstName: `${prefix}${i}`,
        lastName: 'Sms',
        // 061…: a French mobile range whatever the stamp (07 is a mobile only from 073 up).
        phone: `061${prefix === 'Pair' ? 1 : 2}${stamp}${String(i).padStart(3, '0')}`,
        referentId: org.referentId,
      })),
    )
    .returning({ id: s.candidates.id })
}

describe('messages at the provider’s rate', () => {
  it(`keeps each candidate's order while ${PAIRS} candidates' two messages are taken by concurrent loops`, async () => {
    // A faster rate here: the order is what is tested, and ten messages leave in seconds.
    process.env.SMS_RATE_PER_SECOND = '4'
    onTestFinished(() => {
      process.env.SMS_RATE_PER_SECOND = '1'
    })
    const people = await newCandidates(PAIRS, 'Pair')
    const ids = people.map((p) => p.id)
    // One transaction: the two jobs of a candidate are created together, and the worker's loops take them in any order.
    await db.transaction(async (tx) => {
      for (const text of ['Convocation : atelier jeudi.', 'Annulation : pas d’atelier jeudi.'])
        await queueSms(tx, {
          organisationId: org.organisationId,
          authorId: org.referentId,
          kind: 'sheet',
          candidateIds: ids,
          text,
          now: new Date(),
        })
    })
    const handed = () =>
      db
        .select({ id: s.smsMessages.id })
        .from(s.smsMessages)
        .where(and(inArray(s.smsMessages.candidateId, ids), isNotNull(s.smsMessages.providerSid)))
    await expect.poll(async () => (await handed()).length, { timeout: 90_000, interval: 500 }).toBe(2 * PAIRS)
    const numbers = await db
      .select({ to: s.smsMessages.toNumber })
      .from(s.smsMessages)
      .where(inArray(s.smsMessages.candidateId, ids))
    for (const to of new Set(numbers.map((n) => n.to)))
      expect(
        twilio
          .standIn()
          .messages.filter((m) => m.to === to)
          .map((m) => m.body.split(' :')[0]),
      ).toEqual(['Convocation', 'Annulation'])
  }, 120_000)

  it(`queues ${SIZE} messages at 1 per second with job rows bounded by the messages, not by the seconds`, async () => {
    const people = await newCandidates(SIZE, 'Rate')
    const result = await sendBulkSms(db, {
      organisationId: org.organisationId,
      authorId: org.referentId,
      input: bulkSchema.parse({ candidateIds: people.map((p) => p.id), text: 'Bonjour {prenom}' }),
      now: new Date(),
    })
    if (!result.ok) throw new Error(result.error)
    expect(result.queued).toBe(SIZE)
    const started = performance.now()
    const counts = async () =>
      (
        await db.execute<{ jobs: number; slotted: number; sent: number }>(sql`
          select (select count(*)::int from pgboss.job j join sms_messages m on m.id::text = j.data->>'messageId'
                  where j.name = 'send-sms' and m.batch_id = ${result.batchId}) as jobs,
            (select count(*)::int from sms_messages where batch_id = ${result.batchId} and (slot_at is not null or status <> 'queued')) as slotted,
            (select count(*)::int from sms_messages where batch_id = ${result.batchId} and provider_sid is not null) as sent`)
      ).rows[0]!
    // Every message takes its slot (its job scheduled there) as the worker first runs its job: a few seconds a hundred
    // messages on a quiet machine, more when the build shares the cores. A message claimed at its slot gives the slot
    // back (slot_at cleared): it counts as one that had its slot.
    await expect
      .poll(async () => (await counts()).slotted, { timeout: 120_000, interval: 500 })
      .toBeGreaterThan(SIZE - 5)
    // Then time passes, the backlog stays: no job comes back before its slot to ask again.
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    const after = await counts()
    const seconds = (performance.now() - started) / 1000
    expect(after.jobs).toBeLessThanOrEqual(2 * SIZE + 10)
    // The rate holds: one a second, give or take the first slot.
    expect(after.sent).toBeGreaterThan(0)
    expect(after.sent).toBeLessThanOrEqual(Math.ceil(seconds) + 2)
    // Each message took one slot: the rate's next free slot is about SIZE seconds out.
    const { rows } = await db.execute<{ ahead: number }>(
      sql`select extract(epoch from (next_at - clock_timestamp()))::float8 as ahead from rate_slots where key = 'sms'`,
    )
    expect(rows[0]!.ahead).toBeGreaterThan(SIZE - seconds - 10)
    expect(rows[0]!.ahead).toBeLessThan(SIZE + 10)
    await db.execute(sql`delete from pgboss.job where name = 'send-sms'`)
    await db.update(s.smsMessages).set({ status: 'cancelled' }).where(eq(s.smsMessages.batchId, result.batchId))
  }, 180_000)
})
