import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { fullName, type PersonName } from '@/lib/person-name'
import { organisationOfferCounts } from '@/lib/prescriptions/counts'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import { listOrganisationApplies } from '@/lib/prescriptions/referent-lists'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { offerForViewer } from '@/lib/offers/access'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The offer page's access rule (lib/offers/access.ts): an organisation's referents and counsellors read their own
// prescriptions to an offer, never another organisation's.
const db = useTestDb()
const seineMaritime = { organisationId: demoIds.orgSeineMaritime, structureId: null }
const lyon = { organisationId: demoIds.orgLyon, structureId: null }
const mobilite = { organisationId: null, structureId: demoIds.structureMobilite }
const habitat = { organisationId: null, structureId: demoIds.structureHabitat }

const names = (rows: { candidate: PersonName }[]) => rows.map((r) => fullName(r.candidate)).sort()

/** The organisation's non-archived applies to the offer in one state, counted straight from the table. */
async function countedInTable(handle: typeof db | Tx, organisationId: string, state: string) {
  const [row] = await handle
    .select({ n: sql<number>`count(*)::int` })
    .from(s.socialApplies)
    .where(
      and(
        eq(s.socialApplies.socialOfferId, demoIds.offerPermis),
        eq(s.socialApplies.organisationId, organisationId),
        eq(s.socialApplies.state, state as 'PRESCRIPTION_FILLED'),
        eq(s.socialApplies.archived, false),
      ),
    )
  return row!.n
}

/** A prescription from Lyon (its referent, its candidate) to the Seine-Maritime demo offer, in the test's transaction. */
async function lyonPrescription(tx: Tx) {
  const [candidate] = await tx
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(eq(s.candidates.organisationId, demoIds.orgLyon))
    .limit(1)
  const [author] = await tx
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.email, 'referent.lyon@passerelle.test'))
  const [apply] = await tx
    .insert(s.socialApplies)
    .values({
      candidateId: candidate!.id,
      socialOfferId: demoIds.offerPermis,
      structureId: demoIds.structureMobilite,
      organisationId: demoIds.orgLyon,
      authorId: author!.id,
    })
    .returning({ id: s.socialApplies.id })
  return apply!.id
}

describe('offerForViewer (the offer page access rule)', () => {
  it('gives the providing structure the owner view, an organisation of its directory the organisation view', async () => {
    expect((await offerForViewer(db, mobilite, demoIds.offerPermis))?.audience).toBe('owner')
    expect((await offerForViewer(db, seineMaritime, demoIds.offerPermis))?.audience).toBe('organisation')
    expect((await offerForViewer(db, seineMaritime, demoIds.offerPermis))?.offer.name).toBe(
      'Permis de conduire solidaire',
    )
  })

  it('hides the offer from another structure, from nobody, and for an id that is not one', async () => {
    expect(await offerForViewer(db, habitat, demoIds.offerPermis)).toBeNull()
    expect(await offerForViewer(db, { organisationId: null, structureId: null }, demoIds.offerPermis)).toBeNull()
    expect(await offerForViewer(db, mobilite, 'not-a-uuid')).toBeNull()
    expect(await offerForViewer(db, mobilite, '30000000-0000-4000-8000-00000000ffff')).toBeNull()
  })
})

describe('listOrganisationApplies (staff read of an offer page)', () => {
  it('reads the organisation’s own prescriptions in each tab, with the partner’s answers', async () => {
    for (const tab of ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const) {
      const own = await listOrganisationApplies(db, {
        organisationId: demoIds.orgSeineMaritime,
        offerId: demoIds.offerPermis,
        tab,
      })
      expect(own.rows).toHaveLength(await countedInTable(db, demoIds.orgSeineMaritime, tab))
      expect(own.counts[tab]).toBe(own.rows.length)
    }
    const refused = await listOrganisationApplies(db, {
      organisationId: demoIds.orgSeineMaritime,
      offerId: demoIds.offerPermis,
      tab: 'REFUSED_STRUCTURE',
    })
    expect(refused.rows.length).toBeGreaterThan(0)
    expect(refused.rows.every((r) => r.responseDate !== '' && r.cause !== null && r.causeLabel !== '-')).toBe(true)
  })

  it('never shows another organisation’s prescription to the same offer, which the partner sees', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const lyonApply = await lyonPrescription(tx)
      const partner = await listAppliesByTab(tx, {
        structureId: demoIds.structureMobilite,
        offerId: demoIds.offerPermis,
        tab: 'PRESCRIPTION_FILLED',
      })
      expect(partner.rows.map((r) => r.id)).toContain(lyonApply)

      const own = await listOrganisationApplies(tx, {
        organisationId: demoIds.orgSeineMaritime,
        offerId: demoIds.offerPermis,
        tab: 'PRESCRIPTION_FILLED',
      })
      expect(own.rows.map((r) => r.id)).not.toContain(lyonApply)
      expect(own.rows).toHaveLength(partner.rows.length - 1)
      expect(own.counts.PRESCRIPTION_FILLED).toBe(partner.counts.PRESCRIPTION_FILLED - 1)

      const lyonRead = await listOrganisationApplies(tx, {
        organisationId: demoIds.orgLyon,
        offerId: demoIds.offerPermis,
        tab: 'PRESCRIPTION_FILLED',
      })
      expect(lyonRead.rows.map((r) => r.id)).toEqual([lyonApply])
      expect(await organisationOfferCounts(tx, demoIds.orgLyon, demoIds.offerPermis)).toEqual({
        PRESCRIPTION_FILLED: 1,
        INTEGRATED_CANDIDATE: 0,
        REFUSED_STRUCTURE: 0,
      })
      expect(names(lyonRead.rows)).not.toEqual(names(own.rows))
    })
  })

  it('leaves archived prescriptions out, rows and counts', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await listOrganisationApplies(tx, {
        organisationId: demoIds.orgSeineMaritime,
        offerId: demoIds.offerPermis,
        tab: 'INTEGRATED_CANDIDATE',
      })
      const archived = before.rows[0]!.id
      await tx
        .update(s.socialApplies)
        .set({ archived: true, archivedAt: sql`now()` })
        .where(eq(s.socialApplies.id, archived))
      const after = await listOrganisationApplies(tx, {
        organisationId: demoIds.orgSeineMaritime,
        offerId: demoIds.offerPermis,
        tab: 'INTEGRATED_CANDIDATE',
      })
      expect(after.rows.map((r) => r.id)).not.toContain(archived)
      expect(after.counts.INTEGRATED_CANDIDATE).toBe(before.counts.INTEGRATED_CANDIDATE - 1)
    })
  })

  it('gives nothing for an organisation without prescriptions there', async () => {
    expect(await lyonCountsOutsideTransaction()).toEqual({
      PRESCRIPTION_FILLED: 0,
      INTEGRATED_CANDIDATE: 0,
      REFUSED_STRUCTURE: 0,
    })
  })
})

const lyonCountsOutsideTransaction = () => organisationOfferCounts(db, lyon.organisationId, demoIds.offerPermis)
