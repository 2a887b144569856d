import { and, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { writeAudit } from '@/lib/audit'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, organisations, smsMessages, users } from '@/lib/db/schema'
import { enqueue } from '@/lib/queue/enqueue'
import { toSmsNumber } from './mobile-number'
import { MAX_SEGMENTS, smsLength } from './segments'
import { storedSmsBody } from './sealed-body'
import { nextSendingTime, type SendingHours } from './sending-hours'
import { fillTemplate, templateValues } from './template-variables'

export type SkipReason = 'noMobile' | 'optedOut' | 'tooLong' | 'empty' | 'notFound'
export type RecipientOutcome =
  | { candidateId: string; ok: true; messageId: string; scheduledFor: Date }
  | { candidateId: string; ok: false; reason: SkipReason; segments?: number }

export type QueueSmsParams = {
  organisationId: string
  /** The writer; null for the app's own messages (a workshop's convocation…). */
  authorId: string | null
  /** 'sheet', 'bulk', or a module's kind ('workshop.convocation'…). */
  kind: string
  candidateIds: string[]
  /** The text, with template variables ({prenom}…) filled per candidate. */
  text: string
  templateId?: string | null
  batchId?: string | null
  /** A chosen time; null: now. Either way moved to the start of the next sending window when outside it. */
  scheduledFor?: Date | null
  now: Date
}

const referents = alias(users, 'referent')

/**
 * Writes SMS to candidates of the organisation, with their send jobs, on `db` — the caller's transaction, so that they
 * exist exactly when the change that causes them commits. Set-based (a few statements whatever the count), so that a
 * bulk send of thousands stays one short transaction. A candidate without a mobile number, opted out, or whose text
 * would be empty or longer than 6 SMS is skipped with its reason; nothing is written for them.
 */
export async function queueSms(db: DbOrTx, params: QueueSmsParams): Promise<RecipientOutcome[]> {
  const { organisationId, now } = params
  const ids = [...new Set(params.candidateIds)]
  if (ids.length === 0) return []
  const [organisation] = await db
    .select({
      name: organisations.name,
      startMinute: organisations.smsWindowStartMinute,
      endMinute: organisations.smsWindowEndMinute,
      days: organisations.smsWindowDays,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  if (!organisation) return ids.map((candidateId) => ({ candidateId, ok: false, reason: 'notFound' }))
  const [author] = params.authorId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(users)
        .where(and(eq(users.id, params.authorId), eq(users.organisationId, organisationId)))
    : []
  const rows = await db
    .select({
      id: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      phone: candidates.phone,
      optedOutAt: candidates.smsOptedOutAt,
      referentFirstName: referents.firstName,
      referentLastName: referents.lastName,
      referentPhone: referents.phone,
    })
    .from(candidates)
    .leftJoin(referents, eq(referents.id, candidates.referentId))
    .where(and(eq(candidates.organisationId, organisationId), inArray(candidates.id, ids)))
  const byId = new Map(rows.map((r) => [r.id, r]))

  const hours: SendingHours = {
    startMinute: organisation.startMinute,
    endMinute: organisation.endMinute,
    days: organisation.days,
  }
  const scheduledFor = nextSendingTime(params.scheduledFor ?? now, hours)
  const outcomes: RecipientOutcome[] = []
  const toInsert: (typeof smsMessages.$inferInsert)[] = []
  for (const candidateId of ids) {
    const c = byId.get(candidateId)
    if (!c) {
      outcomes.push({ candidateId, ok: false, reason: 'notFound' })
      continue
    }
    if (c.optedOutAt) {
      outcomes.push({ candidateId, ok: false, reason: 'optedOut' })
      continue
    }
    const to = toSmsNumber(c.phone)
    if (!to) {
      outcomes.push({ candidateId, ok: false, reason: 'noMobile' })
      continue
    }
    const values = templateValues({
      candidate: c,
      referent:
        c.referentFirstName !== null
          ? { firstName: c.referentFirstName, lastName: c.referentLastName, phone: c.referentPhone }
          : null,
      sender: author ?? null,
      organisationName: organisation.name,
    })
    const body = fillTemplate(params.text, values).trim()
    const length = smsLength(body)
    if (length.segments === 0) {
      outcomes.push({ candidateId, ok: false, reason: 'empty' })
      continue
    }
    if (length.segments > MAX_SEGMENTS) {
      outcomes.push({ candidateId, ok: false, reason: 'tooLong', segments: length.segments })
      continue
    }
    toInsert.push({
      organisationId,
      candidateId,
      authorId: author ? params.authorId : null,
      kind: params.kind,
      // A diagnosis link's token is not kept in clear: masked in the text, the whole text sealed until it is sent.
      ...storedSmsBody(body),
      toNumber: to,
      segments: length.segments,
      scheduledFor,
      statusAt: now,
      createdAt: now,
      batchId: params.batchId ?? null,
      templateId: params.templateId ?? null,
    })
  }
  if (toInsert.length === 0) return outcomes

  const inserted = await db
    .insert(smsMessages)
    .values(toInsert)
    .returning({ id: smsMessages.id, candidateId: smsMessages.candidateId })
  await enqueue(
    db,
    inserted.map((m) => ({
      queue: 'send-sms',
      data: { messageId: m.id },
      startAfter: scheduledFor > now ? scheduledFor : undefined,
    })),
    { now },
  )
  await writeAudit(
    db,
    inserted.map((m) => ({
      actorId: author ? params.authorId : null,
      organisationId,
      action: 'sms.queued',
      entityType: 'candidate',
      entityId: m.candidateId,
      details: {
        messageId: m.id,
        kind: params.kind,
        batchId: params.batchId ?? null,
        templateId: params.templateId ?? null,
      },
    })),
  )
  for (const m of inserted) outcomes.push({ candidateId: m.candidateId, ok: true, messageId: m.id, scheduledFor })
  return outcomes
}
