import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { candidateHistory } from '@/lib/candidates/history'
import { getCandidate } from '@/lib/candidates/queries'
import { revealNir } from '@/lib/candidates/reveal-nir'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { nirColumns } from '@/lib/candidates/nir-columns'

const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const ORG = demoIds.orgSeineMaritime
// 1791276451089 is a multiple of 97: its key is 97 − 0 = 97 (by hand).
const NIR = '179127645108997'

const referent = { id: 'demo-referent', role: 'referent', permissions: null, organisationId: ORG }
const counsellor = { id: 'demo-conseiller', role: 'counsellor', permissions: null, organisationId: ORG }
const lyonReferent = { id: 'demo-referent-lyon', role: 'referent', permissions: null, organisationId: demoIds.orgLyon }

async function julien(tx: Tx) {
  const [row] = await tx
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(and(eq(s.candidates.firstName, 'Julien'), eq(s.candidates.lastName, 'Morel')))
  await tx.update(s.candidates).set(nirColumns(NIR)).where(eq(s.candidates.id, row!.id))
  return row!.id
}
async function nirReads(tx: Tx, id: string) {
  return tx
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.entityId, id), eq(s.auditLog.action, 'candidate.nir.read')))
}
async function journalReads(tx: Tx, id: string) {
  return tx
    .select()
    .from(s.readJournal)
    .where(and(eq(s.readJournal.candidateId, id), eq(s.readJournal.kind, 'candidate.nir')))
}

describe('the NIR on the candidate sheet', () => {
  it('is masked in the sheet’s record, which never carries it whole', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await julien(tx)
      const record = await getCandidate(tx, ORG, id)
      expect(record).toMatchObject({ hasNir: true, nirMasked: '1 79 12 •• ••• ••• ••' })
      expect(JSON.stringify(record)).not.toContain('645108997')
      expect(await getCandidate(tx, demoIds.orgLyon, id)).toBeNull()
    })
  })

  it('is revealed, formatted, to a referent of the organisation, with an audit row and a journal row holding ids only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await julien(tx)
      expect(await revealNir(asDb(tx), { actor: referent, candidateId: id })).toEqual({
        ok: true,
        nir: '1 79 12 76 451 089 97',
      })
      const reads = await nirReads(tx, id)
      expect(reads).toHaveLength(1)
      expect(reads[0]).toMatchObject({
        actorId: 'demo-referent',
        organisationId: ORG,
        entityType: 'candidate',
        details: {},
      })
      const journal = await journalReads(tx, id)
      expect(journal).toHaveLength(1)
      expect(journal[0]).toMatchObject({
        actorId: 'demo-referent',
        organisationId: ORG,
        ownerOrganisationId: ORG,
        structureId: null,
        candidateId: id,
        entityId: null,
        count: null,
      })
      const history = await candidateHistory(tx, ORG, id)
      expect(history.map((h) => [h.action, h.actorName])).toEqual([['candidate.nir.read', 'Romain Leroy']])
    })
  })

  it('is not found for a referent of another organisation, and refused without the permission, with no audit row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await julien(tx)
      expect(await revealNir(asDb(tx), { actor: lyonReferent, candidateId: id })).toEqual({
        ok: false,
        error: 'notFound',
      })
      expect(await revealNir(asDb(tx), { actor: counsellor, candidateId: id })).toEqual({
        ok: false,
        error: 'forbidden',
      })
      // An explicit per-user list without candidate.nir.visualize replaces the role's.
      expect(
        await revealNir(asDb(tx), {
          actor: { ...referent, permissions: ['candidate.visualize', 'candidate.modify'] },
          candidateId: id,
        }),
      ).toEqual({ ok: false, error: 'forbidden' })
      expect(await revealNir(asDb(tx), { actor: referent, candidateId: 'not-a-uuid' })).toEqual({
        ok: false,
        error: 'notFound',
      })
      expect(await nirReads(tx, id)).toHaveLength(0)
      expect(await journalReads(tx, id)).toHaveLength(0)
    })
  })

  it('says there is none when the candidate has no NIR, and writes no audit row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [row] = await tx
        .select({ id: s.candidates.id })
        .from(s.candidates)
        .where(eq(s.candidates.firstName, 'Karim'))
      expect(await revealNir(asDb(tx), { actor: referent, candidateId: row!.id })).toEqual({
        ok: false,
        error: 'noNir',
      })
      expect(await nirReads(tx, row!.id)).toHaveLength(0)
      expect(await journalReads(tx, row!.id)).toHaveLength(0)
    })
  })
})
