import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { batchReport, sendBulkSms } from '@/lib/sms/bulk-send'
import { bulkSchema } from '@/lib/sms/schemas'
import { useJobWorker } from './auth-kit'
import { useTestDb } from './db'
import { eventually, smsCounts, useSmsCandidates, useSmsOrganisation, useTwilio } from './sms-kit'

// "Envoyer un SMS" on the dashboard's selection, sent by a real job worker through the Twilio stand-in: one
// transaction queues everything, the report names who got it, who was skipped and why.
const db = useTestDb()
const twilio = useTwilio()
const org = useSmsOrganisation(db)
useJobWorker()
const newCandidate = useSmsCandidates(db)

describe('a bulk send', () => {
  it('queues the messages in one transaction, skips the opted-out and the landline, and reports each candidate', async () => {
    const inOrg = { organisationId: org.organisationId, referentId: org.referentId }
    const alice = await newCandidate({ ...inOrg, firstName: 'Alice', lastName: 'Aubert' })
    const bruno = await newCandidate({ ...inOrg, firstName: 'Bruno', lastName: 'Bertin' })
    const chloe = await newCandidate({ ...inOrg, firstName: 'Chloé', lastName: 'Colin' })
    const denis = await newCandidate({ ...inOrg, firstName: 'Denis', lastName: 'Durand', smsOptedOutAt: new Date() })
    const eva = await newCandidate({ ...inOrg, firstName: 'Éva', lastName: 'Ernst', phone: '02 35 00 00 00' })
    const input = bulkSchema.parse({
      candidateIds: [alice.id, bruno.id, chloe.id, denis.id, eva.id],
      text: 'Bonjour {prenom}, atelier CV jeudi à 14 h. {referent}',
    })
    const result = await sendBulkSms(db, {
      organisationId: org.organisationId,
      authorId: org.referentId,
      input,
      now: new Date(),
    })
    expect(result).toMatchObject({ ok: true, queued: 3, skipped: 2 })
    if (!result.ok) return
    const bodies = await db
      .select({ candidateId: s.smsMessages.candidateId, body: s.smsMessages.body, kind: s.smsMessages.kind })
      .from(s.smsMessages)
      .where(eq(s.smsMessages.batchId, result.batchId))
    expect(bodies.find((b) => b.candidateId === alice.id)).toMatchObject({
      body: 'Bonjour Alice, atelier CV jeudi à 14 h. Rémi Test',
      kind: 'bulk',
    })

    const report = await eventually(async () => {
      const r = await batchReport(db, { organisationId: org.organisationId, batchId: result.batchId, now: new Date() })
      return r?.done && r.rows.filter((row) => row.outcome === 'sent').length === 3 && r
    }, 20_000)
    expect(report.counts).toEqual({ sent: 3, failed: 0, skipped: 2, pending: 0, scheduled: 0 })
    expect(report.rows.map((r) => [r.name, r.outcome, r.reason])).toEqual([
      ['Aubert Alice', 'sent', null],
      ['Bertin Bruno', 'sent', null],
      ['Colin Chloé', 'sent', null],
      ['Durand Denis', 'skipped', 'optedOut'],
      ['Ernst Éva', 'skipped', 'noMobile'],
    ])
    // Twilio got exactly the three, each once.
    const numbers = (
      await db
        .select({ to: s.smsMessages.toNumber })
        .from(s.smsMessages)
        .where(eq(s.smsMessages.batchId, result.batchId))
    ).map((m) => m.to)
    expect(twilio.standIn().messages.filter((m) => numbers.includes(m.to))).toHaveLength(3)
  })

  it('refuses a selection holding another organisation’s candidate, and writes nothing', async () => {
    const mine = await newCandidate({ organisationId: org.organisationId })
    const before = await smsCounts(db)
    const input = bulkSchema.parse({
      candidateIds: [mine.id, (await newCandidate({ organisationId: demoIds.orgLyon })).id],
      text: 'Bonjour',
    })
    const result = await sendBulkSms(db, {
      organisationId: org.organisationId,
      authorId: org.referentId,
      input,
      now: new Date(),
    })
    expect(result).toEqual({
      ok: false,
      error: 'Certains candidats sont introuvables\u00a0: aucun SMS n’a été envoyé.',
    })
    expect(await smsCounts(db)).toEqual(before)
  })

  it('another organisation’s batch has no report', async () => {
    const mine = await newCandidate({ organisationId: org.organisationId })
    const result = await sendBulkSms(db, {
      organisationId: org.organisationId,
      authorId: org.referentId,
      input: bulkSchema.parse({ candidateIds: [mine.id], text: 'Bonjour' }),
      now: new Date(),
    })
    if (!result.ok) throw new Error('not sent')
    expect(
      await batchReport(db, { organisationId: demoIds.orgSeineMaritime, batchId: result.batchId, now: new Date() }),
    ).toBeNull()
    const skips = await db
      .select()
      .from(s.smsBatchSkips)
      .where(and(eq(s.smsBatchSkips.batchId, result.batchId), inArray(s.smsBatchSkips.candidateId, [mine.id])))
    expect(skips).toEqual([])
  })
})
