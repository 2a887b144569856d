import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { enterpriseSheet } from '@/lib/enterprises/enterprise-sheet'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// /v2/enterprise/[id]'s read model: the enterprise, its contacts, job offers, placements and history, all
// of the reader's organisation. Rows of another organisation that point at the enterprise (a job offer, a placement, an
// audit row) never appear, and the enterprise is nobody else's. Written in a rolled-back transaction.
const db = useTestDb()
const SM = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9))

async function candidate(tx: Tx, organisationId: string, lastName: string) {
  const [row] = await tx.insert(s.candidates).values({ organisationId, firstName: 'Test', lastName }).returning()
  return row!.id
}

async function jobOffer(tx: Tx, organisationId: string, enterpriseId: string, title: string, day: number) {
  const [row] = await tx
    .insert(s.jobOffers)
    .values({
      organisationId,
      enterpriseId,
      title,
      createdAt: at(day),
    })
    .returning()
  return row!.id
}

describe('the enterprise sheet', () => {
  it('reads the enterprise with its contacts, offers, placements and history, only the organisation’s', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [enterprise] = await tx
        .insert(s.enterprises)
        .values({ organisationId: SM, name: 'Boulangerie du test', notes: 'Recrute au printemps' })
        .returning()
      const id = enterprise!.id
      await tx.insert(s.enterpriseContacts).values([
        { enterpriseId: id, name: 'Second contact', position: 1 },
        { enterpriseId: id, name: 'Premier contact', role: 'Gérante', position: 0 },
      ])
      const older = await jobOffer(tx, SM, id, 'Vendeur', 2)
      const newer = await jobOffer(tx, SM, id, 'Boulanger', 5)
      // Another organisation's job offer naming this enterprise, and its placement.
      const lyonOffer = await jobOffer(tx, LYON, id, 'Offre lyonnaise', 9)
      const placements = [
        { organisationId: SM, jobOfferId: older, candidateId: await candidate(tx, SM, 'Ancien'), updatedAt: at(3) },
        { organisationId: SM, jobOfferId: newer, candidateId: await candidate(tx, SM, 'Recent'), updatedAt: at(6) },
        {
          organisationId: LYON,
          jobOfferId: lyonOffer,
          candidateId: await candidate(tx, LYON, 'Lyonnais'),
          updatedAt: at(10),
        },
      ]
      const placed = await tx.insert(s.jobPlacements).values(placements).returning({ id: s.jobPlacements.id })
      const audit = await tx
        .insert(s.auditLog)
        .values([
          {
            organisationId: SM,
            actorId: 'demo-admin',
            action: 'enterprise.create',
            entityType: 'enterprise',
            entityId: id,
            at: at(1),
          },
          {
            organisationId: SM,
            actorId: 'demo-admin',
            action: 'enterprise.update',
            entityType: 'enterprise',
            entityId: id,
            at: at(4),
          },
          { organisationId: LYON, action: 'enterprise.update', entityType: 'enterprise', entityId: id, at: at(11) },
        ])
        .returning({ id: s.auditLog.id })

      const sheet = await enterpriseSheet(tx, SM, id)
      expect(sheet?.enterprise).toMatchObject({ id, name: 'Boulangerie du test', notes: 'Recrute au printemps' })
      expect(sheet!.enterprise.contacts.map((c) => c.name)).toEqual(['Premier contact', 'Second contact'])
      expect(sheet!.offers.map((o) => o.id)).toEqual([newer, older])
      expect(sheet!.placements.map((p) => p.id)).toEqual([placed[1]!.id, placed[0]!.id])
      expect(sheet!.placements.map((p) => p.offerTitle)).toEqual(['Boulanger', 'Vendeur'])
      expect(sheet!.history.map((h) => h.id)).toEqual([audit[1]!.id, audit[0]!.id])
      expect(sheet!.history[0]).toMatchObject({ firstName: 'Alice', lastName: 'Martin' })

      // The enterprise is Seine-Maritime's: Lyon has no sheet for it, whatever of its rows name it.
      expect(await enterpriseSheet(tx, LYON, id)).toBeNull()
    })
  })
})
