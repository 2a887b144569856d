import { and, eq, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { provisionUser } from '@/lib/auth/provision-user'
import { endUserSessions } from '@/lib/auth/revoke'
import type { Db, DbOrTx } from '@/lib/db/client'
import { organisationPartnerStructures, organisations, partnerStructures, users } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/directory/fields'
import { queueInvitation } from '@/lib/settings/invitation'
import { partnerStructureSchema, partnerUserSchema, STRUCTURE_MESSAGES } from './schemas'
import { systemNow } from '@/lib/clock'

/**
 * Issue 12 §1: partner structures. One SIRET is one structure: an organisation that enters a SIRET Passerelle already
 * knows links to that structure (organisation_partner_structures) instead of duplicating it, and the structure's own
 * data stays as its partner and first organisation wrote it. Each change is one transaction with its audit row.
 */
export type StructureActor = { organisationId: string; actorId: string }

/** The structure, if the organisation works with it (linked; shared structures are read-only for organisations). */
export async function linkedStructure(db: DbOrTx, organisationId: string, structureId: string) {
  const [row] = await db
    .select({ id: partnerStructures.id, name: partnerStructures.name })
    .from(partnerStructures)
    .innerJoin(
      organisationPartnerStructures,
      and(
        eq(organisationPartnerStructures.structureId, partnerStructures.id),
        eq(organisationPartnerStructures.organisationId, organisationId),
      ),
    )
    .where(eq(partnerStructures.id, structureId))
  return row ?? null
}

export async function createPartnerStructure(
  db: Db,
  actor: StructureActor,
  input: unknown,
): Promise<Outcome<{ id: string; linked: boolean }>> {
  const parsed = partnerStructureSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const data = parsed.data
  return db.transaction(async (tx) => {
    // Two organisations entering one SIRET at once: the unique index keeps one row, the other links to it.
    const [created] = await tx
      .insert(partnerStructures)
      .values({ ...data, organisationId: actor.organisationId })
      .onConflictDoNothing({ target: partnerStructures.siret, where: sql`siret is not null` })
      .returning({ id: partnerStructures.id })
    const id =
      created?.id ??
      (
        await tx
          .select({ id: partnerStructures.id })
          .from(partnerStructures)
          .where(eq(partnerStructures.siret, data.siret))
      )[0]!.id
    const [link] = await tx
      .insert(organisationPartnerStructures)
      .values({ organisationId: actor.organisationId, structureId: id })
      .onConflictDoNothing()
      .returning({ id: organisationPartnerStructures.structureId })
    if (!link)
      return {
        ok: false as const,
        error: STRUCTURE_MESSAGES.alreadyPartner,
        fieldErrors: { siret: STRUCTURE_MESSAGES.alreadyPartner },
        existingId: id,
      }
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: created ? 'partnerStructure.created' : 'partnerStructure.linked',
      entityType: 'partnerStructure',
      entityId: id,
    })
    return { ok: true as const, id, linked: !created }
  })
}

/** The structure's own data: an administrator of an organisation linked to it, or its own partner user, edits it. */
export async function updatePartnerStructure(
  db: Db,
  actor: { actorId: string; organisationId: string | null; structureId: string | null },
  structureId: string,
  input: unknown,
): Promise<Outcome> {
  const parsed = partnerStructureSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx) => {
    const allowed =
      actor.structureId === structureId ||
      (actor.organisationId && (await linkedStructure(tx, actor.organisationId, structureId)))
    if (!allowed) return NOT_FOUND
    const [other] = await tx
      .select({ id: partnerStructures.id })
      .from(partnerStructures)
      .where(and(eq(partnerStructures.siret, parsed.data.siret), sql`${partnerStructures.id} <> ${structureId}`))
    if (other)
      return {
        ok: false as const,
        error: STRUCTURE_MESSAGES.siretTaken,
        fieldErrors: { siret: STRUCTURE_MESSAGES.siretTaken },
      }
    await tx
      .update(partnerStructures)
      .set({ ...parsed.data, updatedAt: sql`now()` })
      .where(eq(partnerStructures.id, structureId))
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'partnerStructure.updated',
      entityType: 'partnerStructure',
      entityId: structureId,
    })
    return { ok: true as const }
  })
}

/** A fullPartner of the structure, invited by an administrator of a linked organisation (72 h link, as for staff). */
export async function invitePartnerUser(
  db: Db,
  actor: StructureActor,
  structureId: string,
  input: unknown,
): Promise<Outcome<{ userId: string }>> {
  const parsed = partnerUserSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  try {
    return await db.transaction(async (tx) => {
      if (!(await linkedStructure(tx, actor.organisationId, structureId))) return NOT_FOUND
      const email = parsed.data.email.toLowerCase()
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
      if (taken)
        return {
          ok: false as const,
          error: STRUCTURE_MESSAGES.emailTaken,
          fieldErrors: { email: STRUCTURE_MESSAGES.emailTaken },
        }
      const result = await provisionUser(tx, { ...parsed.data, email, role: 'fullPartner', structureId })
      if (!result.ok) return { ok: false as const, error: result.error }
      const [organisation] = await tx
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, actor.organisationId))
      await queueInvitation(tx, result.userId, systemNow().getTime(), organisation?.name)
      await writeAudit(tx, {
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'partnerUser.invited',
        entityType: 'user',
        entityId: result.userId,
        details: { structureId },
      })
      return { ok: true as const, userId: result.userId }
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      return { ok: false, error: STRUCTURE_MESSAGES.emailTaken, fieldErrors: { email: STRUCTURE_MESSAGES.emailTaken } }
    throw error
  }
}

async function partnerUserOf(tx: DbOrTx, actor: StructureActor, structureId: string, userId: string) {
  if (!(await linkedStructure(tx, actor.organisationId, structureId))) return null
  const [user] = await tx
    .select({ id: users.id, email: users.email, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.structureId, structureId), eq(users.role, 'fullPartner')))
  return user ?? null
}

/** Disabling ends the partner user's sessions at once; enabling lets them sign in again. */
export async function setPartnerUserDisabled(
  db: Db,
  actor: StructureActor,
  structureId: string,
  userId: string,
  disabled: boolean,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    if (!(await partnerUserOf(tx, actor, structureId, userId))) return NOT_FOUND
    await tx
      .update(users)
      .set({ disabled, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
    if (disabled) await endUserSessions(tx, userId)
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: disabled ? 'partnerUser.disabled' : 'partnerUser.enabled',
      entityType: 'user',
      entityId: userId,
      details: { structureId },
    })
    return { ok: true as const }
  })
}

/** A new 72 h link; earlier ones keep their own expiry. */
export async function reinvitePartnerUser(
  db: Db,
  actor: StructureActor,
  structureId: string,
  userId: string,
): Promise<Outcome<{ email: string }>> {
  return db.transaction(async (tx) => {
    const user = await partnerUserOf(tx, actor, structureId, userId)
    if (!user) return NOT_FOUND
    if (user.disabled) return { ok: false as const, error: STRUCTURE_MESSAGES.disabledAccount }
    const [organisation] = await tx
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, actor.organisationId))
    await queueInvitation(tx, userId, systemNow().getTime(), organisation?.name)
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'partnerUser.invited',
      entityType: 'user',
      entityId: userId,
      details: { structureId },
    })
    return { ok: true as const, email: user.email }
  })
}
