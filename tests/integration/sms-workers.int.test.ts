import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { sendBulkSms } from '@/lib/sms/bulk-send'
import { bulkSchema } from '@/lib/sms/schemas'
import { useJobWorker } from './auth-kit'
import { useTestDb } from './db'
import { eventually, useSmsCandidates, useSmsOrganisation, useTwilio } from './sms-kit'

// Two job workers on one database: pg-boss hands each job to one of them, so every message leaves exactly once.
const db = useTestDb()
const twilio = useTwilio()
const org = useSmsOrganisation(db)
useJobWorker()
useJobWorker()
const newCandidate = useSmsCandidates(db)

describe('two workers, one database', () => {
  it('send each of 120 messages once', async () => {
    const people = []
    for (let i = 0; i < 120; i++)
      people.push(await newCandidate({ organisationId: org.organisationId, firstName: `Personne${i}` }))
    const result = await sendBulkSms(db, {
      organisationId: org.organisationId,
      authorId: org.referentId,
      input: bulkSchema.parse({ candidateIds: people.map((p) => p.id), text: 'Bonjour {prenom}' }),
      now: new Date(),
    })
    expect(result).toMatchObject({ ok: true, queued: 120 })
    if (!result.ok) return
    const rows = await eventually(async () => {
      const r = await db
        .select({ status: s.smsMessages.status, sid: s.smsMessages.providerSid, to: s.smsMessages.toNumber })
        .from(s.smsMessages)
        .where(eq(s.smsMessages.batchId, result.batchId))
      return r.every((m) => m.sid !== null) && r
    }, 30_000)
    const numbers = new Set(rows.map((r) => r.to))
    const received = twilio.standIn().messages.filter((m) => numbers.has(m.to))
    expect(received).toHaveLength(120)
    expect(new Set(received.map((m) => m.body)).size).toBe(120)
    expect(new Set(rows.map((r) => r.sid)).size).toBe(120)
  })
})
