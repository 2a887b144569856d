import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { anonymiseInactiveCandidates } from '@/lib/retention/anonymise'
import { parseStatisticsFilters } from '@/lib/statistics/filters'
import { compactApplyStats, organisationStatistics, prescribedStructures } from '@/lib/statistics/queries'
import { type Tx, useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'
import { addElapsedDays } from '@/lib/dates'

// The statistics: counters kept by a trigger equal to the raw counts, whatever happens concurrently;
// the figures of a known organisation.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-24T10:00:00Z')
const paris = (iso: string) => new Date(iso)

async function newOrganisation() {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Statistiques ${randomUUID().slice(0, 8)}` })
    .returning()
  throwaway(organisation!.id)
  const referentId = `stats-${randomUUID()}`
  await db.insert(s.users).values({
    id: referentId,
    name: 'Jade Roy',
    firstName: 'Jade',
    lastName: 'Roy',
    email: `${referentId}@exemple.test`,
    role: 'referent',
    organisationId: organisation!.id,
  })
  const [candidate] = await db
    .insert(s.candidates)
    .values({
      organisationId: organisation!.id,
      firstName: 'Noé',
      lastName: 'Perrin',
      updatedAt: new Date('2020-01-01'),
      createdAt: new Date('2020-01-01'),
    })
    .returning()
  return { organisationId: organisation!.id, referentId, candidateId: candidate!.id }
}

type Made = {
  state?: 'PRESCRIPTION_FILLED' | 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE'
  at: string
  answeredAfterDays?: number
  cause?: string
  offer?: string
  structure?: string
  author?: string
}
async function prescribe(org: { organisationId: string; referentId: string; candidateId: string }, made: Made) {
  const at = paris(made.at)
  const [apply] = await db
    .insert(s.socialApplies)
    .values({
      organisationId: org.organisationId,
      structureId: made.structure ?? demoIds.structureMobilite,
      socialOfferId: made.offer ?? demoIds.offerPermis,
      candidateId: org.candidateId,
      authorId: made.author ?? org.referentId,
      state: made.state ?? 'PRESCRIPTION_FILLED',
      cause: made.cause ?? null,
      prescriptionDate: at,
      responseDate: made.answeredAfterDays !== undefined ? addElapsedDays(at, made.answeredAfterDays) : null,
    })
    .returning({ id: s.socialApplies.id })
  return apply!.id
}

/** The counters (folded and not yet folded) and the raw counts, per key, for the whole database, in one snapshot (other files write meanwhile). */
async function countersAndRaw() {
  return db.transaction(async (tx) => countersAndRawIn(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
}
async function countersAndRawIn(db: Tx) {
  const key = `organisation_id::text || '|' || to_char(month, 'YYYY-MM') || '|' || structure_id::text || '|' || state::text || '|' || cause || '|' || response_days`
  const counters = await db.execute<{ key: string; n: number }>(
    sql.raw(
      `select ${key} as key, sum(n)::int as n from (select * from stats_apply_months union all select organisation_id, month, structure_id, state, cause, response_days, n from stats_apply_deltas) c group by 1 having sum(n) <> 0 order by 1`,
    ),
  )
  const raw = await db.execute<{ key: string; n: number }>(sql`
    select organisation_id::text || '|' || to_char(passerelle_stats_month(prescription_date), 'YYYY-MM') || '|' || structure_id::text || '|' || state::text || '|' || coalesce(cause, '') || '|' || passerelle_stats_response_days(state, prescription_date, response_date) as key,
           count(*)::int as n
    from social_applies group by 1 order by 1`)
  // The organisation's rollup (drizzle/0022), folded by the same job.
  const rollups = await db.execute<{ key: string; n: number }>(sql`
    select key, sum(n)::int as n from (
      select 'o|' || organisation_id::text || '|' || to_char(month, 'YYYY-MM') || '|' || state::text || '|' || cause as key, n from stats_apply_org_months
      union all select 'o|' || organisation_id::text || '|' || to_char(month, 'YYYY-MM') || '|' || state::text || '|' || cause, n from stats_apply_deltas
    ) r group by 1 having sum(n) <> 0 order by 1`)
  const rawRollups = await db.execute<{ key: string; n: number }>(sql`
    select key, count(*)::int as n from (
      select 'o|' || organisation_id::text || '|' || to_char(passerelle_stats_month(prescription_date), 'YYYY-MM') || '|' || state::text || '|' || coalesce(cause, '') as key from social_applies
    ) r group by 1 order by 1`)
  return { counters: counters.rows, raw: raw.rows, rollups: rollups.rows, rawRollups: rawRollups.rows }
}

describe('the statistics’ counters', () => {
  it('equal the raw counts after concurrent prescriptions, answers, expiries and deletions, before and after folding', async () => {
    const org = await newOrganisation()
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        prescribe(org, { at: `2026-${String(1 + (i % 10)).padStart(2, '0')}-15T09:00:00Z` }),
      ),
    )
    await Promise.all([
      ...ids.slice(0, 10).map((id, i) =>
        db
          .update(s.socialApplies)
          .set({
            state: 'INTEGRATED_CANDIDATE',
            responseDate: new Date(paris('2026-11-01T00:00:00Z').getTime() + i * 3_600_000),
          })
          .where(eq(s.socialApplies.id, id)),
      ),
      ...ids
        .slice(10, 20)
        .map((id) =>
          db
            .update(s.socialApplies)
            .set({ state: 'REFUSED_STRUCTURE', cause: 'hasJob', responseDate: NOW })
            .where(eq(s.socialApplies.id, id)),
        ),
      ...ids
        .slice(20, 25)
        .map((id) =>
          db.update(s.socialApplies).set({ state: 'EXPIRED', expiredAt: NOW }).where(eq(s.socialApplies.id, id)),
        ),
      ...ids.slice(25, 28).map((id) => db.delete(s.socialApplies).where(eq(s.socialApplies.id, id))),
      // A change outside the counted columns writes no delta.
      db.update(s.socialApplies).set({ accompaniement: 'Mission locale' }).where(eq(s.socialApplies.id, ids[29]!)),
      compactApplyStats(db),
    ])
    const before = await countersAndRaw()
    expect(before.counters).toEqual(before.raw)
    expect(before.rollups).toEqual(before.rawRollups)
    await compactApplyStats(db)
    const after = await countersAndRaw()
    expect(after.counters).toEqual(after.raw)
    expect(after.rollups).toEqual(after.rawRollups)
    expect(after.raw.filter((r) => r.key.startsWith(org.organisationId)).reduce((t, r) => t + r.n, 0)).toBe(27)
  })
})

describe('the figures of an organisation', () => {
  it('counts the candidates by status and by place under their settings’ labels, one label once', async () => {
    const org = await newOrganisation()
    const [searching, searchingToo, working] = await db
      .insert(s.candidateStatuses)
      .values([
        { organisationId: org.organisationId, value: 'recherche', label: 'En recherche', position: 1 },
        // Two settings rows may say the same: the page shows one line for them.
        { organisationId: org.organisationId, value: 'recherche-2', label: 'En recherche', position: 2 },
        { organisationId: org.organisationId, value: 'emploi', label: 'En emploi', position: 3 },
      ])
      .returning()
    const [rouen] = await db.insert(s.places).values({ organisationId: org.organisationId, label: 'Rouen' }).returning()
    const candidate = (statusId: string | null, placeId: string | null, lastName: string) => ({
      organisationId: org.organisationId,
      firstName: 'Camille',
      lastName,
      statusId,
      placeId,
    })
    await db
      .insert(s.candidates)
      .values([
        candidate(searching!.id, rouen!.id, 'Arnaud'),
        candidate(searchingToo!.id, rouen!.id, 'Blanc'),
        candidate(searching!.id, null, 'Colin'),
        candidate(working!.id, rouen!.id, 'Dupuis'),
      ])
    const stats = await organisationStatistics(
      db,
      org.organisationId,
      parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11' }, NOW),
    )
    // newOrganisation's own candidate has neither.
    expect(stats.candidates.byStatus).toEqual([
      { label: 'En recherche', n: 3 },
      { label: 'En emploi', n: 1 },
      { label: 'Sans statut', n: 1 },
    ])
    expect(stats.candidates.byPlace).toEqual([
      { label: 'Rouen', n: 3 },
      { label: 'Sans lieu', n: 2 },
    ])
  })

  it('counts per month and outcome, the integration rate, the causes and the partners’ median response time', async () => {
    const org = await newOrganisation()
    await prescribe(org, { at: '2026-10-05T09:00:00Z' })
    await prescribe(org, { at: '2026-10-06T09:00:00Z', state: 'INTEGRATED_CANDIDATE', answeredAfterDays: 4 })
    await prescribe(org, {
      at: '2026-10-07T09:00:00Z',
      state: 'REFUSED_STRUCTURE',
      cause: 'hasMoved',
      answeredAfterDays: 10,
    })
    await prescribe(org, { at: '2026-11-02T09:00:00Z', state: 'INTEGRATED_CANDIDATE', answeredAfterDays: 2 })
    await prescribe(org, {
      at: '2026-11-03T09:00:00Z',
      state: 'REFUSED_STRUCTURE',
      cause: 'hasMoved',
      answeredAfterDays: 1,
      structure: demoIds.structureHabitat,
      offer: demoIds.offerHabitat,
    })
    // 31 October, 23:30 in Paris (22:30 UTC) is October's; 1 November, 00:30 in Paris (23:30 UTC on the 31st) is November's.
    await prescribe(org, { at: '2026-10-31T22:30:00Z' })
    await prescribe(org, { at: '2026-10-31T23:30:00Z' })
    // Before the period: not counted.
    await prescribe(org, { at: '2025-01-10T09:00:00Z' })

    const stats = await organisationStatistics(
      db,
      org.organisationId,
      parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11' }, NOW),
    )
    expect(stats.monthly).toEqual([
      { month: '2026-10', pending: 2, integrated: 1, refused: 1, expired: 0, integrationRate: 0.5 },
      { month: '2026-11', pending: 1, integrated: 1, refused: 1, expired: 0, integrationRate: 0.5 },
    ])
    expect(stats.totals).toEqual({ pending: 3, integrated: 2, refused: 2, expired: 0 })
    expect(stats.integrationRate).toBe(0.5)
    expect(stats.causes).toEqual([{ code: 'hasMoved', label: 'A déménagé', n: 2 }])
    expect(stats.candidates.byStatus).toEqual([{ label: 'Sans statut', n: 1 }])
    // The same figures once the deltas are folded into the counters and their rollups.
    while ((await compactApplyStats(db)) > 0);
    expect(
      await organisationStatistics(
        db,
        org.organisationId,
        parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11' }, NOW),
      ),
    ).toEqual(stats)

    // The same figures from the prescriptions themselves, through a referent filter; a partner filter narrows them.
    const mine = await organisationStatistics(
      db,
      org.organisationId,
      parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11', referent: org.referentId }, NOW),
    )
    expect(mine.monthly).toEqual(stats.monthly)
    const habitat = await organisationStatistics(
      db,
      org.organisationId,
      parseStatisticsFilters(
        { period: 'custom', from: '2026-10', to: '2026-11', structure: demoIds.structureHabitat },
        NOW,
      ),
    )
    expect(habitat.totals).toEqual({ pending: 0, integrated: 0, refused: 1, expired: 0 })
    const byOffer = await organisationStatistics(
      db,
      org.organisationId,
      parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11', offer: demoIds.offerHabitat }, NOW),
    )
    expect(byOffer.totals).toEqual(habitat.totals)
    // Another organisation's referent sees nothing of these.
    const other = await organisationStatistics(
      db,
      demoIds.orgLyon,
      parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11', referent: org.referentId }, NOW),
    )
    expect(other.totals).toEqual({ pending: 0, integrated: 0, refused: 0, expired: 0 })
    // The filter's structures: the two prescribed to (one before the period too), each once, by name; searched as
    // typed, accents and case aside; one by its id. Another organisation has prescribed to neither.
    const structures = await prescribedStructures(db, org.organisationId, { search: '' })
    expect(structures.map((st) => st.name)).toEqual(['Habitat Relais', 'Mobilité Solidaire'])
    expect(await prescribedStructures(db, org.organisationId, { search: 'MOBILITE' })).toEqual([
      { id: demoIds.structureMobilite, name: 'Mobilité Solidaire' },
    ])
    expect(await prescribedStructures(db, org.organisationId, { search: '%' })).toEqual([])
    expect(await prescribedStructures(db, org.organisationId, { id: demoIds.structureHabitat })).toEqual([
      { id: demoIds.structureHabitat, name: 'Habitat Relais' },
    ])
    const stranger = await newOrganisation()
    expect(await prescribedStructures(db, stranger.organisationId, { search: '' })).toEqual([])
    expect(await prescribedStructures(db, stranger.organisationId, { id: demoIds.structureHabitat })).toEqual([])
    expect(await prescribedStructures(db, stranger.organisationId, { id: 'not-a-uuid' })).toEqual([])
    // A fourth refusal in November counts there; an answer to a prescription made before the period is not the period's.
    const refused = { state: 'REFUSED_STRUCTURE', cause: 'hasMoved', answeredAfterDays: 7 } as const
    await prescribe(org, { at: '2026-11-04T09:00:00Z', ...refused })
    const period = parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11' }, NOW)
    const four = await organisationStatistics(db, org.organisationId, period)
    expect(four.totals).toEqual({ pending: 3, integrated: 2, refused: 3, expired: 0 })
    expect(four.causes).toEqual([{ code: 'hasMoved', label: 'A déménagé', n: 3 }])
    await prescribe(org, { at: '2026-09-20T09:00:00Z', state: 'INTEGRATED_CANDIDATE', answeredAfterDays: 30 })
    const again = await organisationStatistics(db, org.organisationId, period)
    expect(again.totals).toEqual(four.totals)
  })

  it('counts the attendance at the workshops held in the period, per month; cancelled, coming and waitlisted left out', async () => {
    const org = await newOrganisation()
    const people = await db
      .insert(s.candidates)
      .values(
        ['Ada', 'Bea', 'Cid', 'Dan'].map((firstName) => ({
          organisationId: org.organisationId,
          firstName,
          lastName: 'Atelier',
        })),
      )
      .returning({ id: s.candidates.id })
    const ids = [org.candidateId, ...people.map((p) => p.id)]
    const workshop = async (
      at: string,
      status: 'scheduled' | 'cancelled',
      registrations: ['registered' | 'waitlisted', 'present' | 'excused' | 'unexcused' | null][],
    ) => {
      const seatsTaken = registrations.filter(([st]) => st === 'registered').length
      const [w] = await db
        .insert(s.workshops)
        .values({
          organisationId: org.organisationId,
          name: 'Atelier CV',
          startsAt: new Date(at),
          capacity: 10,
          seatsTaken,
          status,
        })
        .returning()
      await db.insert(s.workshopRegistrations).values(
        registrations.map(([st, attendance], i) => ({
          organisationId: org.organisationId,
          workshopId: w!.id,
          candidateId: ids[i]!,
          status: st,
          attendance,
        })),
      )
    }
    await workshop('2026-10-08T08:00:00Z', 'scheduled', [
      ['registered', 'present'],
      ['registered', 'present'],
      ['registered', 'unexcused'],
      ['waitlisted', null],
    ])
    await workshop('2026-11-04T13:00:00Z', 'scheduled', [
      ['registered', 'excused'],
      ['registered', null],
    ])
    await workshop('2026-11-05T13:00:00Z', 'cancelled', [['registered', null]])
    // After NOW (24 November): not held yet.
    await workshop('2026-11-27T13:00:00Z', 'scheduled', [['registered', null]])
    const stats = await organisationStatistics(
      db,
      org.organisationId,
      parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11' }, NOW),
      NOW,
    )
    expect(stats.workshops.monthly).toEqual([
      { month: '2026-10', present: 2, excused: 0, unexcused: 1, unmarked: 0, rate: 2 / 3 },
      { month: '2026-11', present: 0, excused: 1, unexcused: 0, unmarked: 1, rate: 0 },
    ])
    expect(stats.workshops.totals).toEqual({ present: 2, excused: 1, unexcused: 1, unmarked: 1 })
    expect(stats.workshops.rate).toBe(0.5)
    expect(
      (
        await organisationStatistics(
          db,
          demoIds.orgLyon,
          parseStatisticsFilters({ period: 'custom', from: '2026-10', to: '2026-11' }, NOW),
          NOW,
        )
      ).workshops.totals,
    ).toEqual({ present: 0, excused: 0, unexcused: 0, unmarked: 0 })
  })

  it('keeps its totals when the retention job anonymises the candidates', async () => {
    const org = await newOrganisation()
    await prescribe(org, { at: '2023-03-05T09:00:00Z', state: 'INTEGRATED_CANDIDATE', answeredAfterDays: 3 })
    await db
      .update(s.socialApplies)
      .set({ updatedAt: new Date('2023-03-08') })
      .where(eq(s.socialApplies.candidateId, org.candidateId))
    const filters = parseStatisticsFilters({ period: 'custom', from: '2023-01', to: '2023-12' }, NOW)
    const before = await organisationStatistics(db, org.organisationId, filters)
    expect(
      await anonymiseInactiveCandidates(db, { organisationId: org.organisationId, at: NOW, retentionDays: 730 }),
    ).toBe(1)
    const after = await organisationStatistics(db, org.organisationId, filters)
    expect(after.totals).toEqual(before.totals)
    expect(after.candidates).toEqual(before.candidates)
    expect(after.totals.integrated).toBe(1)
  })
})
