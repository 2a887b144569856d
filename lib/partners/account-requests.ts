import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { appUrl } from '@/lib/auth/app-url'
import type { Db, DbOrTx } from '@/lib/db/client'
import {
  organisationRolePermissions,
  organisations,
  partnerStructures,
  structureAccountRequests,
  users,
} from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { queueMail } from '@/lib/mail/queue-mail'
import { activeStaffOf } from '@/lib/organisation/active-staff'
import { can } from '@/lib/permissions'
import { governanceOf, activeStructureAdmin, mayRunStructure, worksWith, type StructureUser } from './running'
import { partnerUserSchema, STRUCTURE_MESSAGES } from './schemas'
import { provisionPartnerUser } from './structures'

export const REQUEST_MESSAGES = {
  runsIt: 'Vous gérez cette structure\u00a0: invitez directement la personne.',
  nobody:
    'Cette structure est partagée et n’a pas encore d’administrateur\u00a0: personne ne peut accepter une demande de compte.',
  pending: 'Une demande est déjà en attente pour cette adresse.',
  decided: 'Cette demande a déjà reçu une réponse.',
} as const

/** Who decides the structure's requests, by email: its active administrators, else the creating organisation's. */
async function decidersOf(tx: DbOrTx, structureId: string): Promise<string[]> {
  const governance = await governanceOf(tx, structureId)
  if (!governance || governance.runBy === 'nobody') return []
  if (governance.runBy === 'structure')
    return (await tx.select({ email: users.email }).from(users).where(activeStructureAdmin(structureId))).map(
      (u) => u.email,
    )
  const staff = await tx
    .select({
      email: users.email,
      role: users.role,
      permissions: users.permissions,
      rolePermissions: organisationRolePermissions.permissions,
    })
    .from(users)
    .leftJoin(
      organisationRolePermissions,
      and(
        eq(organisationRolePermissions.organisationId, users.organisationId),
        eq(organisationRolePermissions.role, users.role),
      ),
    )
    .where(activeStaffOf(governance.creatingOrganisationId!))
  return staff.filter((u) => can(u, 'partners.structure.modify')).map((u) => u.email)
}

const structureLink = (structureId: string) => `${appUrl()}/partners/structure/${structureId}`

/**
 * An organisation that works with a structure it does not run asks for a partner account to be invited there. Those
 * who run it are told by mail (names of the organisation and the structure, a link; nothing else) and decide.
 */
export async function requestStructureAccount(
  db: Db,
  user: StructureUser,
  structureId: string,
  input: unknown,
): Promise<Outcome<{ id: string }>> {
  const organisationId = user.organisationId
  if (!organisationId || !can(user, 'partners.structure.modify')) return NOT_FOUND
  return recordRequest(db, input, {
    structureId,
    organisationId,
    requestedById: user.id,
    check: async (tx) => {
      if (!(await worksWith(tx, organisationId, structureId))) return NOT_FOUND
      if (await mayRunStructure(tx, user, structureId)) return { ok: false as const, error: REQUEST_MESSAGES.runsIt }
      return null
    },
    asked: async (tx, structure) => {
      const [org] = await tx
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, organisationId))
      return `«\u00a0${org!.name}\u00a0» demande qu’un compte partenaire soit créé pour «\u00a0${structure}\u00a0».`
    },
    audit: { actorId: user.id },
  })
}

/**
 * From the signed link that answers one of its prescriptions (lib/prescriptions/answer-link.ts), a structure without an
 * account asks one for someone of its own, in the name of the organisation whose prescription the link answers. It is
 * decided as any request, by those who run the structure (its creating organisation's staff while it has no user);
 * the decision goes to the structure's contact address. `requestedBy`: the link's reader, not a user.
 */
export async function requestStructureAccountFromLink(
  db: Db,
  link: { structureId: string; organisationId: string; requestedBy: string },
  input: unknown,
): Promise<Outcome<{ id: string }>> {
  return recordRequest(db, input, {
    structureId: link.structureId,
    organisationId: link.organisationId,
    requestedById: link.requestedBy,
    check: async () => null,
    asked: async (_tx, structure) =>
      `«\u00a0${structure}\u00a0», qui n’a pas de compte, en demande un depuis le lien d’une prescription.`,
    audit: { actorId: null, details: { by: 'link' } },
  })
}

/**
 * A request recorded once the asker's own `check` passed: refused when nobody may decide it, when the address has an
 * account already or a pending request; else written, its deciders mailed (`asked` says who asks) and audited, in one
 * transaction.
 */
async function recordRequest(
  db: Db,
  input: unknown,
  request: {
    structureId: string
    organisationId: string
    requestedById: string
    check: (tx: DbOrTx) => Promise<Outcome<never> | null>
    /** The mail's sentence that says who asks, for the structure's name. */
    asked: (tx: DbOrTx, structure: string) => Promise<string>
    audit: { actorId: string | null; details?: Record<string, unknown> }
  },
): Promise<Outcome<{ id: string }>> {
  const parsed = partnerUserSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const { structureId, organisationId, requestedById } = request
  return db.transaction(async (tx) => {
    const refused = await request.check(tx)
    if (refused) return refused
    const deciders = await decidersOf(tx, structureId)
    if (deciders.length === 0) return { ok: false as const, error: REQUEST_MESSAGES.nobody }
    const email = parsed.data.email.toLowerCase()
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (taken)
      return {
        ok: false as const,
        error: STRUCTURE_MESSAGES.emailTaken,
        fieldErrors: { email: STRUCTURE_MESSAGES.emailTaken },
      }
    const [row] = await tx
      .insert(structureAccountRequests)
      .values({ ...parsed.data, email, structureId, organisationId, requestedById })
      .onConflictDoNothing()
      .returning({ id: structureAccountRequests.id })
    if (!row)
      return { ok: false as const, error: REQUEST_MESSAGES.pending, fieldErrors: { email: REQUEST_MESSAGES.pending } }
    const [structure] = await tx
      .select({ name: partnerStructures.name })
      .from(partnerStructures)
      .where(eq(partnerStructures.id, structureId))
    const asked = await request.asked(tx, structure!.name)
    await queueMail(
      tx,
      deciders.map((to) => ({
        to,
        kind: 'structure-account-request',
        structureId,
        subject: 'Passerelle\u00a0: une demande de compte partenaire attend votre réponse',
        text: [
          'Bonjour,',
          '',
          asked,
          'Vous gérez cette structure dans Passerelle\u00a0: acceptez ou refusez cette demande depuis sa page\u00a0:',
          structureLink(structureId),
          '',
          'Passerelle',
        ].join('\n'),
      })),
    )
    await writeAudit(tx, {
      ...request.audit,
      organisationId,
      structureId,
      action: 'structureAccountRequest.created',
      entityType: 'structureAccountRequest',
      entityId: row.id,
    })
    return { ok: true as const, id: row.id }
  })
}

/**
 * Those who run the structure accept (the partner user is invited, as they would invite them) or refuse a request;
 * the asking user is told by mail. A request already answered is refused; another structure's is "not found".
 */
export async function decideStructureAccount(
  db: Db,
  user: StructureUser,
  requestId: string,
  accept: boolean,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(structureAccountRequests)
      .where(eq(structureAccountRequests.id, requestId))
      .for('update')
    if (!request || !(await mayRunStructure(tx, user, request.structureId))) return NOT_FOUND
    if (request.status !== 'pending') return { ok: false as const, error: REQUEST_MESSAGES.decided }
    const [names] = await tx
      .select({ structure: partnerStructures.name, user: users.email, contact: partnerStructures.email })
      .from(partnerStructures)
      .leftJoin(users, eq(users.id, request.requestedById))
      .where(eq(partnerStructures.id, request.structureId))
    // A request from a structure's link (no user asked it) is answered at the structure's contact address.
    const requester = request.requestedById.startsWith('lien:') ? names?.contact : names?.user
    let invitedId: string | null = null
    if (accept) {
      const created = await provisionPartnerUser(
        tx,
        request.structureId,
        { email: request.email, firstName: request.firstName, lastName: request.lastName, phone: request.phone },
        names?.structure,
      )
      if (!created.ok) return { ok: false as const, error: created.error }
      invitedId = created.userId
    }
    await tx
      .update(structureAccountRequests)
      .set({ status: accept ? 'accepted' : 'refused', decidedById: user.id, decidedAt: sql`now()` })
      .where(eq(structureAccountRequests.id, requestId))
    if (names && requester)
      await queueMail(tx, {
        to: requester,
        kind: 'structure-account-decision',
        organisationId: request.organisationId,
        subject: accept
          ? 'Passerelle\u00a0: votre demande de compte partenaire est acceptée'
          : 'Passerelle\u00a0: votre demande de compte partenaire est refusée',
        text: [
          'Bonjour,',
          '',
          accept
            ? `La structure «\u00a0${names.structure}\u00a0» a accepté votre demande\u00a0: la personne a reçu une invitation par mail.`
            : `La structure «\u00a0${names.structure}\u00a0» a refusé votre demande de compte partenaire.`,
          structureLink(request.structureId),
          '',
          'Passerelle',
        ].join('\n'),
      })
    await writeAudit(tx, {
      actorId: user.id,
      organisationId: user.organisationId,
      structureId: request.structureId,
      action: accept ? 'structureAccountRequest.accepted' : 'structureAccountRequest.refused',
      entityType: 'structureAccountRequest',
      entityId: requestId,
      details: invitedId ? { invitedUserId: invitedId } : {},
    })
    return { ok: true as const }
  })
}

/** The pending requests of a structure, for those who run it; or one organisation's own requests there. */
export async function accountRequestsOf(db: DbOrTx, structureId: string, organisationId?: string) {
  return db
    .select({
      id: structureAccountRequests.id,
      email: structureAccountRequests.email,
      firstName: structureAccountRequests.firstName,
      lastName: structureAccountRequests.lastName,
      status: structureAccountRequests.status,
      createdAt: structureAccountRequests.createdAt,
      organisation: organisations.name,
      /** Asked by the structure itself, from a prescription's answer link. */
      byLink: sql<boolean>`${structureAccountRequests.requestedById} like 'lien:%'`,
    })
    .from(structureAccountRequests)
    .innerJoin(organisations, eq(organisations.id, structureAccountRequests.organisationId))
    .where(
      and(
        eq(structureAccountRequests.structureId, structureId),
        organisationId
          ? eq(structureAccountRequests.organisationId, organisationId)
          : inArray(structureAccountRequests.status, ['pending']),
      ),
    )
    .orderBy(asc(structureAccountRequests.createdAt))
}
