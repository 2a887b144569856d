import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createCandidate } from '@/lib/candidates/create-candidate'
import { findDuplicates } from '@/lib/candidates/duplicates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { nirColumns } from '@/lib/candidates/nir-columns'

const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const ORG = demoIds.orgSeineMaritime
const REFERENT = 'demo-referent'
// Key computed by hand: 97 − (2881076123789 mod 97) = 81.
const NIR = '288107612378981'

/** Two candidates of the demo organisation with a NIR, and the seeded Élodie Durand (1988-04-12) without one. */
async function withNirCandidates(tx: Tx) {
  const rows = await tx
    .insert(s.candidates)
    .values([
      {
        organisationId: ORG,
        firstName: 'Zoé',
        lastName: 'Dumont',
        gender: 'F',
        birthDate: '1988-10-02',
        ...nirColumns(NIR),
      },
      {
        organisationId: demoIds.orgLyon,
        firstName: 'Zoé',
        lastName: 'Dumont',
        gender: 'F',
        birthDate: '1988-10-02',
        ...nirColumns('188107612378900'),
      },
      { organisationId: ORG, firstName: 'Jean Noël', lastName: 'Lœuvre', gender: 'M', birthDate: '1990-01-01' },
    ])
    .returning({ id: s.candidates.id })
  const [elodie] = await tx
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(eq(s.candidates.lastName, 'Durand'))
  return { zoe: rows[0]!.id, zoeLyon: rows[1]!.id, noel: rows[2]!.id, elodie: elodie!.id }
}

describe('findDuplicates', () => {
  it('finds, in one batch, the same NIR (however typed) and the same names and birth date (accents and case aside), in the organisation only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await withNirCandidates(tx)
      const found = await findDuplicates(tx, ORG, [
        { nir: '2 88 10 76 123 789 81', lastName: 'Autre', firstName: 'Nom', birthDate: '1970-01-01' },
        { nir: null, lastName: 'DURAND', firstName: 'elodie', birthDate: '1988-04-12' },
        { nir: '1 99 01 01 004 012 97', lastName: 'Inconnu', firstName: 'Personne', birthDate: '1999-01-01' },
        { lastName: 'Durand', firstName: 'Élodie', birthDate: '1988-04-13' },
        { lastName: 'Rousseau', firstName: 'Léa', birthDate: '1991-02-02' },
        { nir: NIR, lastName: 'dumont', firstName: 'ZOE', birthDate: '1988-10-02' },
        { lastName: 'Durand', firstName: '', birthDate: '1988-04-12' },
        { lastName: ' LOEUVRE ', firstName: 'jean noel', birthDate: '1990-01-01' },
        { lastName: 'Noël Lœuvre', firstName: 'Jean', birthDate: '1990-01-01' },
      ])
      expect([...found.keys()].sort()).toEqual([0, 1, 5, 7])
      // The ligature as unaccent reads it; a different split of the same words is another person.
      expect(found.get(7)?.map((m) => [m.candidateId, m.reason])).toEqual([[ids.noel, 'identity']])
      expect(found.get(0)).toEqual([
        { candidateId: ids.zoe, firstName: 'Zoé', lastName: 'Dumont', birthDate: '1988-10-02', reason: 'nir' },
      ])
      expect(found.get(1)).toEqual([
        {
          candidateId: ids.elodie,
          firstName: 'Élodie',
          lastName: 'Durand',
          birthDate: '1988-04-12',
          reason: 'identity',
        },
      ])
      // Both the NIR and the identity match: listed once, by NIR; Lyon's Zoé Dumont is not this organisation's.
      expect(found.get(5)).toEqual([
        { candidateId: ids.zoe, firstName: 'Zoé', lastName: 'Dumont', birthDate: '1988-10-02', reason: 'nir' },
      ])
      // The same batch seen from Lyon: only its own Zoé Dumont, by identity (its NIR differs), and its Léa Rousseau.
      const lyon = await findDuplicates(tx, demoIds.orgLyon, [
        { nir: NIR, lastName: 'Dumont', firstName: 'Zoé', birthDate: '1988-10-02' },
        { lastName: 'rousseau', firstName: 'lea', birthDate: '1991-02-02' },
      ])
      expect(lyon.get(0)?.map((m) => [m.candidateId, m.reason])).toEqual([[ids.zoeLyon, 'identity']])
      expect(lyon.get(1)?.map((m) => m.reason)).toEqual(['identity'])
    })
  })

  it('answers an empty batch without a query, and a 10 000-row batch in one statement', async () => {
    expect((await findDuplicates(db, ORG, [])).size).toBe(0)
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await withNirCandidates(tx)
      const probes = Array.from({ length: 10_000 }, (_, i) => ({
        nir: null as string | null,
        lastName: `Nom${i}`,
        firstName: `Prénom${i}`,
        birthDate: '1980-01-01',
      }))
      probes[1234] = { nir: '288107612378981', lastName: 'X', firstName: 'Y', birthDate: '1980-01-01' }
      probes[9999] = { nir: null, lastName: 'durand', firstName: 'ELODIE', birthDate: '1988-04-12' }
      const statements: string[] = []
      const started = performance.now()
      const found = await findDuplicates(
        new Proxy(tx, {
          get: (t, k) =>
            k === 'execute' ? (q: never) => (statements.push('execute'), t.execute(q)) : Reflect.get(t, k),
        }),
        ORG,
        probes,
      )
      const ms = performance.now() - started
      console.info(`findDuplicates: 10 000 probes in ${ms.toFixed(0)} ms`)
      expect(statements).toHaveLength(1)
      expect([...found.keys()].sort((a, b) => a - b)).toEqual([1234, 9999])
      expect(found.get(1234)![0]!.candidateId).toBe(ids.zoe)
      expect(found.get(9999)![0]).toMatchObject({ candidateId: ids.elodie, reason: 'identity' })
    })
  })
})

describe('createCandidate and duplicates', () => {
  const zoe = {
    firstName: 'zoe',
    lastName: 'DUMONT',
    gender: 'F',
    birthDate: '1988-10-02',
    customFields: { frenchLevel: 'b1' },
  }

  it('stops on a duplicate and writes nothing, then creates once the person confirms, noting the ids in the audit row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await withNirCandidates(tx)
      const [before] = await tx.select({ n: count() }).from(s.candidates)
      const stopped = await createCandidate(asDb(tx), { organisationId: ORG, actorId: REFERENT, input: zoe })
      expect(stopped).toEqual({
        ok: false,
        duplicates: [
          { candidateId: ids.zoe, firstName: 'Zoé', lastName: 'Dumont', birthDate: '1988-10-02', reason: 'identity' },
        ],
      })
      const sameNir = {
        firstName: 'Autre',
        lastName: 'Personne',
        gender: 'F',
        socialSecurityNumber: '2 88 10 76 123 789 81',
        customFields: { frenchLevel: 'b1' },
      }
      const byNir = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: sameNir,
        matchNir: true,
      })
      expect(byNir).toMatchObject({ ok: false, duplicates: [{ candidateId: ids.zoe, reason: 'nir' }] })
      expect((await tx.select({ n: count() }).from(s.candidates))[0]).toEqual(before)

      const created = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: zoe,
        confirmDuplicates: true,
      })
      expect(created.ok).toBe(true)
      const id = (created as { id: string }).id
      const [audit] = await tx.select().from(s.auditLog).where(eq(s.auditLog.entityId, id))
      expect(audit).toMatchObject({ action: 'candidate.create', details: { confirmedDuplicateOf: [ids.zoe] } })
      expect((await tx.select({ n: count() }).from(s.candidates))[0]!.n).toBe(before!.n + 1)

      // Someone who may not read NIRs is not told that one exists (the warning would be an oracle): created.
      const blind = await createCandidate(asDb(tx), { organisationId: ORG, actorId: REFERENT, input: sameNir })
      expect(blind.ok).toBe(true)
    })
  })
})
