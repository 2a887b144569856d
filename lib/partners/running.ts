import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { organisationPartnerStructures, partnerStructures, users } from '@/lib/db/schema'
import { can, PARTNER_ROLE, type PermissionSubject } from '@/lib/permissions'

/**
 * Working with a structure is not running it. An organisation that links a structure (by its SIRET, the directory or an
 * import) sees its offers and prescribes to it; running it — its details, its offers, its partner users — belongs to
 * the structure's own people: its active structure administrators. While it has none, the organisation that created
 * it runs it. A shared structure (no creating organisation) without an administrator is read-only to everyone.
 */
export type StructureUser = PermissionSubject & {
  id: string
  organisationId: string | null
  structureId: string | null
}

/**
 * A partner user who has taken up their account (signed in once, or set a password, or holds a provider identity).
 * An invitation still pending does not hand the structure over: the creating organisation can still correct it.
 */
const activated = sql`(exists (select 1 from session s where s.user_id = "user".id)
  or exists (select 1 from account c where c.user_id = "user".id and (c.password is not null or c.provider_id <> 'credential')))`

/** The structure's administrators who run it now (active accounts, taken up). */
export const activeStructureAdmin = (structureId: string | SQL) =>
  and(
    eq(users.structureId, structureId),
    eq(users.role, PARTNER_ROLE),
    eq(users.structureAdmin, true),
    eq(users.disabled, false),
    activated,
  )

export type Governance = {
  /** 'structure': its own administrators; 'organisation': the creating organisation; 'nobody': shared, read-only. */
  runBy: 'structure' | 'organisation' | 'nobody'
  creatingOrganisationId: string | null
}

/** Who runs the structure, or null when it does not exist. One round trip. */
export async function governanceOf(db: DbOrTx, structureId: string): Promise<Governance | null> {
  const [row] = await db
    .select({
      organisationId: partnerStructures.organisationId,
      ownPeople: sql<boolean>`exists (select 1 from "user" where ${activeStructureAdmin(structureId)})`,
    })
    .from(partnerStructures)
    .where(eq(partnerStructures.id, structureId))
  return row ? governanceFrom(row) : null
}

/** Who runs the structure, from its creating organisation and whether it has an active administrator of its own. */
export function governanceFrom(row: { organisationId: string | null; ownPeople: boolean }): Governance {
  return {
    runBy: row.ownPeople ? 'structure' : row.organisationId ? 'organisation' : 'nobody',
    creatingOrganisationId: row.organisationId,
  }
}

/**
 * Whether the user runs the structure: one of its active structure administrators, or, while it has none, an
 * administrator (partners.structure.modify) of the organisation that created it. Nobody else, whatever they linked.
 */
export async function mayRunStructure(db: DbOrTx, user: StructureUser, structureId: string): Promise<boolean> {
  if (user.structureId) {
    if (user.structureId !== structureId) return false
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), activeStructureAdmin(structureId)))
    return runsStructure(user, structureId, { governance: null, userIsActiveAdmin: !!row })
  }
  if (!user.organisationId || !can(user, 'partners.structure.modify')) return false
  return runsStructure(user, structureId, { governance: await governanceOf(db, structureId), userIsActiveAdmin: false })
}

/**
 * mayRunStructure's rule on facts already read: for a partner user, whether they are one of the structure's active
 * administrators; for an organisation's user, who runs the structure. The structure's page reads both facts with the
 * structure itself (lib/partners/structure-sheet.ts).
 */
export function runsStructure(
  user: StructureUser,
  structureId: string,
  facts: { governance: Governance | null; userIsActiveAdmin: boolean },
): boolean {
  if (user.structureId) return user.structureId === structureId && facts.userIsActiveAdmin
  if (!user.organisationId || !can(user, 'partners.structure.modify')) return false
  return facts.governance?.runBy === 'organisation' && facts.governance.creatingOrganisationId === user.organisationId
}

/** Whether the organisation works with the structure (linked to it): what a request for an account needs. */
export async function worksWith(db: DbOrTx, organisationId: string, structureId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisationPartnerStructures.structureId })
    .from(organisationPartnerStructures)
    .where(
      and(
        eq(organisationPartnerStructures.organisationId, organisationId),
        eq(organisationPartnerStructures.structureId, structureId),
      ),
    )
  return !!row
}
