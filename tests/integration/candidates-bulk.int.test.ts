import { parse } from 'csv-parse/sync'
import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bulkStatusSchema, changeCandidatesStatus } from '@/lib/candidates/bulk-status'
import { exportBodySchema, exportCandidates } from '@/lib/candidates/export-candidates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { nirColumns } from '@/lib/candidates/nir-columns'

const db = useTestDb()
const ORG = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon
const ACTOR = 'demo-referent'
/** The domain functions open their own transaction; on a transaction handle that is a savepoint, rolled back with the test's. */
const asDb = (tx: Tx) => tx as unknown as Db

async function candidateIds(handle: Db | Tx, lastNames: string[], organisationId: string = ORG) {
  const rows = await handle
    .select({ id: s.candidates.id, lastName: s.candidates.lastName })
    .from(s.candidates)
    .where(and(eq(s.candidates.organisationId, organisationId), inArray(s.candidates.lastName, lastNames)))
  return lastNames.map((n) => rows.find((r) => r.lastName === n)!.id)
}
async function statusIdOf(handle: Db | Tx, value: string, organisationId: string = ORG) {
  const [row] = await handle
    .select({ id: s.candidateStatuses.id })
    .from(s.candidateStatuses)
    .where(and(eq(s.candidateStatuses.value, value), eq(s.candidateStatuses.organisationId, organisationId)))
  return row!.id
}
async function statusesOf(handle: Db | Tx, ids: string[]) {
  const rows = await handle
    .select({ id: s.candidates.id, statusId: s.candidates.statusId })
    .from(s.candidates)
    .where(inArray(s.candidates.id, ids))
  return ids.map((id) => rows.find((r) => r.id === id)!.statusId)
}
const audits = (handle: Db | Tx, action: string) =>
  handle.select().from(s.auditLog).where(eq(s.auditLog.action, action))

/** A CSV as a spreadsheet reads it: ';' separated, RFC 4180 quotes (csv-parse, not the writer under test). */
function parseCsv(text: string): string[][] {
  return parse(text, { delimiter: ';', relax_column_count: true }) as string[][]
}

describe('changeCandidatesStatus', () => {
  it('sets the status of the selected candidates in one go, with one audit row each', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await candidateIds(tx, ['Durand', 'Benali', 'Roux'])
      const out = await statusIdOf(tx, 'out')
      const before = await statusesOf(tx, ids)
      const others = await candidateIds(tx, ['Blanc', 'Camara'])
      const othersBefore = await statusesOf(tx, others)

      expect(
        await changeCandidatesStatus(asDb(tx), {
          organisationId: ORG,
          ids: [...ids, ids[0]!],
          statusId: out,
          actorId: ACTOR,
        }),
      ).toEqual({ ok: true, updated: 3 })
      expect(await statusesOf(tx, ids)).toEqual([out, out, out])
      expect(await statusesOf(tx, others)).toEqual(othersBefore)
      const rows = await audits(tx, 'candidate.statusChanged')
      expect(rows.map((r) => r.entityId).sort()).toEqual([...ids].sort())
      for (const r of rows) {
        expect(r).toMatchObject({ actorId: ACTOR, organisationId: ORG, entityType: 'candidate' })
        expect(r.details).toEqual({ fromStatusId: before[ids.indexOf(r.entityId)], toStatusId: out, bulk: true })
      }
    })
  })

  it('refuses a status of another organisation, and changes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await candidateIds(tx, ['Durand', 'Benali'])
      const before = await statusesOf(tx, ids)
      const lyonStatus = await statusIdOf(tx, 'inProgress', LYON)
      expect(
        await changeCandidatesStatus(asDb(tx), { organisationId: ORG, ids, statusId: lyonStatus, actorId: ACTOR }),
      ).toEqual({ ok: false, error: 'statusNotFound' })
      expect(
        await changeCandidatesStatus(asDb(tx), { organisationId: ORG, ids, statusId: randomUUID(), actorId: ACTOR }),
      ).toEqual({ ok: false, error: 'statusNotFound' })
      expect(await statusesOf(tx, ids)).toEqual(before)
      expect(await audits(tx, 'candidate.statusChanged')).toHaveLength(0)
    })
  })

  it('refuses the whole selection when one candidate is another organisation’s or unknown, and changes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await candidateIds(tx, ['Durand', 'Benali'])
      const [lea] = await candidateIds(tx, ['Rousseau'], LYON)
      const before = await statusesOf(tx, [...ids, lea!])
      const out = await statusIdOf(tx, 'out')
      expect(
        await changeCandidatesStatus(asDb(tx), {
          organisationId: ORG,
          ids: [...ids, lea!],
          statusId: out,
          actorId: ACTOR,
        }),
      ).toEqual({ ok: false, error: 'candidatesNotFound' })
      expect(
        await changeCandidatesStatus(asDb(tx), {
          organisationId: ORG,
          ids: [...ids, randomUUID()],
          statusId: out,
          actorId: ACTOR,
        }),
      ).toEqual({ ok: false, error: 'candidatesNotFound' })
      // Lyon's referent cannot reach Seine-Maritime's candidates with Lyon's own status either.
      const lyonStatus = await statusIdOf(tx, 'inProgress', LYON)
      expect(
        await changeCandidatesStatus(asDb(tx), {
          organisationId: LYON,
          ids,
          statusId: lyonStatus,
          actorId: 'demo-referent-lyon',
        }),
      ).toEqual({ ok: false, error: 'candidatesNotFound' })
      expect(await statusesOf(tx, [...ids, lea!])).toEqual(before)
      expect(await audits(tx, 'candidate.statusChanged')).toHaveLength(0)
    })
  })

  it('validates the payload with French messages', () => {
    const fail = (input: unknown) => {
      const r = bulkStatusSchema.safeParse(input)
      return r.success ? null : r.error.issues[0]!.message
    }
    const status = randomUUID()
    expect(fail({ ids: [], statusId: status })).toBe('Sélectionnez au moins un candidat.')
    expect(fail({ ids: ['1; drop table candidates'], statusId: status })).toBe(
      'Certains candidats sont introuvables\u00a0: aucun statut n’a été modifié.',
    )
    expect(fail({ ids: [randomUUID()], statusId: '' })).toBe('Choisissez le nouveau statut.')
    expect(fail({ ids: Array.from({ length: 5001 }, () => randomUUID()), statusId: status })).toBe(
      'Sélectionnez au plus 5\u202f000 candidats à la fois.',
    )
    expect(fail({ ids: [randomUUID(), randomUUID()], statusId: status })).toBeNull()
  })
})

describe('exportCandidates', () => {
  it('exports the selection as a French CSV (BOM, ;), neutralised, without the NIR, with an audit row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [durand, benali] = await candidateIds(tx, ['Durand', 'Benali'])
      await tx.update(s.candidates).set(nirColumns('288047512345621')).where(eq(s.candidates.id, durand!))
      const [formula] = await tx
        .insert(s.candidates)
        .values({
          organisationId: ORG,
          firstName: '=HYPERLINK("http://evil.test";"clic")',
          lastName: '@Zorro',
          email: '+cmd@exemple.test',
          addressFormatted: '-2+3; rue "Victor Hugo"',
          ...nirColumns('188017512345678'),
        })
        .returning({ id: s.candidates.id })

      const result = await exportCandidates(asDb(tx), {
        organisationId: ORG,
        ids: [formula!.id, durand!, benali!],
        actorId: ACTOR,
        now: new Date('2026-03-01T23:30:00Z'),
      })
      if (!result.ok) throw new Error('export refused')
      expect(result.count).toBe(3)
      expect(result.filename).toBe('candidats-2026-03-02.csv')
      expect(result.csv.startsWith('\uFEFF')).toBe(true)
      expect(result.csv).not.toContain('288047512345621')
      expect(result.csv).not.toContain('188017512345678')
      expect(result.csv).not.toMatch(/sécurité sociale|NIR/i)

      const rows = parseCsv(result.csv.slice(1))
      expect(rows[0]).toEqual([
        'Nom',
        'Prénom',
        'Date de naissance',
        'Téléphone',
        'Email',
        'Adresse',
        'Quartier prioritaire',
        'Lieu de résidence',
        'Statut',
        'Référent',
        'Date de création',
      ])
      expect(rows).toHaveLength(4)
      // Sorted by last name: '@Zorro' sorts before letters; then Benali, Durand.
      const byName = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]))
      expect(byName['Durand']).toEqual([
        'Durand',
        'Élodie',
        '12/04/1988',
        '06 12 34 56 70',
        'elodie.durand@exemple.test',
        '10 rue de la République, 76000 Rouen',
        'Oui',
        'Rouen',
        'Nouveau',
        'Romain Leroy',
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      ])
      expect(byName['Benali']!.slice(0, 2)).toEqual(['Benali', 'Karim'])
      // Formula cells start with an apostrophe: no spreadsheet evaluates them.
      const evil = byName["'@Zorro"]!
      expect(evil[1]).toBe('\'=HYPERLINK("http://evil.test";"clic")')
      expect(evil[4]).toBe("'+cmd@exemple.test")
      expect(evil[5]).toBe('\'-2+3; rue "Victor Hugo"')
      expect(evil[6]).toBe('Non')

      const [audit, ...more] = await audits(tx, 'candidate.export')
      expect(more).toHaveLength(0)
      expect(audit).toMatchObject({ actorId: ACTOR, organisationId: ORG, entityType: 'organisation', entityId: ORG })
      expect(audit!.details).toMatchObject({ count: 3 })
      expect((audit!.details as { candidateIds: string[] }).candidateIds.sort()).toEqual(
        [formula!.id, durand!, benali!].sort(),
      )
    })
  })

  it('exports nothing and writes nothing when one id is another organisation’s or unknown', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await candidateIds(tx, ['Durand', 'Benali'])
      const [lea] = await candidateIds(tx, ['Rousseau'], LYON)
      expect(await exportCandidates(asDb(tx), { organisationId: ORG, ids: [...ids, lea!], actorId: ACTOR })).toEqual({
        ok: false,
        error: 'notFound',
      })
      expect(
        await exportCandidates(asDb(tx), { organisationId: ORG, ids: [...ids, randomUUID()], actorId: ACTOR }),
      ).toEqual({ ok: false, error: 'notFound' })
      expect(await exportCandidates(asDb(tx), { organisationId: LYON, ids, actorId: 'demo-referent-lyon' })).toEqual({
        ok: false,
        error: 'notFound',
      })
      expect(await audits(tx, 'candidate.export')).toHaveLength(0)
    })
  })

  it('validates the body: at least one, at most 5 000 uuids', () => {
    expect(exportBodySchema.safeParse({ ids: [] }).success).toBe(false)
    expect(exportBodySchema.safeParse({ ids: ['not-a-uuid'] }).success).toBe(false)
    expect(exportBodySchema.safeParse({ ids: Array.from({ length: 5001 }, () => randomUUID()) }).success).toBe(false)
    expect(exportBodySchema.safeParse({ ids: Array.from({ length: 5000 }, () => randomUUID()) }).success).toBe(true)
  })
})
