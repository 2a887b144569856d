import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, notifications, organisations, smsMessages, smsTemplates, users } from '@/lib/db/schema'
import { toSmsNumber } from './mobile-number'
import type { SendingHours } from './sending-hours'
import { maskPersonalLinks } from './sealed-body'

/** The sheet and the journal's export mask links from here too (messages queued before the token was sealed). */
export { maskPersonalLinks }

/** Messages shown at once on a thread; older ones come with "Messages précédents". */
export const THREAD_PAGE_SIZE = 50

/**
 * A candidate's SMS thread, newest first, read from its covering index (organisation, candidate, created_at): the
 * organisation is part of the key, so another organisation's candidate has no thread here. `before` pages back.
 */

export async function smsThread(
  db: DbOrTx,
  params: {
    organisationId: string
    candidateId: string
    before?: { createdAt: Date; id: string } | null
    limit?: number
  },
) {
  const limit = params.limit ?? THREAD_PAGE_SIZE
  const rows = await db
    .select({
      id: smsMessages.id,
      direction: smsMessages.direction,
      status: smsMessages.status,
      kind: smsMessages.kind,
      body: smsMessages.body,
      segments: smsMessages.segments,
      scheduledFor: smsMessages.scheduledFor,
      errorCode: smsMessages.errorCode,
      statusAt: smsMessages.statusAt,
      createdAt: smsMessages.createdAt,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
    })
    .from(smsMessages)
    .leftJoin(users, eq(users.id, smsMessages.authorId))
    .where(
      and(
        eq(smsMessages.organisationId, params.organisationId),
        eq(smsMessages.candidateId, params.candidateId),
        params.before
          ? or(
              lt(smsMessages.createdAt, params.before.createdAt),
              and(eq(smsMessages.createdAt, params.before.createdAt), lt(smsMessages.id, params.before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(limit + 1)
  // A diagnosis link is the person's key: the thread shows that it was sent, not the key itself.
  return {
    messages: rows.slice(0, limit).map((m) => ({ ...m, body: maskPersonalLinks(m.body) })),
    hasMore: rows.length > limit,
  }
}
export type ThreadMessage = Awaited<ReturnType<typeof smsThread>>['messages'][number]

const referents = alias(users, 'referent')

/** What the composer needs of a candidate of the organisation (null: not found): its number, opt-out and template values. */
export async function smsRecipient(db: DbOrTx, organisationId: string, candidateId: string) {
  const [row] = await db
    .select({
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      phone: candidates.phone,
      optedOutAt: candidates.smsOptedOutAt,
      referentFirstName: referents.firstName,
      referentLastName: referents.lastName,
      referentPhone: referents.phone,
      organisationName: organisations.name,
      startMinute: organisations.smsWindowStartMinute,
      endMinute: organisations.smsWindowEndMinute,
      days: organisations.smsWindowDays,
    })
    .from(candidates)
    .innerJoin(organisations, eq(organisations.id, candidates.organisationId))
    .leftJoin(referents, eq(referents.id, candidates.referentId))
    .where(and(eq(candidates.id, candidateId), eq(candidates.organisationId, organisationId)))
  if (!row) return null
  const hours: SendingHours = { startMinute: row.startMinute, endMinute: row.endMinute, days: row.days }
  return { ...row, smsNumber: toSmsNumber(row.phone), hours }
}

/** The organisation's templates: active ones first by name, archived ones after (the settings page shows both). */
export function listTemplates(db: DbOrTx, organisationId: string, options: { includeArchived?: boolean } = {}) {
  return db
    .select({
      id: smsTemplates.id,
      name: smsTemplates.name,
      body: smsTemplates.body,
      archivedAt: smsTemplates.archivedAt,
      updatedAt: smsTemplates.updatedAt,
    })
    .from(smsTemplates)
    .where(
      and(
        eq(smsTemplates.organisationId, organisationId),
        options.includeArchived ? undefined : isNull(smsTemplates.archivedAt),
      ),
    )
    .orderBy(asc(smsTemplates.archivedAt), asc(smsTemplates.name))
}

export async function getTemplate(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.id, id), eq(smsTemplates.organisationId, organisationId)))
  return row ?? null
}

/** /v2/actions/dashboard, "Réponses à vos SMS": the unread replies to this user's messages, in the user's organisation. */
export function unreadSmsReplies(db: DbOrTx, params: { userId: string; organisationId: string }) {
  return db
    .select({
      notificationId: notifications.id,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      body: smsMessages.body,
      receivedAt: smsMessages.createdAt,
    })
    .from(notifications)
    .innerJoin(smsMessages, eq(smsMessages.id, sql`(${notifications.payload}->>'messageId')::uuid`))
    .innerJoin(candidates, eq(candidates.id, smsMessages.candidateId))
    .where(
      and(
        eq(notifications.userId, params.userId),
        eq(notifications.kind, 'smsReply'),
        isNull(notifications.readAt),
        eq(smsMessages.organisationId, params.organisationId),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(THREAD_PAGE_SIZE)
}
