import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { archiveApplies, restoreApplies } from '@/lib/prescriptions/partner-archives'
import { archivedAppliesOfStructure, listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import { auditLog, socialApplies } from '@/lib/db/schema'
import { demoApplyId, demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb } from './db'

const mobilite = demoIds.structureMobilite
const integratedChloe = demoApplyId(4)
const refusedNadia = demoApplyId(6)
const actorId = 'demo-partenaire'

describe('restoring archived applies', () => {
  const testDb = useTestDb()

  it('finds archived applies and puts them back on the offer page, with an audit row', async () => {
    await inRolledBackTransaction(testDb, async (tx) => {
      const db = tx as never
      expect(
        await archiveApplies(db, { structureId: mobilite, ids: [integratedChloe, refusedNadia], actorId }),
      ).toEqual({ ok: true, archived: 2 })
      const archived = await archivedAppliesOfStructure(tx, mobilite)
      expect(archived.map((a) => a.id).sort()).toEqual([integratedChloe, refusedNadia].sort())
      const before = await listAppliesByTab(tx, {
        structureId: mobilite,
        offerId: demoIds.offerPermis,
        tab: 'INTEGRATED_CANDIDATE',
      })
      expect(before.counts).toEqual({ PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 1 })

      expect(await restoreApplies(db, { structureId: mobilite, ids: [integratedChloe], actorId })).toEqual({
        ok: true,
        restored: 1,
      })
      const after = await listAppliesByTab(tx, {
        structureId: mobilite,
        offerId: demoIds.offerPermis,
        tab: 'INTEGRATED_CANDIDATE',
      })
      expect(after.counts.INTEGRATED_CANDIDATE).toBe(2)
      const [row] = await tx.select().from(socialApplies).where(eq(socialApplies.id, integratedChloe))
      expect(row!.archived).toBe(false)
      expect(row!.archivedAt).toBeNull()
      const audit = await tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, integratedChloe), eq(auditLog.action, 'apply.restored')))
      expect(audit).toHaveLength(1)
    })
  })

  it('changes nothing when an id is not archived, belongs to another structure or is not a uuid', async () => {
    await inRolledBackTransaction(testDb, async (tx) => {
      const db = tx as never
      await archiveApplies(db, { structureId: mobilite, ids: [refusedNadia], actorId })
      // integratedChloe is not archived: the whole batch is refused.
      expect(
        await restoreApplies(db, { structureId: mobilite, ids: [refusedNadia, integratedChloe], actorId }),
      ).toEqual({ ok: false, error: 'notFound' })
      expect(
        await restoreApplies(db, {
          structureId: demoIds.structureHabitat,
          ids: [refusedNadia],
          actorId: 'demo-partenaire-habitat',
        }),
      ).toEqual({ ok: false, error: 'notFound' })
      expect(await restoreApplies(db, { structureId: mobilite, ids: ['not-a-uuid'], actorId })).toEqual({
        ok: false,
        error: 'notFound',
      })
      const [row] = await tx.select().from(socialApplies).where(eq(socialApplies.id, refusedNadia))
      expect(row!.archived).toBe(true)
    })
  })
})
