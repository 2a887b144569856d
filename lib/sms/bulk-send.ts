import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, smsBatches, smsBatchSkips, smsMessages, smsTemplates } from '@/lib/db/schema'
import { listName } from '@/lib/person-name'
import { SMS_MESSAGES } from './messages'
import { queueSms, type SkipReason } from './queue-sms'
import type { BulkInput } from './schemas'

export type BulkSendResult =
  { ok: true; batchId: string; queued: number; skipped: number } | { ok: false; error: string }

/**
 * "Envoyer un SMS" on the dashboard's selection: one transaction writes the batch, every message with its send job
 * and audit row, and the candidates left out with their reason (no mobile number, opted out, text too long) — set-based,
 * so that 1 000 candidates take a few statements. The worker then sends them; `batchReport` follows the progress.
 * A candidate of another organisation in the selection refuses the whole send.
 */
export async function sendBulkSms(
  db: Db,
  params: { organisationId: string; authorId: string; input: BulkInput; now: Date },
): Promise<BulkSendResult> {
  const { organisationId, authorId, input, now } = params
  return db.transaction(async (tx) => {
    if (input.templateId) {
      const [template] = await tx
        .select({ id: smsTemplates.id })
        .from(smsTemplates)
        .where(
          and(
            eq(smsTemplates.id, input.templateId),
            eq(smsTemplates.organisationId, organisationId),
            sql`${smsTemplates.archivedAt} is null`,
          ),
        )
      if (!template) return { ok: false, error: SMS_MESSAGES.templateNotFound } as const
    }
    const [found] = await tx
      .select({ n: count() })
      .from(candidates)
      .where(and(eq(candidates.organisationId, organisationId), inArray(candidates.id, input.candidateIds)))
    if ((found?.n ?? 0) !== input.candidateIds.length)
      return { ok: false, error: 'Certains candidats sont introuvables\u00a0: aucun SMS n’a été envoyé.' } as const

    const [batch] = await tx
      .insert(smsBatches)
      .values({
        organisationId,
        authorId,
        templateId: input.templateId ?? null,
        requested: input.candidateIds.length,
        queued: 0,
        createdAt: now,
      })
      .returning({ id: smsBatches.id })
    const outcomes = await queueSms(tx, {
      organisationId,
      authorId,
      kind: 'bulk',
      candidateIds: input.candidateIds,
      text: input.text,
      templateId: input.templateId ?? null,
      batchId: batch!.id,
      now,
    })
    const skipped = outcomes.filter((o): o is Extract<typeof o, { ok: false }> => !o.ok)
    if (skipped.length)
      await tx
        .insert(smsBatchSkips)
        .values(skipped.map((o) => ({ batchId: batch!.id, candidateId: o.candidateId, reason: o.reason })))
    const queued = outcomes.length - skipped.length
    await tx.update(smsBatches).set({ queued }).where(eq(smsBatches.id, batch!.id))
    return { ok: true, batchId: batch!.id, queued, skipped: skipped.length } as const
  })
}

export type BatchRow = {
  candidateId: string
  name: string
  outcome: 'pending' | 'sent' | 'failed' | 'skipped'
  reason: SkipReason | string | null
  scheduledFor: Date | null
}

/**
 * A batch's progress and report, in the organisation only: each candidate with its outcome — sent (sent or
 * delivered), failed (failed, undelivered, cancelled, or `unknown`: no longer on its way, left to a person under
 * "Envois en échec", its reason saying so), skipped (with its reason) or still pending.
 * `done` once nothing is left to send now (messages held for the next sending window count as scheduled).
 */
export async function batchReport(db: DbOrTx, params: { organisationId: string; batchId: string; now: Date }) {
  const [batch] = await db
    .select({
      id: smsBatches.id,
      requested: smsBatches.requested,
      queued: smsBatches.queued,
      createdAt: smsBatches.createdAt,
    })
    .from(smsBatches)
    .where(and(eq(smsBatches.id, params.batchId), eq(smsBatches.organisationId, params.organisationId)))
  if (!batch) return null
  const [messages, skips] = await Promise.all([
    db
      .select({
        candidateId: smsMessages.candidateId,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        status: smsMessages.status,
        errorCode: smsMessages.errorCode,
        scheduledFor: smsMessages.scheduledFor,
      })
      .from(smsMessages)
      .innerJoin(candidates, eq(candidates.id, smsMessages.candidateId))
      .where(and(eq(smsMessages.batchId, batch.id), eq(smsMessages.organisationId, params.organisationId))),
    db
      .select({
        candidateId: smsBatchSkips.candidateId,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        reason: smsBatchSkips.reason,
      })
      .from(smsBatchSkips)
      .innerJoin(candidates, eq(candidates.id, smsBatchSkips.candidateId))
      .where(eq(smsBatchSkips.batchId, batch.id)),
  ])
  const rows: BatchRow[] = [
    ...messages.map((m) => ({
      candidateId: m.candidateId,
      name: listName(m),
      outcome: (m.status === 'sent' || m.status === 'delivered'
        ? 'sent'
        : m.status === 'failed' || m.status === 'undelivered' || m.status === 'cancelled' || m.status === 'unknown'
          ? 'failed'
          : 'pending') as BatchRow['outcome'],
      reason: m.errorCode,
      scheduledFor: m.status === 'queued' ? m.scheduledFor : null,
    })),
    ...skips.map((s) => ({
      candidateId: s.candidateId,
      name: listName(s),
      outcome: 'skipped' as const,
      reason: s.reason,
      scheduledFor: null,
    })),
  ].sort((a, b) => a.name.localeCompare(b.name, 'fr'))
  const counts = { sent: 0, failed: 0, skipped: 0, pending: 0, scheduled: 0 }
  for (const r of rows) {
    if (r.outcome === 'pending' && r.scheduledFor && r.scheduledFor.getTime() > params.now.getTime() + 60_000)
      counts.scheduled += 1
    else counts[r.outcome] += 1
  }
  return { batch, rows, counts, done: counts.pending === 0 }
}
