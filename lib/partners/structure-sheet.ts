import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { organisations, partnerStructures } from '@/lib/db/schema'
import { openToOrganisation } from '@/lib/offers/directory-access'
import { writesOffersOf } from '@/lib/offers/write-offer'
import { can } from '@/lib/permissions'
import { accountRequestsOf } from './account-requests'
import { contactEmailChangedAtSql } from './contact-changes'
import { partnerUsersOfStructure, responseIndicator, structureContact, structureOffersForOrganisation } from './queries'
import { activeStructureAdmin, governanceFrom, runsStructure, type StructureUser } from './running'

/**
 * The structure's page (/partners/structure/[structurePartnerId]) as this user may see it, or null: an organisation's
 * user sees a structure it works with (linked or shared), with its response indicator for the organisation's
 * prescriptions and its offers' counts; a partner user sees their own structure only.
 *
 * Two rounds after the session. The first reads the structure with every fact the page's rules need — who runs it
 * (lib/partners/running.ts), whether the organisation is linked to it, when its contact address changed, its
 * administrators and the organisations that work with it — in one statement. The second reads, side by side, only the
 * lists the rules then open: offers and indicator for an organisation; users and requests for those who run it.
 */
export async function structureSheet(db: DbOrTx, user: StructureUser, id: string) {
  const organisationId = user.structureId ? null : user.organisationId
  if (user.structureId ? user.structureId !== id : !organisationId) return null
  const [row] = await db
    .select({
      ...structureContact,
      website: partnerStructures.website,
      presentation: partnerStructures.presentation,
      creatingOrganisationId: partnerStructures.organisationId,
      creatingOrganisationName: organisations.name,
      ownPeople: sql<boolean>`exists (select 1 from "user" where ${activeStructureAdmin(id)})`,
      userIsActiveAdmin: sql<boolean>`exists (select 1 from "user" where "user".id = ${user.id} and ${activeStructureAdmin(id)})`,
      linked: organisationId
        ? sql<boolean>`exists (select 1 from organisation_partner_structures l where l.structure_id = ${id} and l.organisation_id = ${organisationId})`
        : sql<boolean>`false`,
      // Shown to the organisations that work with it, not to the structure's own people.
      emailChangedAt: organisationId
        ? sql<Date | null>`${contactEmailChangedAtSql(id)}`.mapWith(partnerStructures.createdAt)
        : sql<Date | null>`null`,
      admins: sql<{ firstName: string; lastName: string }[]>`coalesce((
        select json_agg(json_build_object('firstName', "user".first_name, 'lastName', "user".last_name)
                        order by "user".last_name, "user".first_name)
        from "user" where ${activeStructureAdmin(id)}), '[]')`,
      organisations: sql<string[]>`coalesce((
        select json_agg(o.name order by o.name)
        from organisation_partner_structures l join organisations o on o.id = l.organisation_id
        where l.structure_id = ${id}), '[]')`,
    })
    .from(partnerStructures)
    .leftJoin(organisations, eq(organisations.id, partnerStructures.organisationId))
    .where(and(eq(partnerStructures.id, id), organisationId ? openToOrganisation(organisationId) : undefined))
  if (!row) return null

  const governance = governanceFrom({ organisationId: row.creatingOrganisationId, ownPeople: row.ownPeople })
  const runs = runsStructure(user, id, { governance, userIsActiveAdmin: row.userIsActiveAdmin })
  // An organisation that works with the structure without running it asks those who do for a partner account.
  const mayRequest =
    !runs && !!organisationId && row.linked && can(user, 'partners.structure.modify') && governance.runBy !== 'nobody'
  const [offers, indicator, users, requests, ownRequests] = await Promise.all([
    organisationId ? structureOffersForOrganisation(db, organisationId, id) : null,
    organisationId ? responseIndicator(db, organisationId, id) : null,
    runs ? partnerUsersOfStructure(db, id) : [],
    runs ? accountRequestsOf(db, id) : [],
    mayRequest && organisationId ? accountRequestsOf(db, id, organisationId) : [],
  ])
  return {
    structure: {
      id: row.id,
      name: row.name,
      siret: row.siret,
      addressFormatted: row.addressFormatted,
      phone: row.phone,
      email: row.email,
      website: row.website,
      presentation: row.presentation,
      shared: row.creatingOrganisationId === null,
    },
    emailChangedAt: row.emailChangedAt,
    governance: {
      ...governance,
      creatingOrganisationName: row.creatingOrganisationName,
      admins: row.admins,
      organisations: row.organisations,
    },
    runs,
    writesOffers: writesOffersOf(user, id, runs),
    mayRequest,
    offers,
    indicator,
    users,
    requests,
    ownRequests,
  }
}
