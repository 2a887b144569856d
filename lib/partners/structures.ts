import { and, eq, ne, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { provisionUser } from '@/lib/auth/provision-user'
import { endUserSessions } from '@/lib/auth/revoke'
import type { Db, DbOrTx } from '@/lib/db/client'
import { organisationPartnerStructures, organisations, partnerStructures, users } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { PARTNER_ROLE } from '@/lib/permissions'
import { queueInvitation } from '@/lib/settings/invitation'
import { partnerStructureSchema, partnerUserSchema, STRUCTURE_MESSAGES, type PartnerUserInput } from './schemas'
import { systemNow } from '@/lib/clock'
import { activeStructureAdmin, mayRunStructure, type StructureUser } from './running'

/**
 * Partner structures. One SIRET is one structure: an organisation that enters a SIRET Passerelle already knows links
 * to that structure (organisation_partner_structures) instead of duplicating it. Linking is working with it; its
 * details and partner users are changed only by those who run it (./running.ts). Each change is one transaction with
 * its audit row; anyone else gets "not found" and changes nothing.
 */
export type StructureActor = { organisationId: string; actorId: string }

/** The structure, if the organisation works with it (linked): what prescribing and a workshop's structure need. */
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

/** The structure's own data: changed only by those who run it. A change of its contact address is audited as such. */
export async function updatePartnerStructure(
  db: Db,
  user: StructureUser,
  structureId: string,
  input: unknown,
): Promise<Outcome> {
  const parsed = partnerStructureSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ email: partnerStructures.email })
      .from(partnerStructures)
      .where(eq(partnerStructures.id, structureId))
      .for('update')
    if (!current || !(await mayRunStructure(tx, user, structureId))) return NOT_FOUND
    const [other] = await tx
      .select({ id: partnerStructures.id })
      .from(partnerStructures)
      .where(and(eq(partnerStructures.siret, parsed.data.siret), ne(partnerStructures.id, structureId)))
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
      actorId: user.id,
      organisationId: user.organisationId,
      structureId,
      action: 'partnerStructure.updated',
      entityType: 'partnerStructure',
      entityId: structureId,
      details: { contactEmailChanged: (current.email ?? null) !== (parsed.data.email ?? null) },
    })
    return { ok: true as const }
  })
}

/** Whether the structure has a partner user who is not disabled (the first one invited runs it). */
async function hasPartnerUser(tx: DbOrTx, structureId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.structureId, structureId), eq(users.role, PARTNER_ROLE), eq(users.disabled, false)))
    .limit(1)
  return !!row
}

/** The inviter's name in the invitation mail: their organisation, or the structure itself. */
async function inviterName(tx: DbOrTx, user: { organisationId: string | null }, structureId: string) {
  const [row] = user.organisationId
    ? await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, user.organisationId))
    : await tx
        .select({ name: partnerStructures.name })
        .from(partnerStructures)
        .where(eq(partnerStructures.id, structureId))
  return row?.name
}

/**
 * Creates a partner user of the structure and queues their invitation (72 h link), on the caller's transaction. The
 * first partner user of a structure is its administrator. Returns the email-taken refusal, or the new user's id.
 */
export async function provisionPartnerUser(
  tx: DbOrTx,
  structureId: string,
  data: PartnerUserInput,
  inviter: string | undefined,
): Promise<Outcome<{ userId: string }>> {
  const email = data.email.toLowerCase()
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken)
    return { ok: false, error: STRUCTURE_MESSAGES.emailTaken, fieldErrors: { email: STRUCTURE_MESSAGES.emailTaken } }
  const first = !(await hasPartnerUser(tx, structureId))
  const result = await provisionUser(tx, { ...data, email, role: PARTNER_ROLE, structureId })
  if (!result.ok) return { ok: false, error: result.error }
  if (first) await tx.update(users).set({ structureAdmin: true }).where(eq(users.id, result.userId))
  await queueInvitation(tx, result.userId, systemNow().getTime(), inviter)
  return { ok: true, userId: result.userId }
}

/** A partner user invited by those who run the structure. */
export async function invitePartnerUser(
  db: Db,
  user: StructureUser,
  structureId: string,
  input: unknown,
): Promise<Outcome<{ userId: string }>> {
  const parsed = partnerUserSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  try {
    return await db.transaction(async (tx) => {
      if (!(await mayRunStructure(tx, user, structureId))) return NOT_FOUND
      const created = await provisionPartnerUser(tx, structureId, parsed.data, await inviterName(tx, user, structureId))
      if (!created.ok) return created
      await writeAudit(tx, {
        actorId: user.id,
        organisationId: user.organisationId,
        structureId,
        action: 'partnerUser.invited',
        entityType: 'user',
        entityId: created.userId,
        details: { structureId },
      })
      return created
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      return { ok: false, error: STRUCTURE_MESSAGES.emailTaken, fieldErrors: { email: STRUCTURE_MESSAGES.emailTaken } }
    throw error
  }
}

/**
 * One partner user of the structure, if the user runs the structure; else null. The structure's row is locked first:
 * two administrators disabling each other, or taking the role from each other, at once are served in turn, so the
 * structure never ends without an active administrator.
 */
async function partnerUserOf(tx: DbOrTx, user: StructureUser, structureId: string, userId: string) {
  await tx
    .select({ id: partnerStructures.id })
    .from(partnerStructures)
    .where(eq(partnerStructures.id, structureId))
    .for('update')
  if (!(await mayRunStructure(tx, user, structureId))) return null
  const [row] = await tx
    .select({ id: users.id, email: users.email, disabled: users.disabled, structureAdmin: users.structureAdmin })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.structureId, structureId), eq(users.role, PARTNER_ROLE)))
    .for('update')
  return row ?? null
}

/** Whether another active administrator than `userId` runs the structure. */
async function anotherAdmin(tx: DbOrTx, structureId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(activeStructureAdmin(structureId), ne(users.id, userId)))
    .limit(1)
  return !!row
}

/** Disabling ends the partner user's sessions at once; the structure keeps at least one active administrator. */
export async function setPartnerUserDisabled(
  db: Db,
  user: StructureUser,
  structureId: string,
  userId: string,
  disabled: boolean,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const target = await partnerUserOf(tx, user, structureId, userId)
    if (!target) return NOT_FOUND
    if (disabled && target.structureAdmin && user.structureId && !(await anotherAdmin(tx, structureId, userId)))
      return { ok: false as const, error: STRUCTURE_MESSAGES.lastAdmin }
    await tx
      .update(users)
      .set({ disabled, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
    if (disabled) await endUserSessions(tx, userId)
    await writeAudit(tx, {
      actorId: user.id,
      organisationId: user.organisationId,
      structureId,
      action: disabled ? 'partnerUser.disabled' : 'partnerUser.enabled',
      entityType: 'user',
      entityId: userId,
      details: { structureId },
    })
    return { ok: true as const }
  })
}

/** Hands the structure's administration on to one of its partner users, or takes it back (never from the last one). */
export async function setStructureAdmin(
  db: Db,
  user: StructureUser,
  structureId: string,
  userId: string,
  admin: boolean,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const target = await partnerUserOf(tx, user, structureId, userId)
    if (!target) return NOT_FOUND
    if (admin && target.disabled) return { ok: false as const, error: STRUCTURE_MESSAGES.disabledAccount }
    if (!admin && target.structureAdmin && !(await anotherAdmin(tx, structureId, userId)))
      return { ok: false as const, error: STRUCTURE_MESSAGES.lastAdmin }
    await tx
      .update(users)
      .set({ structureAdmin: admin, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
    await writeAudit(tx, {
      actorId: user.id,
      organisationId: user.organisationId,
      structureId,
      action: admin ? 'partnerUser.madeAdmin' : 'partnerUser.adminRemoved',
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
  user: StructureUser,
  structureId: string,
  userId: string,
): Promise<Outcome<{ email: string }>> {
  return db.transaction(async (tx) => {
    const target = await partnerUserOf(tx, user, structureId, userId)
    if (!target) return NOT_FOUND
    if (target.disabled) return { ok: false as const, error: STRUCTURE_MESSAGES.disabledAccount }
    await queueInvitation(tx, userId, systemNow().getTime(), await inviterName(tx, user, structureId))
    await writeAudit(tx, {
      actorId: user.id,
      organisationId: user.organisationId,
      structureId,
      action: 'partnerUser.invited',
      entityType: 'user',
      entityId: userId,
      details: { structureId },
    })
    return { ok: true as const, email: target.email }
  })
}
