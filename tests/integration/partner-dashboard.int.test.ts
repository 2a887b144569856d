import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addElapsedDays } from '@/lib/dates'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { partnerDashboard } from '@/lib/partners/partner-dashboard'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// /partners/structure/dashboard's read model: one partner structure's offers, counts and applies, from
// whichever organisation the prescriptions come, and never another structure's. Two fresh structures in a rolled-back
// transaction, so the expected values are the rows written here.
const db = useTestDb()
const T0 = new Date('2026-11-01T09:00:00Z')
const AUTHORS: Record<string, string> = {
  [demoIds.orgSeineMaritime]: 'demo-referent',
  [demoIds.orgLyon]: 'demo-referent-lyon',
}
type State = 'PRESCRIPTION_FILLED' | 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE'

async function structure(tx: Tx, name: string, offerNames: string[]) {
  const [row] = await tx
    .insert(s.partnerStructures)
    .values({
      organisationId: demoIds.orgSeineMaritime,
      name,
    })
    .returning()
  const offers = []
  for (const offerName of offerNames) {
    const [offer] = await tx
      .insert(s.socialOffers)
      .values({
        structureId: row!.id,
        offerId: randomUUID(),
        name: offerName,
        source: 'passerelle',
        providerName: name,
      })
      .returning()
    offers.push(offer!)
  }
  return { id: row!.id, offers }
}

type Written = { id: string; offerId: string; state: State; archived: boolean; day: number }

/** An apply of a fresh candidate of `organisationId` on `offer`, made `day` days after T0. */
async function apply(
  tx: Tx,
  organisationId: string,
  offer: {
    id: string
    structureId: string
  },
  w: Omit<Written, 'id' | 'offerId'>,
) {
  const [candidate] = await tx
    .insert(s.candidates)
    .values({
      organisationId,
      firstName: 'Test',
      lastName: `Jour ${w.day}`,
    })
    .returning()
  const [row] = await tx
    .insert(s.socialApplies)
    .values({
      organisationId,
      structureId: offer.structureId,
      socialOfferId: offer.id,
      candidateId: candidate!.id,
      authorId: AUTHORS[organisationId]!,
      state: w.state,
      archived: w.archived,
      archivedAt: w.archived ? addElapsedDays(T0, w.day + 1) : null,
      prescriptionDate: addElapsedDays(T0, w.day),
    })
    .returning()
  return { ...w, id: row!.id, offerId: offer.id }
}

describe('the partner dashboard', () => {
  it('shows its structure’s offers, counts, pending and archived applies, none of another structure’s', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const mine = await structure(tx, 'Structure du test', ['Offre Zéphyr', 'Offre Alpha'])
      const other = await structure(tx, 'Autre structure', ['Offre Bêta'])
      const [zephyr, alpha] = mine.offers
      const written: Written[] = []
      const SM = demoIds.orgSeineMaritime
      const LYON = demoIds.orgLyon
      for (const [org, offer, state, archived, day] of [
        [SM, alpha, 'PRESCRIPTION_FILLED', false, 1],
        [LYON, alpha, 'PRESCRIPTION_FILLED', false, 3],
        [SM, alpha, 'INTEGRATED_CANDIDATE', false, 2],
        [SM, alpha, 'REFUSED_STRUCTURE', true, 4],
        [LYON, zephyr, 'REFUSED_STRUCTURE', false, 5],
        [SM, zephyr, 'INTEGRATED_CANDIDATE', true, 6],
        [SM, zephyr, 'PRESCRIPTION_FILLED', true, 7],
      ] as const) {
        written.push(await apply(tx, org, offer!, { state, archived, day }))
      }
      // The other structure's applies: pending, answered, archived.
      await apply(tx, SM, other.offers[0]!, { state: 'PRESCRIPTION_FILLED', archived: false, day: 8 })
      await apply(tx, SM, other.offers[0]!, { state: 'INTEGRATED_CANDIDATE', archived: true, day: 9 })

      const view = await partnerDashboard(tx, mine.id, { withArchived: true })
      expect(view?.structure.name).toBe('Structure du test')
      expect(view!.offers.map((o) => o.name)).toEqual(['Offre Alpha', 'Offre Zéphyr'])
      for (const offer of mine.offers) {
        const live = written.filter((w) => w.offerId === offer.id && !w.archived)
        const expected = Object.fromEntries(
          (['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const).map((st) => [
            st,
            live.filter((w) => w.state === st).length,
          ]),
        )
        expect(view!.counts.get(offer.id)).toEqual(expected)
      }
      const byDayDesc = (a: Written, b: Written) => b.day - a.day
      const pending = written.filter((w) => w.state === 'PRESCRIPTION_FILLED' && !w.archived).sort(byDayDesc)
      expect(view!.pending.map((a) => a.id)).toEqual(pending.map((w) => w.id))
      const archived = written.filter((w) => w.archived).sort(byDayDesc)
      expect(view!.archived.map((a) => a.id)).toEqual(archived.map((w) => w.id))
      // Collapsed, the page reads its first rows only: the most recently archived.
      const firstTwo = await partnerDashboard(tx, mine.id, { withArchived: true, archivedRows: 2 })
      expect(firstTwo!.archived.map((a) => a.id)).toEqual(archived.slice(0, 2).map((w) => w.id))

      // Without the archive permission the archived applies are not read.
      expect((await partnerDashboard(tx, mine.id, { withArchived: false }))!.archived).toEqual([])
      // The other structure sees its own only.
      const theirs = await partnerDashboard(tx, other.id, { withArchived: true })
      expect(theirs!.offers.map((o) => o.name)).toEqual(['Offre Bêta'])
      expect(theirs!.pending.map((a) => a.offerName)).toEqual(['Offre Bêta'])
      expect(theirs!.archived.map((a) => a.offerName)).toEqual(['Offre Bêta'])
      // A structure that does not exist has no dashboard.
      expect(await partnerDashboard(tx, randomUUID(), { withArchived: true })).toBeNull()
    })
  })

  it('lists the prescriptions that expired unanswered in the last 90 days, its own only, latest first', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const mine = await structure(tx, 'Structure des expirées', ['Offre Gamma'])
      const other = await structure(tx, 'Autre structure des expirées', ['Offre Delta'])
      const now = new Date('2026-11-28T10:00:00Z')
      const expire = async (offer: { id: string; structureId: string }, daysAgo: number, archived = false) => {
        const w = await apply(tx, demoIds.orgSeineMaritime, offer, { state: 'PRESCRIPTION_FILLED', archived, day: 0 })
        await tx
          .update(s.socialApplies)
          .set({ state: 'EXPIRED', expiredAt: addElapsedDays(now, -daysAgo) })
          .where(eq(s.socialApplies.id, w.id))
        return w.id
      }
      const recent = await expire(mine.offers[0]!, 3)
      const older = await expire(mine.offers[0]!, 40)
      await expire(mine.offers[0]!, 91)
      await expire(mine.offers[0]!, 5, true)
      await expire(other.offers[0]!, 2)
      const view = await partnerDashboard(tx, mine.id, { withArchived: false, now })
      expect(view!.expired.map((a) => a.id)).toEqual([recent, older])
      expect(view!.expired[0]).toMatchObject({ offerName: 'Offre Gamma', firstName: 'Test' })
    })
  })
})
