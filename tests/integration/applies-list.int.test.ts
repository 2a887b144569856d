import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DAY_MS, parisToday } from '@/lib/dates'
import { fullName, type PersonName } from '@/lib/person-name'
import {
  applyFilterOptions,
  type ApplyFilters,
  listAppliesByTab,
  normalisedSearch,
} from '@/lib/prescriptions/partner-lists'
import type { ApplyState } from '@/lib/prescriptions/states'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

const db = useTestDb()

/*
 * The demo offer 'Permis de conduire solidaire' (lib/db/seed.ts), people[i] with place places[i % 5] and status statuses[i % 4]:
 *   pending:    Élodie Durand (0, Rouen, new, 2 Oct), Karim Benali (1, Le Havre, inProgress, 4 Oct),
 *               Sophie Lefèvre (2, Dieppe, waiting, 6 Oct), Mamadou Diallo (3, Elbeuf, out, 8 Oct, manual: no document, no FUP)
 *   integrated: Chloé Girard (4, Fécamp, new) — also integrated at 'Logement temporaire jeunes actifs' — Thomas Roux (5, Rouen, inProgress)
 *   refused:    Nadia Haddad (6, Le Havre, waiting, outsideTerritory), Julien Morel (7, Dieppe, out, noAnswerToConvocations)
 */
const permis = { structureId: demoIds.structureMobilite, offerId: demoIds.offerPermis }
const SEEDED_COUNTS = { PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 2, REFUSED_STRUCTURE: 2 }
// The pending tab lists the longest-waiting first (issue 40 §3).
const PENDING_OLDEST_FIRST = ['Élodie Durand', 'Karim Benali', 'Sophie Lefèvre', 'Mamadou Diallo']

const names = (rows: { candidate: PersonName }[]) => rows.map((r) => fullName(r.candidate))

function list(
  tab: ApplyState,
  filters: ApplyFilters = {},
  page: { skip?: number; limit?: number } = {},
  handle: typeof db | Tx = db,
) {
  return listAppliesByTab(handle, { ...permis, tab, filters, ...page })
}
function listFor(structureId: string, offerId: string, tab: ApplyState) {
  return listAppliesByTab(db, { structureId, offerId, tab })
}

async function placeId(label: string): Promise<string> {
  const [row] = await db
    .select({ id: s.places.id })
    .from(s.places)
    .where(and(eq(s.places.organisationId, demoIds.orgSeineMaritime), eq(s.places.label, label)))
  return row!.id
}

/** The seeded apply of a candidate on an offer, read straight from the table. */
async function seededApply(firstName: string, offerId: string) {
  const [row] = await db
    .select({ id: s.socialApplies.id, responseDate: s.socialApplies.responseDate })
    .from(s.socialApplies)
    .innerJoin(s.candidates, eq(s.candidates.id, s.socialApplies.candidateId))
    .where(and(eq(s.candidates.firstName, firstName), eq(s.socialApplies.socialOfferId, offerId)))
  return row!
}

describe('listAppliesByTab on the demo offer Permis de conduire solidaire', () => {
  it('counts the non-archived applies of each tab', async () => {
    for (const tab of ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const) {
      expect((await list(tab)).counts, tab).toEqual(SEEDED_COUNTS)
    }
  })

  it('lists the four pending prescriptions, oldest prescription first', async () => {
    const { rows } = await list('PRESCRIPTION_FILLED')
    expect(names(rows)).toEqual(PENDING_OLDEST_FIRST)
    // As the table shows them: the seeded prescriptions of 2, 4, 6 and 8 October 2026 (09:30 UTC, 11:30 in Paris).
    expect(rows.map((r) => r.prescriptionDate)).toEqual(['02/10/2026', '04/10/2026', '06/10/2026', '08/10/2026'])
    expect(rows.every((r) => r.responseDate === '' && r.cause === null)).toBe(true)
  })

  it('tells how long each pending prescription has waited, in whole Paris days, and nothing once answered', async () => {
    const { rows } = await list('PRESCRIPTION_FILLED')
    // Whole days from the seeded 'yyyy-10-dd' to today's date in Paris, both read as UTC midnights.
    const today = parisToday(new Date())
    const daysSince = (day: number) => (Date.parse(today) - Date.parse(`2026-10-0${day}`)) / DAY_MS
    expect(rows.map((r) => r.waiting)).toEqual(
      [2, 4, 6, 8].map((day) => `En attente depuis ${daysSince(day)}\u00a0jours`),
    )
    for (const tab of ['INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const) {
      expect(
        (await list(tab)).rows.map((r) => r.waiting),
        tab,
      ).toEqual(['', ''])
    }
  })

  it('shows exactly one manual prescription: no document and no FUP', async () => {
    const { rows } = await list('PRESCRIPTION_FILLED')
    const manual = rows.filter((r) => r.prescription === null)
    expect(names(manual)).toEqual(['Mamadou Diallo'])
    expect(manual[0]!.hasFup).toBe(false)
    for (const row of rows.filter((r) => r.prescription !== null)) {
      expect(row.hasFup, row.candidate.firstName).toBe(true)
      expect(row.prescription!.name).toBe('Fiche.pdf')
      const [doc] = await db
        .select({ mimeType: s.documents.mimeType })
        .from(s.documents)
        .where(eq(s.documents.id, row.prescription!.documentId))
      expect(doc?.mimeType).toBe('application/pdf')
    }
  })

  it("gives each row its candidate's phone, residence and status, and the accompanying structure", async () => {
    const { rows } = await list('PRESCRIPTION_FILLED')
    const elodie = rows.find((r) => r.candidate.firstName === 'Élodie')!
    expect(elodie.candidate).toMatchObject({
      lastName: 'Durand',
      phone: '06 12 34 56 70',
      place: 'Rouen',
      status: 'Nouveau',
    })
    expect(elodie.accompaniement).toBe('Mobilité Solidaire')
    const mamadou = rows.find((r) => r.candidate.firstName === 'Mamadou')!
    expect(mamadou.candidate).toMatchObject({ place: 'Elbeuf', status: 'Sorti du dispositif' })
  })

  it('names the prescribing referent as the author of every row (name, phone, email)', async () => {
    for (const tab of ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const) {
      for (const row of (await list(tab)).rows) {
        expect(row.author, tab).toEqual({
          firstName: 'Romain',
          lastName: 'Leroy',
          phone: '06 01 02 03 04',
          email: 'referent@passerelle.test',
        })
      }
    }
  })

  it('lists the integrated candidates with their response, first-reception and assessment dates', async () => {
    const { rows } = await list('INTEGRATED_CANDIDATE')
    expect(names(rows).sort()).toEqual(['Chloé Girard', 'Thomas Roux'])
    // Answered three days after the prescriptions of 10 and 12 October 2026.
    expect(Object.fromEntries(rows.map((r) => [r.candidate.firstName, r.responseDate]))).toEqual({
      Chloé: '13/10/2026',
      Thomas: '15/10/2026',
    })
    for (const row of rows) {
      expect(row.firstReceptionDate).toBe('28/10/2026')
      expect(row.assessmentDate).toBe('15/01/2027')
      expect(row.cause).toBeNull()
    }
  })

  it('lists the refused candidates with their cause code', async () => {
    const { rows } = await list('REFUSED_STRUCTURE')
    expect(Object.fromEntries(rows.map((r) => [fullName(r.candidate), r.cause]))).toEqual({
      'Nadia Haddad': 'outsideTerritory',
      'Julien Morel': 'noAnswerToConvocations',
    })
  })

  it('lists, for a candidate also integrated elsewhere, the other offer with its integration date', async () => {
    const { rows } = await list('INTEGRATED_CANDIDATE')
    const chloe = rows.find((r) => r.candidate.firstName === 'Chloé')!
    const thomas = rows.find((r) => r.candidate.firstName === 'Thomas')!
    // Seed: Chloé's apply to the housing offer was prescribed on 20 Oct 2026 09:30 UTC and answered 3 days later.
    const habitat = await seededApply('Chloé', demoIds.offerHabitat)
    expect(habitat.responseDate!.toISOString()).toBe('2026-10-23T09:30:00.000Z')
    expect(chloe.otherIntegratedSocialOffers).toHaveLength(1)
    expect(chloe.otherIntegratedSocialOffers[0]!.name).toBe('Logement temporaire jeunes actifs')
    expect(chloe.otherIntegratedSocialOffers[0]!.integrationDate).toBe('23/10/2026')
    expect(thomas.otherIntegratedSocialOffers).toEqual([])
  })

  it('does not list an archived integration elsewhere among the other integrated offers', async () => {
    const habitat = await seededApply('Chloé', demoIds.offerHabitat)
    await inRolledBackTransaction(db, async (tx) => {
      await tx.update(s.socialApplies).set({ archived: true }).where(eq(s.socialApplies.id, habitat.id))
      const chloe = (await list('INTEGRATED_CANDIDATE', {}, {}, tx)).rows.find(
        (r) => r.candidate.firstName === 'Chloé',
      )!
      expect(chloe.otherIntegratedSocialOffers).toEqual([])
    })
  })
})

describe('search (spec §5: from 2 characters; accent- and case-insensitive)', () => {
  it.each(['elodie', 'Élodie', 'ÉLODIE', 'DURAND', 'durand', 'lodie dur'])(
    'finds Élodie Durand with %j',
    async (search) => {
      const { rows, counts } = await list('PRESCRIPTION_FILLED', { search })
      expect(names(rows)).toEqual(['Élodie Durand'])
      expect(counts).toEqual({ PRESCRIPTION_FILLED: 1, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })
    },
  )

  it("finds Sophie Lefèvre with 'lefevre'", async () => {
    expect(names((await list('PRESCRIPTION_FILLED', { search: 'lefevre' })).rows)).toEqual(['Sophie Lefèvre'])
  })

  it('narrows the counts of the other tabs too', async () => {
    // 'Chloé' is integrated; nobody pending or refused is called that.
    const { rows, counts } = await list('INTEGRATED_CANDIDATE', { search: 'chloe' })
    expect(names(rows)).toEqual(['Chloé Girard'])
    expect(counts).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 0 })
  })

  it.each(['e', 'É', ' e ', '', '   '])('ignores the search %j (under 2 characters once trimmed)', async (search) => {
    const { rows, counts } = await list('PRESCRIPTION_FILLED', { search })
    expect(names(rows)).toEqual(PENDING_OLDEST_FIRST)
    expect(counts).toEqual(SEEDED_COUNTS)
  })

  it('normalisedSearch keeps 2 characters and more, trimmed', () => {
    expect(normalisedSearch('e')).toBeNull()
    expect(normalisedSearch(' e ')).toBeNull()
    expect(normalisedSearch(undefined)).toBeNull()
    expect(normalisedSearch(' du ')).toBe('du')
  })

  // Regression test (fixed): the value is checked as the spec and a partner expect.
  it("searches '_' and '%' as typed, not as LIKE wildcards", async () => {
    for (const search of ['__', '%%', 'd_r_nd']) {
      const { rows, counts } = await list('PRESCRIPTION_FILLED', { search })
      expect(rows, search).toEqual([])
      expect(counts, search).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })
    }
  })

  it('finds nobody for a name that is not there', async () => {
    const { rows, counts } = await list('PRESCRIPTION_FILLED', { search: 'zzzz' })
    expect(rows).toEqual([])
    expect(counts).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })
  })
})

describe('place and status filters narrow the rows and the counts', () => {
  it('filters on one residence place', async () => {
    const rouen = await placeId('Rouen')
    const pending = await list('PRESCRIPTION_FILLED', { placeIds: [rouen] })
    expect(names(pending.rows)).toEqual(['Élodie Durand'])
    expect(pending.counts).toEqual({ PRESCRIPTION_FILLED: 1, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 0 })
    expect(names((await list('INTEGRATED_CANDIDATE', { placeIds: [rouen] })).rows)).toEqual(['Thomas Roux'])
  })

  it('filters on several places (any of them)', async () => {
    const ids = [await placeId('Rouen'), await placeId('Dieppe')]
    const pending = await list('PRESCRIPTION_FILLED', { placeIds: ids })
    expect(names(pending.rows)).toEqual(['Élodie Durand', 'Sophie Lefèvre'])
    expect(pending.counts).toEqual({ PRESCRIPTION_FILLED: 2, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 1 })
    expect(names((await list('REFUSED_STRUCTURE', { placeIds: ids })).rows)).toEqual(['Julien Morel'])
  })

  it('filters on candidate status values', async () => {
    const out = await list('PRESCRIPTION_FILLED', { statusValues: ['out'] })
    expect(names(out.rows)).toEqual(['Mamadou Diallo'])
    expect(out.counts).toEqual({ PRESCRIPTION_FILLED: 1, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 1 })
    const fresh = await list('INTEGRATED_CANDIDATE', { statusValues: ['new'] })
    expect(names(fresh.rows)).toEqual(['Chloé Girard'])
    expect(fresh.counts).toEqual({ PRESCRIPTION_FILLED: 1, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 0 })
    const two = await list('PRESCRIPTION_FILLED', { statusValues: ['new', 'waiting'] })
    expect(names(two.rows)).toEqual(['Élodie Durand', 'Sophie Lefèvre'])
    expect(two.counts).toEqual({ PRESCRIPTION_FILLED: 2, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 1 })
  })

  it('combines place, status and search', async () => {
    const rouen = await placeId('Rouen')
    const both = await list('INTEGRATED_CANDIDATE', { placeIds: [rouen], statusValues: ['inProgress'] })
    expect(names(both.rows)).toEqual(['Thomas Roux'])
    expect(both.counts).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 0 })
    const none = await list('PRESCRIPTION_FILLED', { placeIds: [rouen], statusValues: ['new'], search: 'benali' })
    expect(none.rows).toEqual([])
    expect(none.counts).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })
  })

  it("follows a candidate who moves or changes status (the apply's copies are kept by triggers)", async () => {
    const [rouen, dieppe] = [await placeId('Rouen'), await placeId('Dieppe')]
    await inRolledBackTransaction(db, async (tx) => {
      const [karim] = await tx
        .select({ id: s.candidates.id, organisationId: s.candidates.organisationId })
        .from(s.candidates)
        .where(eq(s.candidates.lastName, 'Benali'))
      const [out] = await tx
        .select({ id: s.candidateStatuses.id })
        .from(s.candidateStatuses)
        .where(and(eq(s.candidateStatuses.organisationId, karim!.organisationId), eq(s.candidateStatuses.value, 'out')))
      await tx.update(s.candidates).set({ placeId: rouen, statusId: out!.id }).where(eq(s.candidates.id, karim!.id))
      expect(names((await list('PRESCRIPTION_FILLED', { placeIds: [rouen] }, {}, tx)).rows)).toEqual([
        'Élodie Durand',
        'Karim Benali',
      ])
      expect(names((await list('PRESCRIPTION_FILLED', { statusValues: ['inProgress'] }, {}, tx)).rows)).toEqual([])
      expect(names((await list('PRESCRIPTION_FILLED', { statusValues: ['out'] }, {}, tx)).rows)).toEqual([
        'Karim Benali',
        'Mamadou Diallo',
      ])
      // A write that tries to set the copies by hand is corrected from the candidate.
      await tx
        .update(s.socialApplies)
        .set({ candidatePlaceId: dieppe })
        .where(eq(s.socialApplies.candidateId, karim!.id))
      const [copy] = await tx
        .select({ place: s.socialApplies.candidatePlaceId })
        .from(s.socialApplies)
        .where(eq(s.socialApplies.candidateId, karim!.id))
      expect(copy!.place).toBe(rouen)
    })
  })

  it('treats empty filter lists as no filter', async () => {
    const { rows, counts } = await list('PRESCRIPTION_FILLED', { placeIds: [], statusValues: [] })
    expect(names(rows)).toEqual(PENDING_OLDEST_FIRST)
    expect(counts).toEqual(SEEDED_COUNTS)
  })
})

describe('pagination', () => {
  it('returns the page asked for, with the counts of the whole list', async () => {
    const page = await list('PRESCRIPTION_FILLED', {}, { skip: 1, limit: 2 })
    expect(names(page.rows)).toEqual(PENDING_OLDEST_FIRST.slice(1, 3))
    expect(page.counts).toEqual(SEEDED_COUNTS)
    expect(names((await list('PRESCRIPTION_FILLED', {}, { skip: 0, limit: 1 })).rows)).toEqual(
      PENDING_OLDEST_FIRST.slice(0, 1),
    )
    expect(names((await list('PRESCRIPTION_FILLED', {}, { skip: 3, limit: 50 })).rows)).toEqual(
      PENDING_OLDEST_FIRST.slice(3),
    )
  })

  it('returns no row past the end, and still the counts', async () => {
    const page = await list('PRESCRIPTION_FILLED', {}, { skip: 4, limit: 50 })
    expect(page.rows).toEqual([])
    expect(page.counts).toEqual(SEEDED_COUNTS)
  })

  it('pages through the list without overlap or gap', async () => {
    const seen: string[] = []
    for (let skip = 0; skip < 4; skip += 3)
      seen.push(...names((await list('PRESCRIPTION_FILLED', {}, { skip, limit: 3 })).rows))
    expect(seen).toEqual(PENDING_OLDEST_FIRST)
  })
})

describe('tenant scope', () => {
  it('returns nothing to another structure asking for the Permis offer', async () => {
    for (const tab of ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const) {
      const result = await listFor(demoIds.structureHabitat, demoIds.offerPermis, tab)
      expect(result.rows, tab).toEqual([])
      expect(result.counts).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })
    }
  })

  it("returns nothing to Mobilité Solidaire asking for Habitat Relais's offer", async () => {
    const result = await listFor(demoIds.structureMobilite, demoIds.offerHabitat, 'PRESCRIPTION_FILLED')
    expect(result.rows).toEqual([])
    expect(result.counts).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })
  })

  it("lists Habitat Relais's own applies to its own offer", async () => {
    const result = await listFor(demoIds.structureHabitat, demoIds.offerHabitat, 'PRESCRIPTION_FILLED')
    expect(names(result.rows).sort()).toEqual(['Inès Fournier', 'Lucas Mercier'])
    expect(result.counts).toEqual({ PRESCRIPTION_FILLED: 2, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 0 })
  })
})

describe('archived applies', () => {
  it('are left out of the rows and of the counts', async () => {
    const thomas = await seededApply('Thomas', demoIds.offerPermis)
    const nadia = await seededApply('Nadia', demoIds.offerPermis)
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .update(s.socialApplies)
        .set({ archived: true, archivedAt: new Date() })
        .where(eq(s.socialApplies.id, thomas.id))
      await tx
        .update(s.socialApplies)
        .set({ archived: true, archivedAt: new Date() })
        .where(eq(s.socialApplies.id, nadia.id))
      const integrated = await list('INTEGRATED_CANDIDATE', {}, {}, tx)
      expect(names(integrated.rows)).toEqual(['Chloé Girard'])
      expect(integrated.counts).toEqual({ PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 1 })
      expect(names((await list('REFUSED_STRUCTURE', {}, {}, tx)).rows)).toEqual(['Julien Morel'])
    })
    expect((await list('INTEGRATED_CANDIDATE')).counts).toEqual(SEEDED_COUNTS)
  })
})

describe('applyFilterOptions', () => {
  it("offers the places and statuses of the organisations that prescribe to the structure, and no one else's", async () => {
    const { places, statuses } = await applyFilterOptions(db, demoIds.structureMobilite)
    expect(places.map((p) => p.label).sort()).toEqual(['Dieppe', 'Elbeuf', 'Fécamp', 'Le Havre', 'Rouen'].sort())
    expect(places.find((p) => p.label === 'Rouen')!.value).toBe(await placeId('Rouen'))
    expect(statuses.map((st) => st.value).sort()).toEqual(['inProgress', 'new', 'out', 'waiting'])
    expect(statuses.find((st) => st.value === 'waiting')!.label).toBe('En attente')
  })

  it('adds the places and statuses of a second prescribing organisation, each once, sorted by label', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [lea] = await tx
        .select()
        .from(s.candidates)
        .where(and(eq(s.candidates.organisationId, demoIds.orgLyon), eq(s.candidates.lastName, 'Rousseau')))
      const [author] = await tx
        .select({ id: s.users.id })
        .from(s.users)
        .where(eq(s.users.email, 'referent.lyon@passerelle.test'))
      // Two applies from Lyon: its place and status must still come once.
      for (let i = 0; i < 2; i++) {
        await tx.insert(s.socialApplies).values({
          organisationId: demoIds.orgLyon,
          structureId: permis.structureId,
          socialOfferId: permis.offerId,
          candidateId: lea!.id,
          authorId: author!.id,
        })
      }
      const { places, statuses } = await applyFilterOptions(tx, demoIds.structureMobilite)
      expect(places.map((p) => p.label)).toEqual(['Dieppe', 'Elbeuf', 'Fécamp', 'Le Havre', 'Rouen', 'Villeurbanne'])
      expect(places.find((p) => p.label === 'Villeurbanne')!.value).toBe(lea!.placeId)
      // Both organisations have the status inProgress 'En accompagnement': one choice.
      expect(statuses.filter((st) => st.value === 'inProgress')).toEqual([
        { value: 'inProgress', label: 'En accompagnement' },
      ])
      expect(statuses.map((st) => st.value).sort()).toEqual(['inProgress', 'new', 'out', 'waiting'])
      expect(statuses.map((st) => st.label)).toEqual(
        [...statuses.map((st) => st.label)].sort((a, b) => a.localeCompare(b, 'fr')),
      )
    })
  })

  it('offers nothing to a structure nobody prescribes to', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [structure] = await tx
        .insert(s.partnerStructures)
        .values({ name: 'Structure sans prescription' })
        .returning({ id: s.partnerStructures.id })
      expect(await applyFilterOptions(tx, structure!.id)).toEqual({ places: [], statuses: [] })
    })
  })
})
