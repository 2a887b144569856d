import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { placeCandidates, setPlacementStatus } from '@/lib/job-offers/placements'
import { suggestCandidates } from '@/lib/job-offers/suggestions'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// A job offer's suggestions leave out every candidate already on that offer — placed (hired), refused,
// in progress (proposed, interview) or abandoned —, whom placing again would be refused anyway.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-referent' }

describe('job offer suggestions', () => {
  it('leave out the candidates placed, refused, in progress or abandoned on that offer, and suggest the next ones', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [offer] = await tx
        .select()
        .from(s.jobOffers)
        .where(eq(s.jobOffers.title, 'Vendeur ou vendeuse en boulangerie'))
      // Room for the hire, and open, whatever the seed left on it.
      await tx
        .update(s.jobOffers)
        .set({ positions: offer!.positionsFilled + 1, status: 'open' })
        .where(eq(s.jobOffers.id, offer!.id))
      const first = await suggestCandidates(tx, SM.organisationId, offer!.id)
      expect(first.length).toBeGreaterThanOrEqual(6)
      const [proposed, interview, refused, hired, abandoned] = first.map((c) => c.id)
      const taken = [proposed!, interview!, refused!, hired!, abandoned!]
      expect(await placeCandidates(asDb(tx), SM, offer!.id, { candidateIds: taken })).toEqual({ ok: true, placed: 5 })
      const placementOf = async (candidateId: string) =>
        (
          await tx
            .select({ id: s.jobPlacements.id, candidateId: s.jobPlacements.candidateId })
            .from(s.jobPlacements)
            .where(eq(s.jobPlacements.jobOfferId, offer!.id))
        ).find((p) => p.candidateId === candidateId)!.id
      expect(
        await setPlacementStatus(asDb(tx), SM, await placementOf(interview!), {
          status: 'interview',
          interviewAt: '2026-12-02T14:30',
        }),
      ).toMatchObject({ ok: true })
      expect(
        await setPlacementStatus(asDb(tx), SM, await placementOf(refused!), {
          status: 'refused',
          reason: 'Profil non retenu',
        }),
      ).toMatchObject({ ok: true })
      expect(await setPlacementStatus(asDb(tx), SM, await placementOf(hired!), { status: 'hired' })).toMatchObject({
        ok: true,
      })
      expect(
        await setPlacementStatus(asDb(tx), SM, await placementOf(abandoned!), {
          status: 'abandoned',
          reason: 'Déménagement',
        }),
      ).toMatchObject({ ok: true })
      const statuses = await tx
        .select({ candidateId: s.jobPlacements.candidateId, status: s.jobPlacements.status })
        .from(s.jobPlacements)
        .where(eq(s.jobPlacements.jobOfferId, offer!.id))
      expect(taken.map((id) => statuses.find((p) => p.candidateId === id)!.status)).toEqual([
        'proposed',
        'interview',
        'refused',
        'hired',
        'abandoned',
      ])

      const after = (await suggestCandidates(tx, SM.organisationId, offer!.id)).map((c) => c.id)
      for (const id of taken) expect(after).not.toContain(id)
      // The others move up: the sixth suggestion of before is still suggested.
      expect(after).toContain(first[5]!.id)
      // No one on the offer at all is suggested, whatever the seed placed there.
      for (const p of statuses) expect(after).not.toContain(p.candidateId)
    })
  })
})
