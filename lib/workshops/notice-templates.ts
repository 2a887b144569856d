import { and, eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { workshopNoticeTemplates } from '@/lib/db/schema'
import {
  DEFAULT_NOTICES,
  fillNotice,
  NOTICE_KINDS,
  type NoticeInvitation,
  type NoticeKind,
  type NoticeWorkshop,
} from './notices'

/** The organisation's text for this kind (its own, or Passerelle's), with the workshop's values. */
export async function noticeText(
  tx: DbOrTx,
  organisationId: string,
  kind: NoticeKind,
  w: NoticeWorkshop | null,
  invitation?: NoticeInvitation,
): Promise<string> {
  const [own] = await tx
    .select({ body: workshopNoticeTemplates.body })
    .from(workshopNoticeTemplates)
    .where(and(eq(workshopNoticeTemplates.organisationId, organisationId), eq(workshopNoticeTemplates.kind, kind)))
  return fillNotice(own?.body ?? DEFAULT_NOTICES[kind], w, invitation)
}

/** The organisation's texts, each its own or the default, with whether it was rewritten. */
export async function listNotices(db: DbOrTx, organisationId: string) {
  const rows = await db
    .select({
      kind: workshopNoticeTemplates.kind,
      body: workshopNoticeTemplates.body,
      updatedAt: workshopNoticeTemplates.updatedAt,
    })
    .from(workshopNoticeTemplates)
    .where(eq(workshopNoticeTemplates.organisationId, organisationId))
  const own = new Map(rows.map((r) => [r.kind, r]))
  return NOTICE_KINDS.map((kind) => ({
    kind,
    body: own.get(kind)?.body ?? DEFAULT_NOTICES[kind],
    custom: own.has(kind),
    updatedAt: own.get(kind)?.updatedAt ?? null,
  }))
}

/**
 * Saves an organisation's text for one kind (parsed by noticeSchema), or goes back to Passerelle's (`body` null). The
 * messages already queued keep the text they were written with.
 */
export async function saveNotice(
  db: Db,
  actor: { id: string; organisationId: string },
  kind: NoticeKind,
  body: string | null,
  now: Date,
) {
  await db.transaction(async (tx) => {
    if (body === null || body === DEFAULT_NOTICES[kind]) {
      await tx
        .delete(workshopNoticeTemplates)
        .where(
          and(eq(workshopNoticeTemplates.organisationId, actor.organisationId), eq(workshopNoticeTemplates.kind, kind)),
        )
    } else {
      await tx
        .insert(workshopNoticeTemplates)
        .values({ organisationId: actor.organisationId, kind, body, updatedById: actor.id, updatedAt: now })
        .onConflictDoUpdate({
          target: [workshopNoticeTemplates.organisationId, workshopNoticeTemplates.kind],
          set: { body, updatedById: actor.id, updatedAt: now },
        })
    }
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: body === null ? 'workshopNotice.reset' : 'workshopNotice.updated',
      entityType: 'organisation',
      entityId: actor.organisationId,
      details: { kind },
    })
  })
}
