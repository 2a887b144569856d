import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { smsTemplates } from '@/lib/db/schema'
import { SMS_MESSAGES } from './messages'
import type { TemplateInput } from './schemas'

export type TemplateActor = { id: string; organisationId: string }
export type TemplateOutcome =
  { ok: true; id: string } | { ok: false; error: string; field?: 'name' | 'body' } | { ok: false; notFound: true }

/** Another active template of the organisation with this name (case and accents as typed, spaces trimmed)? */
async function nameTaken(tx: DbOrTx, organisationId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: smsTemplates.id })
    .from(smsTemplates)
    .where(
      and(
        eq(smsTemplates.organisationId, organisationId),
        isNull(smsTemplates.archivedAt),
        sql`lower(${smsTemplates.name}) = lower(${name})`,
        exceptId ? ne(smsTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return !!row
}

/**
 * /v2/settings/templates: an administrator's templates, each change in one transaction with its audit row. Texts are
 * checked by templateSchema (known variables, 6 SMS at most) before these are called.
 */
export async function createTemplate(
  db: Db,
  actor: TemplateActor,
  input: TemplateInput,
  now: Date,
): Promise<TemplateOutcome> {
  return db.transaction(async (tx) => {
    // Two administrators saving the same name at once: serialised per organisation.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms_templates'), hashtext(${actor.organisationId}))`)
    if (await nameTaken(tx, actor.organisationId, input.name))
      return { ok: false, error: SMS_MESSAGES.templateNameTaken, field: 'name' } as const
    const [row] = await tx
      .insert(smsTemplates)
      .values({
        organisationId: actor.organisationId,
        name: input.name,
        body: input.body.trim(),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: smsTemplates.id })
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'smsTemplate.created',
      entityType: 'smsTemplate',
      entityId: row!.id,
    })
    return { ok: true, id: row!.id } as const
  })
}

export async function updateTemplate(
  db: Db,
  actor: TemplateActor,
  id: string,
  input: TemplateInput,
  now: Date,
): Promise<TemplateOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms_templates'), hashtext(${actor.organisationId}))`)
    const [current] = await tx
      .select({ id: smsTemplates.id })
      .from(smsTemplates)
      .where(and(eq(smsTemplates.id, id), eq(smsTemplates.organisationId, actor.organisationId)))
      .for('update')
    if (!current) return { ok: false, notFound: true } as const
    if (await nameTaken(tx, actor.organisationId, input.name, id))
      return { ok: false, error: SMS_MESSAGES.templateNameTaken, field: 'name' } as const
    await tx
      .update(smsTemplates)
      .set({ name: input.name, body: input.body.trim(), updatedAt: now })
      .where(eq(smsTemplates.id, id))
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'smsTemplate.updated',
      entityType: 'smsTemplate',
      entityId: id,
    })
    return { ok: true, id } as const
  })
}

/** Archived: no longer offered by the composer; the messages written with it keep it. Restoring checks the name again. */
export async function setTemplateArchived(
  db: Db,
  actor: TemplateActor,
  id: string,
  archived: boolean,
  now: Date,
): Promise<TemplateOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms_templates'), hashtext(${actor.organisationId}))`)
    const [current] = await tx
      .select({ id: smsTemplates.id, name: smsTemplates.name })
      .from(smsTemplates)
      .where(and(eq(smsTemplates.id, id), eq(smsTemplates.organisationId, actor.organisationId)))
      .for('update')
    if (!current) return { ok: false, notFound: true } as const
    if (!archived && (await nameTaken(tx, actor.organisationId, current.name, id)))
      return { ok: false, error: SMS_MESSAGES.templateNameTaken, field: 'name' } as const
    await tx
      .update(smsTemplates)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(smsTemplates.id, id))
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: archived ? 'smsTemplate.archived' : 'smsTemplate.restored',
      entityType: 'smsTemplate',
      entityId: id,
    })
    return { ok: true, id } as const
  })
}
