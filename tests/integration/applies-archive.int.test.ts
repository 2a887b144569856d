import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applyCountsByOffer } from '@/lib/prescriptions/counts'
import { archiveApplies } from '@/lib/prescriptions/partner-archives'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

const db = useTestDb()

const PARTNER = 'demo-partenaire'
/** archiveApplies opens its own transaction; on a transaction handle that is a savepoint, rolled back with the test's transaction. */
const asDb = (tx: Tx) => tx as unknown as Db

/*
 * Seeded applies to 'Permis de conduire solidaire' (Mobilité Solidaire): Chloé and Thomas integrated, Nadia and
 * Julien refused, Élodie, Karim, Sophie and Mamadou pending. To Habitat Relais's housing offer: Chloé integrated,
 * Inès and Lucas pending.
 */
async function applyIdOf(handle: Db | Tx, firstName: string, offerId: string = demoIds.offerPermis): Promise<string> {
  const [row] = await handle
    .select({ id: s.socialApplies.id })
    .from(s.socialApplies)
    .innerJoin(s.candidates, eq(s.candidates.id, s.socialApplies.candidateId))
    .where(and(eq(s.candidates.firstName, firstName), eq(s.socialApplies.socialOfferId, offerId)))
  return row!.id
}

async function archivedFlags(handle: Db | Tx, ids: string[]) {
  const rows = await handle
    .select({ id: s.socialApplies.id, archived: s.socialApplies.archived, archivedAt: s.socialApplies.archivedAt })
    .from(s.socialApplies)
    .where(inArray(s.socialApplies.id, ids))
  return Object.fromEntries(rows.map((r) => [r.id, r]))
}
async function archivedCount(handle: Db | Tx): Promise<number> {
  return (
    await handle.select({ id: s.socialApplies.id }).from(s.socialApplies).where(eq(s.socialApplies.archived, true))
  ).length
}
async function archiveAudits(handle: Db | Tx) {
  return handle.select().from(s.auditLog).where(eq(s.auditLog.action, 'apply.archived'))
}
/** The offer page's tab counts, through the same structure-scoped count the offer list uses. */
async function permisCounts(handle: Db | Tx) {
  return (await applyCountsByOffer(handle, demoIds.structureMobilite, [demoIds.offerPermis])).get(demoIds.offerPermis)
}

/** The offer page's list (spec §4: archived applies no longer appear on the offer page). */
async function permisList(tx: Tx, tab: 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE') {
  const { rows, counts } = await listAppliesByTab(tx, {
    structureId: demoIds.structureMobilite,
    offerId: demoIds.offerPermis,
    tab,
  })
  return { names: rows.map((r) => r.candidate.firstName).sort(), counts }
}

describe('archiveApplies', () => {
  it('starts from a database where nothing is archived', async () => {
    expect(await archivedCount(db)).toBe(0)
    expect(await permisCounts(db)).toEqual({ PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 2, REFUSED_STRUCTURE: 2 })
  })

  it('archives integrated and refused applies, which leave the counts, with one audit row each', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = [await applyIdOf(tx, 'Chloé'), await applyIdOf(tx, 'Nadia')]
      const now = new Date('2026-11-20T08:00:00.000Z')
      const result = await archiveApplies(asDb(tx), {
        structureId: demoIds.structureMobilite,
        ids,
        actorId: PARTNER,
        now,
      })
      expect(result).toEqual({ ok: true, archived: 2 })
      const flags = await archivedFlags(tx, ids)
      for (const id of ids) {
        expect(flags[id]!.archived).toBe(true)
        expect(flags[id]!.archivedAt?.toISOString()).toBe(now.toISOString())
      }
      expect(await archivedCount(tx)).toBe(2)
      expect(await permisCounts(tx)).toEqual({ PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 1 })
      expect(await permisList(tx, 'INTEGRATED_CANDIDATE')).toEqual({
        names: ['Thomas'],
        counts: { PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 1 },
      })
      expect((await permisList(tx, 'REFUSED_STRUCTURE')).names).toEqual(['Julien'])
      const audits = await archiveAudits(tx)
      expect(audits.map((a) => a.entityId).sort()).toEqual([...ids].sort())
      for (const audit of audits)
        expect(audit).toMatchObject({
          actorId: PARTNER,
          structureId: demoIds.structureMobilite,
          organisationId: demoIds.orgSeineMaritime,
          entityType: 'socialApply',
        })
    })
  })

  it('leaves the same candidate’s apply to another structure alone', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const chloeHousing = await applyIdOf(tx, 'Chloé', demoIds.offerHabitat)
      await archiveApplies(asDb(tx), {
        structureId: demoIds.structureMobilite,
        ids: [await applyIdOf(tx, 'Chloé')],
        actorId: PARTNER,
      })
      expect((await archivedFlags(tx, [chloeHousing]))[chloeHousing]!.archived).toBe(false)
      expect(await archivedCount(tx)).toBe(1)
    })
  })

  it('archives every answered apply of the offer at once', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = [
        await applyIdOf(tx, 'Chloé'),
        await applyIdOf(tx, 'Thomas'),
        await applyIdOf(tx, 'Nadia'),
        await applyIdOf(tx, 'Julien'),
      ]
      expect(await archiveApplies(asDb(tx), { structureId: demoIds.structureMobilite, ids, actorId: PARTNER })).toEqual(
        { ok: true, archived: 4 },
      )
      expect(await permisCounts(tx)).toEqual({ PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })
    })
  })

  it('accepts the same id several times and archives it once', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const chloe = await applyIdOf(tx, 'Chloé')
      const nadia = await applyIdOf(tx, 'Nadia')
      const result = await archiveApplies(asDb(tx), {
        structureId: demoIds.structureMobilite,
        ids: [chloe, chloe, nadia, chloe],
        actorId: PARTNER,
      })
      expect(result).toEqual({ ok: true, archived: 2 })
      expect(await archivedCount(tx)).toBe(2)
      expect(await archiveAudits(tx)).toHaveLength(2)
    })
  })

  it('answers notAnswered when a pending apply is in the batch, and archives nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = [await applyIdOf(tx, 'Chloé'), await applyIdOf(tx, 'Élodie'), await applyIdOf(tx, 'Nadia')]
      const result = await archiveApplies(asDb(tx), { structureId: demoIds.structureMobilite, ids, actorId: PARTNER })
      expect(result).toEqual({ ok: false, error: 'notAnswered' })
      expect(await archivedCount(tx)).toBe(0)
      expect(await archiveAudits(tx)).toEqual([])
      expect(await permisCounts(tx)).toEqual({ PRESCRIPTION_FILLED: 4, INTEGRATED_CANDIDATE: 2, REFUSED_STRUCTURE: 2 })
    })
  })

  it('answers notAnswered for the manual pending prescription alone', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const result = await archiveApplies(asDb(tx), {
        structureId: demoIds.structureMobilite,
        ids: [await applyIdOf(tx, 'Mamadou')],
        actorId: PARTNER,
      })
      expect(result).toEqual({ ok: false, error: 'notAnswered' })
      expect(await archivedCount(tx)).toBe(0)
    })
  })

  it("answers notFound when another structure's apply is in the batch, and archives nothing", async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = [await applyIdOf(tx, 'Chloé'), await applyIdOf(tx, 'Chloé', demoIds.offerHabitat)]
      const result = await archiveApplies(asDb(tx), { structureId: demoIds.structureMobilite, ids, actorId: PARTNER })
      expect(result).toEqual({ ok: false, error: 'notFound' })
      expect(await archivedCount(tx)).toBe(0)
      expect(await archiveAudits(tx)).toEqual([])
    })
  })

  it("answers notFound to Habitat Relais archiving Mobilité Solidaire's applies", async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = [await applyIdOf(tx, 'Thomas'), await applyIdOf(tx, 'Julien')]
      const result = await archiveApplies(asDb(tx), {
        structureId: demoIds.structureHabitat,
        ids,
        actorId: 'demo-partenaire-habitat',
      })
      expect(result).toEqual({ ok: false, error: 'notFound' })
      expect(await archivedCount(tx)).toBe(0)
    })
  })

  it('answers notFound when an unknown id is in the batch, and archives nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const result = await archiveApplies(asDb(tx), {
        structureId: demoIds.structureMobilite,
        ids: [await applyIdOf(tx, 'Chloé'), randomUUID()],
        actorId: PARTNER,
      })
      expect(result).toEqual({ ok: false, error: 'notFound' })
      expect(await archivedCount(tx)).toBe(0)
    })
    expect(
      await archiveApplies(db, { structureId: demoIds.structureMobilite, ids: [randomUUID()], actorId: PARTNER }),
    ).toEqual({ ok: false, error: 'notFound' })
  })

  it('answers notFound to an apply archived already, and changes nothing more', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const chloe = await applyIdOf(tx, 'Chloé')
      const first = new Date('2026-11-20T08:00:00.000Z')
      await archiveApplies(asDb(tx), {
        structureId: demoIds.structureMobilite,
        ids: [chloe],
        actorId: PARTNER,
        now: first,
      })
      const again = await archiveApplies(asDb(tx), {
        structureId: demoIds.structureMobilite,
        ids: [chloe, await applyIdOf(tx, 'Nadia')],
        actorId: PARTNER,
      })
      expect(again).toEqual({ ok: false, error: 'notFound' })
      expect((await archivedFlags(tx, [chloe]))[chloe]!.archivedAt?.toISOString()).toBe(first.toISOString())
      expect(await archivedCount(tx)).toBe(1)
    })
  })

  it('leaves the shared database as it found it', async () => {
    expect(await archivedCount(db)).toBe(0)
    expect(await archiveAudits(db)).toEqual([])
  })
})
