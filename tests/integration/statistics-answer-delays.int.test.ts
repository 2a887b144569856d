import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { TIME_ZONE } from '@/lib/dates'
import { parseStatisticsFilters } from '@/lib/statistics/filters'
import { answerDelays, answerDelaysOfStructure } from '@/lib/statistics/answer-delays'
import { useTestDb } from './db'
import { insertSheet } from './sheet-kit'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The partners' answer delays (issue 40 §5) against prescriptions of the file's own, with fixed instants, compared with
// the delays counted by hand and by a query of the test's own.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-24T10:00:00Z')
/** The zone as a literal of the test's own SQL (not lib/dates-sql.ts's helpers, which the code uses). */
const PARIS = sql.raw(`'${TIME_ZONE}'`)
const PERIOD = parseStatisticsFilters({ period: 'custom', from: '2026-09', to: '2026-10' }, NOW)

type Org = { organisationId: string; referentId: string; otherReferentId: string; candidateId: string }

async function newOrganisation(): Promise<Org> {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Délais ${randomUUID().slice(0, 8)}` })
    .returning()
  const organisationId = throwaway(organisation!.id)
  const user = async (firstName: string) => {
    const id = `delays-${randomUUID()}`
    await db.insert(s.users).values({
      id,
      name: `${firstName} Roy`,
      firstName,
      lastName: 'Roy',
      email: `${id}@exemple.test`,
      role: 'referent',
      organisationId,
    })
    return id
  }
  const [candidate] = await db
    .insert(s.candidates)
    .values({ organisationId, firstName: 'Noé', lastName: 'Perrin' })
    .returning()
  return {
    organisationId,
    referentId: await user('Jade'),
    otherReferentId: await user('Léo'),
    candidateId: candidate!.id,
  }
}

async function newStructure(organisationId: string, name: string, offers: string[]) {
  const [structure] = await db
    .insert(s.partnerStructures)
    .values({ organisationId, name: `${name} ${randomUUID().slice(0, 6)}` })
    .returning()
  const ids: string[] = []
  for (const offer of offers) {
    const [row] = await db
      .insert(s.socialOffers)
      .values({
        offerId: `delays-${randomUUID()}`,
        name: offer,
        structureId: structure!.id,
        providerName: name,
        source: 'passerelle',
      })
      .returning()
    ids.push(row!.id)
  }
  return { structureId: structure!.id, offerIds: ids }
}

type Made = {
  offer: { structureId: string; offerId: string }
  at: string
  state?: 'PRESCRIPTION_FILLED' | 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE' | 'EXPIRED'
  answeredAt?: string
  /** No follow-up sheet: a manual prescription. */
  manual?: boolean
  /** The sheet's PDF kept (else dropped, as retention does). */
  withDocument?: boolean
  author?: string
}
async function prescribe(org: Org, made: Made) {
  let documentId: string | null = null
  if (made.withDocument) {
    const [doc] = await db
      .insert(s.documents)
      .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF') })
      .returning()
    documentId = doc!.id
  }
  const [apply] = await db
    .insert(s.socialApplies)
    .values({
      organisationId: org.organisationId,
      structureId: made.offer.structureId,
      socialOfferId: made.offer.offerId,
      candidateId: org.candidateId,
      authorId: made.author ?? org.referentId,
      state: made.state ?? 'PRESCRIPTION_FILLED',
      prescriptionDocumentId: documentId,
      prescriptionDate: new Date(made.at),
      responseDate: made.answeredAt ? new Date(made.answeredAt) : null,
    })
    .returning()
  if (!made.manual) await insertSheet(db, apply!.id, made.at)
}

/** Linear interpolation between the closest ranks, as percentile_cont does (written here, not read from the code). */
function percentile(values: number[], p: number): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const at = p * (sorted.length - 1)
  const low = Math.floor(at)
  return sorted[low]! + (at - low) * ((sorted[Math.ceil(at)] ?? sorted[low]!) - sorted[low]!)
}

/**
 * The test's own count: every prescription of `where` joined to its sheet, its delay in Paris days, the figures
 * computed in JavaScript per key.
 */
async function independentFigures(where: ReturnType<typeof sql>, key: 'structure' | 'offer' | 'all') {
  const { rows } = await db.execute<{
    structure_id: string
    social_offer_id: string
    state: string
    days: number | null
  }>(sql`
    select a.structure_id, a.social_offer_id, a.state::text as state,
           case when a.state::text in ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE')
                then (a.response_date at time zone ${PARIS})::date - (a.prescription_date at time zone ${PARIS})::date end as days
    from social_applies a join fups f on f.social_apply_id = a.id
    where ${where}`)
  const groups = new Map<string, typeof rows>()
  for (const r of rows) {
    const k = key === 'structure' ? r.structure_id : key === 'offer' ? r.social_offer_id : 'all'
    groups.set(k, [...(groups.get(k) ?? []), r])
  }
  return new Map(
    [...groups].map(([k, list]) => {
      const days = list.map((r) => r.days).filter((d): d is number => d !== null)
      return [
        k,
        {
          prescribed: list.length,
          answered: days.length,
          medianDays: percentile(days, 0.5),
          p90Days: percentile(days, 0.9),
          within10: days.filter((d) => d <= 10).length,
          within30: days.filter((d) => d <= 30).length,
          expired: list.filter((r) => r.state === 'EXPIRED').length,
          integrated: list.filter((r) => r.state === 'INTEGRATED_CANDIDATE').length,
        },
      ]
    }),
  )
}

const close = (a: number | null, b: number | null) => {
  if (a === null || b === null) return expect(a).toBe(b)
  expect(a).toBeCloseTo(b, 9)
}

describe('the partners’ answer delays', () => {
  let org: Org
  let other: Org
  let s1: { structureId: string; offerIds: string[] }
  let s2: { structureId: string; offerIds: string[] }
  const o1 = () => ({ structureId: s1.structureId, offerId: s1.offerIds[0]! })
  const o2 = () => ({ structureId: s1.structureId, offerId: s1.offerIds[1]! })
  const o3 = () => ({ structureId: s2.structureId, offerId: s2.offerIds[0]! })

  beforeAll(async () => {
    org = await newOrganisation()
    other = await newOrganisation()
    s1 = await newStructure(org.organisationId, 'Mobilité des délais', ['Permis', 'Vélo'])
    s2 = await newStructure(org.organisationId, 'Habitat des délais', ['Logement'])
    const answered = (state: 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE') => ({ state })
    // O1: 0, 1, 9, 10 and 11 days (an odd count).
    await prescribe(org, {
      offer: o1(),
      at: '2026-09-01T08:00:00Z',
      answeredAt: '2026-09-01T15:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
      withDocument: true,
    })
    // 23:30 Paris, answered at 08:00 the next morning: 1 day, though less than 24 hours passed.
    await prescribe(org, {
      offer: o1(),
      at: '2026-09-02T21:30:00Z',
      answeredAt: '2026-09-03T06:00:00Z',
      ...answered('REFUSED_STRUCTURE'),
    })
    // Across the change to winter time (25 Oct 2026, 3:00 → 2:00): 25 Oct 00:30 CEST to 3 Nov 23:45 CET is 9 Paris days,
    // though 10 days and 15 minutes passed.
    await prescribe(org, {
      offer: o1(),
      at: '2026-10-24T22:30:00Z',
      answeredAt: '2026-11-03T22:45:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
    })
    await prescribe(org, {
      offer: o1(),
      at: '2026-09-10T09:00:00Z',
      answeredAt: '2026-09-20T17:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
    })
    await prescribe(org, {
      offer: o1(),
      at: '2026-09-10T09:00:00Z',
      answeredAt: '2026-09-21T07:00:00Z',
      ...answered('REFUSED_STRUCTURE'),
    })
    // A manual prescription answered after 50 days, and one made before the period (31 Aug 23:30 Paris): not counted.
    await prescribe(org, {
      offer: o1(),
      at: '2026-09-05T09:00:00Z',
      answeredAt: '2026-10-25T09:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
      manual: true,
    })
    await prescribe(org, {
      offer: o1(),
      at: '2026-08-31T21:30:00Z',
      answeredAt: '2026-09-01T09:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
    })
    // O2: 4, 6, 30 and 31 days (an even count), one expired, one waiting since 1 Sep 00:30 Paris (in the period).
    await prescribe(org, {
      offer: o2(),
      at: '2026-09-01T10:00:00Z',
      answeredAt: '2026-09-05T10:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
      withDocument: true,
    })
    await prescribe(org, {
      offer: o2(),
      at: '2026-09-01T10:00:00Z',
      answeredAt: '2026-09-07T10:00:00Z',
      ...answered('REFUSED_STRUCTURE'),
    })
    await prescribe(org, {
      offer: o2(),
      at: '2026-10-01T10:00:00Z',
      answeredAt: '2026-10-31T10:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
    })
    await prescribe(org, {
      offer: o2(),
      at: '2026-10-01T10:00:00Z',
      answeredAt: '2026-11-01T10:00:00Z',
      ...answered('REFUSED_STRUCTURE'),
    })
    await prescribe(org, { offer: o2(), at: '2026-09-15T10:00:00Z', state: 'EXPIRED' })
    await prescribe(org, { offer: o2(), at: '2026-08-31T22:30:00Z' })
    // O3 (another structure, by the other referent): 2 and 5 days, one expired.
    const by = org.otherReferentId
    await prescribe(org, {
      offer: o3(),
      at: '2026-10-05T10:00:00Z',
      answeredAt: '2026-10-07T10:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
      author: by,
    })
    await prescribe(org, {
      offer: o3(),
      at: '2026-10-05T10:00:00Z',
      answeredAt: '2026-10-10T10:00:00Z',
      ...answered('REFUSED_STRUCTURE'),
      author: by,
    })
    await prescribe(org, { offer: o3(), at: '2026-10-06T10:00:00Z', state: 'EXPIRED', author: by })
    // Another organisation's prescriptions to the same structure: 100 days, never in this organisation's figures.
    await prescribe(other, {
      offer: o1(),
      at: '2026-09-03T10:00:00Z',
      answeredAt: '2026-12-12T10:00:00Z',
      ...answered('INTEGRATED_CANDIDATE'),
    })
    await prescribe(other, { offer: o1(), at: '2026-09-04T10:00:00Z', state: 'EXPIRED' })
  })

  const ofOrg = (o: Org) =>
    sql`a.organisation_id = ${o.organisationId} and a.prescription_date >= '2026-08-31T22:00:00Z' and a.prescription_date < '2026-10-31T23:00:00Z'`

  it('counts the Paris days to an answer, their median and 90th percentile on odd and even counts, per offer and structure', async () => {
    const figures = await answerDelays(db, org.organisationId, PERIOD)
    const offer = (id: string) => figures.offers.find((o) => o.offerId === id)!
    const structure = (id: string) => figures.structures.find((x) => x.structureId === id)!
    // By hand: O1 [0, 1, 9, 10, 11], O2 [4, 6, 30, 31], S1 both, O3 [2, 5].
    expect(offer(o1().offerId)).toMatchObject({
      prescribed: 5,
      answered: 5,
      medianDays: 9,
      within10: 4,
      within30: 5,
      expired: 0,
      integrated: 3,
    })
    close(offer(o1().offerId).p90Days, 10.6)
    expect(offer(o2().offerId)).toMatchObject({
      prescribed: 6,
      answered: 4,
      medianDays: 18,
      within10: 2,
      within30: 3,
      expired: 1,
      integrated: 2,
    })
    close(offer(o2().offerId).p90Days, 30.7)
    expect(structure(s1.structureId)).toMatchObject({
      prescribed: 11,
      answered: 9,
      medianDays: 9,
      within10: 6,
      within30: 8,
      expired: 1,
    })
    close(structure(s1.structureId).p90Days, 30.2)
    expect(structure(s2.structureId)).toMatchObject({ prescribed: 3, answered: 2, medianDays: 3.5, expired: 1 })
    expect(figures.total).toMatchObject({
      prescribed: 14,
      answered: 11,
      within10: 8,
      within30: 10,
      expired: 2,
      integrated: 6,
    })
    expect(figures.structures.map((x) => x.structureName)).toEqual([
      expect.stringMatching(/^Mobilité/),
      expect.stringMatching(/^Habitat/),
    ])
    expect(offer(o1().offerId).offerName).toBe('Permis')

    // And as the test's own query counts them.
    for (const [level, lines, id] of [
      ['offer', figures.offers, (l: { offerId?: string }) => l.offerId!],
      ['structure', figures.structures, (l: { structureId: string }) => l.structureId],
    ] as const) {
      const expected = await independentFigures(ofOrg(org), level)
      expect(lines.length).toBe(expected.size)
      for (const l of lines) {
        const e = expected.get(id(l as never))!
        const { medianDays, p90Days, ...counts } = e
        expect(l).toMatchObject(counts)
        close(l.medianDays, medianDays)
        close(l.p90Days, p90Days)
      }
    }
    const all = (await independentFigures(ofOrg(org), 'all')).get('all')!
    expect(figures.total).toMatchObject({ ...all, medianDays: expect.any(Number), p90Days: expect.any(Number) })
    close(figures.total.medianDays, all.medianDays)
    close(figures.total.p90Days, all.p90Days)
  })

  it('follows the filters, and never counts another organisation’s prescriptions', async () => {
    const byReferent = await answerDelays(db, org.organisationId, { ...PERIOD, referentId: org.otherReferentId })
    expect(byReferent.structures.map((x) => x.structureId)).toEqual([s2.structureId])
    expect(byReferent.total).toMatchObject({ prescribed: 3, answered: 2, medianDays: 3.5 })
    const byOffer = await answerDelays(db, org.organisationId, {
      ...PERIOD,
      structureId: s1.structureId,
      offerId: o2().offerId,
    })
    expect(byOffer.offers.map((o) => o.offerId)).toEqual([o2().offerId])
    expect(byOffer.total).toMatchObject({ prescribed: 6, medianDays: 18 })
    // The other organisation sees its own two, not this one's.
    const theirs = await answerDelays(db, other.organisationId, PERIOD)
    expect(theirs.total).toMatchObject({ prescribed: 2, answered: 1, medianDays: 100, expired: 1 })
    expect(theirs.structures.map((x) => x.structureId)).toEqual([s1.structureId])
  })

  it('gives the partner structure its own figures across the organisations that prescribe to it', async () => {
    const figures = await answerDelaysOfStructure(db, s1.structureId, PERIOD)
    // S1: this organisation's 11 and the other's 2 (100 days, expired).
    expect(figures).toMatchObject({ prescribed: 13, answered: 10, within10: 6, expired: 2 })
    const { rows } = await db.execute<{ median: number }>(sql`
      select percentile_cont(0.5) within group (order by (a.response_date at time zone ${PARIS})::date - (a.prescription_date at time zone ${PARIS})::date)::float8 as median
      from social_applies a join fups f on f.social_apply_id = a.id
      where a.structure_id = ${s1.structureId} and a.state in ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE')
        and a.prescription_date >= '2026-08-31T22:00:00Z' and a.prescription_date < '2026-10-31T23:00:00Z'`)
    close(figures.medianDays, rows[0]!.median)
    // By hand: [0, 1, 4, 6, 9, 10, 11, 30, 31, 100] → (9 + 10) / 2.
    expect(figures.medianDays).toBe(9.5)
  })
})
