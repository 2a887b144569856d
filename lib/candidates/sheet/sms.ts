import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { notifications, smsMessages } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { listTemplates, smsRecipient, smsThread, type ThreadMessage } from '@/lib/sms/queries'
import { composerValues } from './overview'
import type { SheetScope } from './sections'

type Sender = { firstName: string; lastName: string; phone?: string | null }

/**
 * The SMS tab: one page of the conversation (older than `before`, a message of this thread), the candidate's number,
 * opt-out and sending hours, and, for a user who may write, the composer's templates and values. Null: no such
 * candidate. It reads only: the replies it shows are marked read by the tab once shown (markSmsRepliesRead).
 */
export async function loadSheetSms(
  db: DbOrTx,
  params: SheetScope & { before?: string; sender: Sender | null; at: Date },
) {
  const { organisationId, candidateId, before, sender, at } = params
  const cursor = before && isUuid(before) ? await cursorOf(db, { organisationId, candidateId }, before) : null
  const [recipient, thread, templates] = await Promise.all([
    smsRecipient(db, organisationId, candidateId),
    smsThread(db, { organisationId, candidateId, before: cursor }),
    sender ? listTemplates(db, organisationId) : [],
  ])
  if (!recipient) return null
  return {
    recipient,
    messages: [...thread.messages].reverse(),
    olderThan: thread.hasMore ? thread.messages.at(-1)!.id : null,
    paged: !!cursor,
    pending: !cursor && isPending(thread.messages, at.getTime()),
    composer: sender && {
      templates: templates.map((t) => ({ id: t.id, name: t.name, body: t.body })),
      values: composerValues(recipient, sender),
    },
  }
}
export type SheetSmsData = NonNullable<Awaited<ReturnType<typeof loadSheetSms>>>

/**
 * Whether the thread is still moving (a message leaving within the minute or under way, or one sent in the last five
 * minutes that a reply may follow): the tab then refreshes itself.
 */
function isPending(newestFirst: ThreadMessage[], at: number): boolean {
  const last = newestFirst[0]
  return (
    newestFirst.some(
      (m) =>
        m.status === 'sending' ||
        m.status === 'sent' ||
        (m.status === 'queued' && m.scheduledFor.getTime() < at + 60_000),
    ) ||
    (last?.direction === 'outbound' && at - last.createdAt.getTime() < 5 * 60_000)
  )
}

async function cursorOf(db: DbOrTx, { organisationId, candidateId }: SheetScope, id: string) {
  const [row] = await db
    .select({ createdAt: smsMessages.createdAt, id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.id, id),
        eq(smsMessages.organisationId, organisationId),
        eq(smsMessages.candidateId, candidateId),
      ),
    )
  return row ?? null
}

/**
 * The user's notices of the replies of a candidate of their organisation, marked read once the tab showed them.
 * Idempotent: a notice already read keeps its first reading time. Returns how many it marked.
 */
export async function markSmsRepliesRead(
  db: DbOrTx,
  params: SheetScope & { userId: string; at: Date },
): Promise<number> {
  const { rowCount } = await db
    .update(notifications)
    .set({ readAt: params.at })
    .where(
      and(
        eq(notifications.userId, params.userId),
        eq(notifications.kind, 'smsReply'),
        isNull(notifications.readAt),
        sql`${notifications.payload}->>'candidateId' = ${params.candidateId}`,
        sql`exists (select 1 from candidates c
          where c.id = ${params.candidateId}::uuid and c.organisation_id = ${params.organisationId}::uuid)`,
      ),
    )
  return rowCount ?? 0
}
