import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { TIME_ZONE } from '@/lib/dates'
import { answerDelays, answerDelaysOfStructure } from '@/lib/statistics/answer-delays'
import {
  answerDelaysForPage,
  freshnessText,
  structureAnswerDelaysForDashboard,
  summariseAnswerDelays,
  summariseStructureAnswerDelays,
} from '@/lib/statistics/answer-delay-summaries'
import { parseStatisticsFilters } from '@/lib/statistics/filters'
import { useTestDb } from './db'
import { insertSheet } from './sheet-kit'
import { useThrowawayOrganisations } from './throwaway-organisations'

// Issue 41 §1: the statistics' answer delays over a preset period come from an hourly summary. Its figures equal a
// direct count of the prescriptions (the test's own query), the page reads it with the instant it was computed, an answer
// given since reaches the page at the next run, and any other filter, or a summary two hours old, is computed live.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-24T13:00:00Z') // 14:00 in Paris
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000)
const TWELVE_MONTHS = parseStatisticsFilters({}, NOW)
/** The zone as a literal of the test's own SQL (not lib/dates-sql.ts's helpers, which the code uses). */
const PARIS = sql.raw(`'${TIME_ZONE}'`)

let organisationId: string
let structureId: string
let offerId: string
let candidateId: string
let authorId: string

async function prescribe(at: string, answeredAt: string | null, state = 'INTEGRATED_CANDIDATE') {
  const [apply] = await db
    .insert(s.socialApplies)
    .values({
      organisationId,
      structureId,
      socialOfferId: offerId,
      candidateId,
      authorId,
      state: (answeredAt ? state : 'PRESCRIPTION_FILLED') as 'INTEGRATED_CANDIDATE',
      prescriptionDate: new Date(at),
      responseDate: answeredAt ? new Date(answeredAt) : null,
    })
    .returning()
  await insertSheet(db, apply!.id, at.slice(0, 10))
}

/** The test's own count of the organisation's prescriptions with a sheet over the last 12 months, and their delays. */
async function counted() {
  const { rows } = await db.execute<{ prescribed: number; answered: number; days: number[] | null }>(sql`
    select count(*)::int as prescribed, count(d.days)::int as answered,
           array_agg(d.days order by d.days) filter (where d.days is not null) as days
    from (
      select (a.response_date at time zone ${PARIS})::date - (a.prescription_date at time zone ${PARIS})::date as days
      from social_applies a join fups f on f.social_apply_id = a.id
      where a.organisation_id = ${organisationId}
        and a.prescription_date >= '2025-11-30T23:00:00Z' and a.prescription_date < '2026-11-30T23:00:00Z'
    ) d`)
  return rows[0]!
}

beforeAll(async () => {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Résumés ${randomUUID().slice(0, 8)}` })
    .returning()
  organisationId = throwaway(organisation!.id)
  const [structure] = await db
    .insert(s.partnerStructures)
    .values({ organisationId, name: `Mobilité ${randomUUID().slice(0, 6)}` })
    .returning()
  structureId = structure!.id
  const [offer] = await db
    .insert(s.socialOffers)
    .values({
      offerId: `summaries-${randomUUID()}`,
      name: 'Garage solidaire',
      structureId,
      providerName: 'Mobilité',
      source: 'passerelle',
    })
    .returning()
  offerId = offer!.id
  authorId = `summaries-${randomUUID()}`
  await db.insert(s.users).values({
    id: authorId,
    name: 'Jade Roy',
    firstName: 'Jade',
    lastName: 'Roy',
    email: `${authorId}@exemple.test`,
    role: 'referent',
    organisationId,
  })
  const [candidate] = await db
    .insert(s.candidates)
    .values({ organisationId, firstName: 'Noé', lastName: 'Perrin' })
    .returning()
  candidateId = candidate!.id
  // Answered in 2, 5 and 9 Paris days (the second answered after midnight in Paris, 4 days in UTC), one waiting; one from 2024,
  // outside every preset period.
  await prescribe('2026-09-01T08:00:00Z', '2026-09-03T08:00:00Z')
  await prescribe('2026-09-10T08:00:00Z', '2026-09-14T22:30:00Z', 'REFUSED_STRUCTURE')
  await prescribe('2026-10-01T08:00:00Z', '2026-10-10T09:00:00Z')
  await prescribe('2026-11-02T08:00:00Z', null)
  await prescribe('2024-05-02T08:00:00Z', '2024-05-03T08:00:00Z')
})

describe('the answer delays’ hourly summary', () => {
  it('holds, for each preset period, the figures a direct count gives', async () => {
    // The five presets at 24 November 2026: 12, 6 and 3 months, this year, last year (no two the same here).
    expect(await summariseAnswerDelays(db, NOW, [organisationId])).toBe(5)
    const rows = await db
      .select()
      .from(s.answerDelaySummaries)
      .where(eq(s.answerDelaySummaries.organisationId, organisationId))
    expect(rows.map((r) => `${r.fromMonth}/${r.toMonth}`).sort()).toEqual([
      '2025-01/2025-12',
      '2025-12/2026-11',
      '2026-01/2026-11',
      '2026-06/2026-11',
      '2026-09/2026-11',
    ])
    const own = await counted()
    expect(own).toEqual({ prescribed: 4, answered: 3, days: [2, 5, 9] })
    const page = await answerDelaysForPage(db, organisationId, TWELVE_MONTHS, minutes(10))
    expect(page.asOf).toEqual(NOW)
    expect(page.total).toMatchObject({ prescribed: 4, answered: 3, medianDays: 5, within10: 3, integrated: 2 })
    // Exactly what the live computation gives for the same period.
    const { asOf, ...figures } = page
    expect(asOf).not.toBeNull()
    expect(figures).toEqual(await answerDelays(db, organisationId, { ...TWELVE_MONTHS, period: 'custom' }))
    expect(freshnessText(asOf!, minutes(10))).toBe('Chiffres à jour à 14:00, recalculés chaque heure.')
    expect(freshnessText(asOf!, new Date('2026-11-25T08:00:00Z'))).toBe(
      'Chiffres à jour au 24/11/2026 à 14:00, recalculés chaque heure.',
    )
  })

  it('shows an answer given since at the next run; any other filter and a stale summary are computed now', async () => {
    await summariseAnswerDelays(db, NOW, [organisationId])
    await prescribe('2026-11-03T08:00:00Z', '2026-11-04T08:00:00Z')
    const before = await answerDelaysForPage(db, organisationId, TWELVE_MONTHS, minutes(30))
    expect(before.asOf).toEqual(NOW)
    expect(before.total.prescribed).toBe(4)

    // A structure, a custom range of the same months: exact at once.
    const structure = await answerDelaysForPage(db, organisationId, { ...TWELVE_MONTHS, structureId }, minutes(30))
    expect(structure.asOf).toBeNull()
    expect(structure.total.prescribed).toBe(5)
    const custom = parseStatisticsFilters({ period: 'custom', from: '2025-12', to: '2026-11' }, NOW)
    expect((await answerDelaysForPage(db, organisationId, custom, minutes(30))).total.prescribed).toBe(5)

    // The next run counts it.
    await summariseAnswerDelays(db, minutes(60), [organisationId])
    const after = await answerDelaysForPage(db, organisationId, TWELVE_MONTHS, minutes(65))
    expect(after.asOf).toEqual(minutes(60))
    expect(after.total).toMatchObject({ prescribed: 5, answered: 4 })

    // Workers stopped: two hours on, the page computes the figures itself.
    const stale = await answerDelaysForPage(db, organisationId, TWELVE_MONTHS, minutes(60 + 120))
    expect(stale.asOf).toBeNull()
    expect(stale.total.prescribed).toBe(5)
  })

  it('drops the periods no preset names any more once the month turns (this year is then the last 12 months)', async () => {
    await summariseAnswerDelays(db, NOW, [organisationId])
    await summariseAnswerDelays(db, new Date('2026-12-01T09:00:00Z'), [organisationId])
    const rows = await db
      .select({ fromMonth: s.answerDelaySummaries.fromMonth, toMonth: s.answerDelaySummaries.toMonth })
      .from(s.answerDelaySummaries)
      .where(and(eq(s.answerDelaySummaries.organisationId, organisationId)))
    expect(rows.map((r) => `${r.fromMonth}/${r.toMonth}`).sort()).toEqual([
      '2025-01/2025-12',
      '2026-01/2026-12',
      '2026-07/2026-12',
      '2026-10/2026-12',
    ])
  })

  it('keeps each partner structure’s own 12 months for its dashboard, equal to a direct count, until the next run', async () => {
    expect(await summariseStructureAnswerDelays(db, NOW, [structureId])).toBe(1)
    const summary = await structureAnswerDelaysForDashboard(db, structureId, minutes(10))
    expect(summary.asOf).toEqual(NOW)
    // Every prescription of the organisation went to this structure: the test's own count is the structure's.
    const own = await counted()
    expect(summary.figures).toMatchObject({ prescribed: own.prescribed, answered: own.answered })
    expect(summary.figures).toEqual(await answerDelaysOfStructure(db, structureId, TWELVE_MONTHS))

    // An answer given since reaches the dashboard at the next run; two hours without one, it is computed now.
    await prescribe('2026-11-05T08:00:00Z', '2026-11-06T08:00:00Z')
    expect((await structureAnswerDelaysForDashboard(db, structureId, minutes(30))).figures.prescribed).toBe(
      own.prescribed,
    )
    await summariseStructureAnswerDelays(db, minutes(60), [structureId])
    expect(await structureAnswerDelaysForDashboard(db, structureId, minutes(65))).toMatchObject({
      asOf: minutes(60),
      figures: { prescribed: own.prescribed + 1, answered: own.answered + 1 },
    })
    const stale = await structureAnswerDelaysForDashboard(db, structureId, minutes(60 + 120))
    expect(stale).toMatchObject({ asOf: null, figures: { prescribed: own.prescribed + 1 } })

    // The month turns: the new 12 months replace the old.
    await summariseStructureAnswerDelays(db, new Date('2026-12-01T09:00:00Z'), [structureId])
    const rows = await db
      .select({
        fromMonth: s.structureAnswerDelaySummaries.fromMonth,
        toMonth: s.structureAnswerDelaySummaries.toMonth,
      })
      .from(s.structureAnswerDelaySummaries)
      .where(eq(s.structureAnswerDelaySummaries.structureId, structureId))
    expect(rows.map((r) => `${r.fromMonth}/${r.toMonth}`)).toEqual(['2026-01/2026-12'])
  })
})
