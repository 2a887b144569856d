import { and, count, eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { importCandidates, analyseImport, type ImportResult } from '@/lib/imports/import-candidates'
import { checkMapping, guessMapping } from '@/lib/imports/columns'
import { parseImportFile, type ImportTable } from '@/lib/imports/parse-file'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { candidatesCsv, HEADER } from '../fixtures/imports/candidates-csv'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { decryptNir } from '@/lib/crypto/nir-cipher'

const db = useTestDb()
const ORG = demoIds.orgSeineMaritime
const ACTOR = 'demo-referent'
/** importCandidates opens its own transaction; on a transaction handle it is a savepoint, rolled back with the test's. */
const asDb = (tx: Tx) => tx as unknown as Db

async function tableOf(csv: string, name = 'candidats.csv'): Promise<ImportTable> {
  const parsed = await parseImportFile(new TextEncoder().encode(csv), name)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.table
}

async function mappingOf(handle: Db | Tx, table: ImportTable, organisationId: string = ORG) {
  const { customFields } = await candidateSettings(handle, organisationId)
  const checked = checkMapping(guessMapping(table.headers, customFields), table.headers, customFields)
  if (!checked.ok) throw new Error(checked.error)
  return checked.mapping
}

async function candidateCount(handle: Db | Tx, organisationId: string = ORG): Promise<number> {
  const [row] = await handle
    .select({ n: count() })
    .from(s.candidates)
    .where(eq(s.candidates.organisationId, organisationId))
  return row!.n
}

async function importAudits(handle: Db | Tx) {
  return handle.select().from(s.auditLog).where(eq(s.auditLog.action, 'candidate.import'))
}

const rows = (csvRows: string[][]) => `${[HEADER, ...csvRows].map((r) => r.join(';')).join('\n')}\n`

describe('importCandidates — 10 000 rows of which 3 are bad', () => {
  const BAD = {
    1001: (c: string[]) => c.map((v, i) => (i === 5 ? 'pas-un-email' : v)),
    5002: (c: string[]) => c.map((v, i) => (i === 7 ? 'Villeurbanne' : v)),
    9999: (c: string[]) => c.map((v, i) => (i === 2 ? '31/02/1990' : v)),
  }

  it('reports the 3 bad lines with their French reasons, and inserts the 9 997 others in one transaction', async () => {
    const table = await tableOf(candidatesCsv(10_000, 'Dixmille', BAD))
    expect(table.rows).toHaveLength(10_000)
    await inRolledBackTransaction(db, async (tx) => {
      const before = await candidateCount(tx)
      const mapping = await mappingOf(tx, table)
      const started = performance.now()
      const result = await importCandidates(asDb(tx), {
        organisationId: ORG,
        actorId: ACTOR,
        table,
        mapping,
        mode: 'valid',
        includeDuplicates: false,
      })
      const seconds = (performance.now() - started) / 1000
      console.info(`import of 10 000 rows (validate + duplicates + insert): ${seconds.toFixed(2)} s`)
      if (!result.ok) throw new Error(result.error)

      expect(result.imported).toBe(9997)
      expect(result.counts).toEqual({ rows: 10_000, valid: 9997, invalid: 3, duplicates: 0 })
      const invalid = result.lines.filter((l) => l.status === 'invalid')
      expect(invalid).toEqual([
        {
          line: 1001,
          lastName: 'Dixmille-Nom-999',
          firstName: 'Kévin-999',
          status: 'invalid',
          reasons: ["L'email n'est pas bien formaté"],
        },
        {
          line: 5002,
          lastName: 'Dixmille-Nom-5000',
          firstName: 'Éloïse-5000',
          status: 'invalid',
          reasons: ['Le lieu de résidence «\u00a0Villeurbanne\u00a0» n’existe pas dans les réglages de l’organisation'],
        },
        {
          line: 9999,
          lastName: 'Dixmille-Nom-9997',
          firstName: 'Kévin-9997',
          status: 'invalid',
          reasons: ['La date de naissance n’est pas valide'],
        },
      ])
      expect(await candidateCount(tx)).toBe(before + 9997)

      // One transaction: every inserted row carries the same transaction id.
      const { rows: xids } = await tx.execute<{ n: number }>(
        sql`select count(distinct xmin::text)::int as n from candidates where last_name like 'Dixmille-Nom-%'`,
      )
      expect(xids[0]!.n).toBe(1)

      const audits = await importAudits(tx)
      expect(audits).toHaveLength(1)
      expect(audits[0]).toMatchObject({
        actorId: ACTOR,
        organisationId: ORG,
        entityType: 'organisation',
        entityId: ORG,
      })
      expect(audits[0]!.details).toEqual({
        format: 'csv',
        mode: 'valid',
        includeDuplicates: false,
        rows: 10_000,
        imported: 9997,
        invalid: 3,
        duplicates: 0,
      })
    })
  }, 120_000)
})

describe('importCandidates — what is written', () => {
  it('reads the rows back: labels matched to the organisation’s places and statuses, referent by email, NIR and custom fields', async () => {
    const csv = rows([
      [
        'Lefèvre',
        'Éloïse',
        '05/03/1990',
        'Femme',
        '06 12 34 56 78',
        'Eloise.Lefevre@Exemple.TEST',
        '2 90 03 76 540 001 ',
        'fecamp',
        'EN ATTENTE',
        'Referent@Passerelle.test',
        'c1 - avancé',
      ],
      ['=1+1', 'Paul', '1985-11-20', 'M', '', '', '', '', '', '', 'B1 - Intermédiaire'],
    ])
    // The key of 2900376540001: 97 − (2900376540001 mod 97).
    const nir = `2900376540001${String(97 - Number(2900376540001n % 97n)).padStart(2, '0')}`
    const table = await tableOf(
      csv.replace(
        '2 90 03 76 540 001 ',
        `${nir.slice(0, 1)} ${nir.slice(1, 3)} ${nir.slice(3, 5)} ${nir.slice(5, 7)} ${nir.slice(7, 10)} ${nir.slice(10, 13)} ${nir.slice(13)}`,
      ),
    )
    await inRolledBackTransaction(db, async (tx) => {
      const result = await importCandidates(asDb(tx), {
        organisationId: ORG,
        actorId: ACTOR,
        table,
        mapping: await mappingOf(tx, table),
        mode: 'valid',
        includeDuplicates: false,
      })
      expect(result).toMatchObject({ ok: true, imported: 2 })
      const [eloise] = await tx
        .select()
        .from(s.candidates)
        .where(
          and(
            eq(s.candidates.organisationId, ORG),
            eq(s.candidates.lastName, 'Lefèvre'),
            eq(s.candidates.firstName, 'Éloïse'),
          ),
        )
      const [fecamp] = await tx
        .select()
        .from(s.places)
        .where(and(eq(s.places.organisationId, ORG), eq(s.places.label, 'Fécamp')))
      const [waiting] = await tx
        .select()
        .from(s.candidateStatuses)
        .where(and(eq(s.candidateStatuses.organisationId, ORG), eq(s.candidateStatuses.value, 'waiting')))
      expect(eloise).toMatchObject({
        gender: 'F',
        birthDate: '1990-03-05',
        phone: '06 12 34 56 78',
        email: 'eloise.lefevre@exemple.test',
        nirPrefix: nir.slice(0, 5),
        placeId: fecamp!.id,
        statusId: waiting!.id,
        referentId: 'demo-referent',
        customFields: { frenchLevel: 'c1' },
      })
      expect(decryptNir(eloise!.nirEncrypted!)).toBe(nir)
      // A formula is stored as the text it is, never evaluated.
      const [formula] = await tx
        .select()
        .from(s.candidates)
        .where(and(eq(s.candidates.organisationId, ORG), eq(s.candidates.lastName, '=1+1')))
      expect(formula).toMatchObject({
        firstName: 'Paul',
        gender: 'M',
        birthDate: '1985-11-20',
        placeId: null,
        statusId: null,
        referentId: null,
        customFields: { frenchLevel: 'b1' },
      })
    })
  })

  it('does not match another organisation’s place, status or referent', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .insert(s.candidateStatuses)
        .values({ organisationId: demoIds.orgLyon, value: 'lyonOnly', label: 'Suivi métropole', position: 9 })
      const table = await tableOf(
        rows([
          ['Garnier', 'Zoé', '01/01/1990', 'F', '', '', '', 'Villeurbanne', '', '', 'b1'],
          ['Garnier', 'Yann', '01/01/1991', 'M', '', '', '', '', 'Suivi métropole', '', 'b1'],
          ['Garnier', 'Xavier', '01/01/1992', 'M', '', '', '', '', '', 'referent.lyon@passerelle.test', 'b1'],
        ]),
      )
      const before = await candidateCount(tx)
      const result = await importCandidates(asDb(tx), {
        organisationId: ORG,
        actorId: ACTOR,
        table,
        mapping: await mappingOf(tx, table),
        mode: 'valid',
        includeDuplicates: false,
      })
      expect(result.lines.map((l) => [l.line, l.status, l.reasons])).toEqual([
        [
          2,
          'invalid',
          ['Le lieu de résidence «\u00a0Villeurbanne\u00a0» n’existe pas dans les réglages de l’organisation'],
        ],
        [3, 'invalid', ['Le statut «\u00a0Suivi métropole\u00a0» n’existe pas dans les réglages de l’organisation']],
        [
          4,
          'invalid',
          ['Aucun référent actif de l’organisation n’a l’adresse «\u00a0referent.lyon@passerelle.test\u00a0»'],
        ],
      ])
      expect(await candidateCount(tx)).toBe(before)
      // The same file for Lyon (without its required-field column: Lyon has no custom field) finds them.
      const lyon = await importCandidates(asDb(tx), {
        organisationId: demoIds.orgLyon,
        actorId: 'demo-referent-lyon',
        table,
        mapping: await mappingOf(tx, table, demoIds.orgLyon),
        mode: 'valid',
        includeDuplicates: false,
      })
      expect(lyon).toMatchObject({ ok: true, imported: 3 })
    })
  })
})

describe('importCandidates — all or nothing, failures', () => {
  const table = () =>
    tableOf(
      rows([
        ['Bonnet', 'Alice', '01/02/1990', 'F', '', '', '', 'Rouen', '', '', 'a1'],
        ['Bonnet', 'Bruno', '31/13/1990', 'M', '', '', '', 'Rouen', '', '', 'a1'],
        ['Bonnet', 'Carla', '01/02/1992', 'F', '', '', '', 'Rouen', '', '', ''],
      ]),
    )

  it('"Tout ou rien" with bad rows writes nothing and says why', async () => {
    const t = await table()
    const before = await candidateCount(db)
    const result: ImportResult = await importCandidates(db, {
      organisationId: ORG,
      actorId: ACTOR,
      table: t,
      mapping: await mappingOf(db, t),
      mode: 'allOrNothing',
      includeDuplicates: false,
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toBe(
      'Aucun candidat n’a été importé\u00a0: 2 lignes comportent des erreurs et vous avez choisi «\u00a0Tout ou rien\u00a0».',
    )
    expect(result.lines.map((l) => [l.line, l.status, l.reasons])).toEqual([
      [2, 'notImported', []],
      [3, 'invalid', ['La date de naissance n’est pas valide']],
      [4, 'invalid', ['Le champ «\u00a0Niveau de français\u00a0» est obligatoire']],
    ])
    expect(await candidateCount(db)).toBe(before)
    expect(await importAudits(db)).toHaveLength(0)
  })

  it('a failure in the middle of the inserts leaves nothing written', async () => {
    const t = await tableOf(candidatesCsv(2500, 'Panne'))
    const before = await candidateCount(db)
    let batches = 0
    const attempt = importCandidates(db, {
      organisationId: ORG,
      actorId: ACTOR,
      table: t,
      mapping: await mappingOf(db, t),
      mode: 'valid',
      includeDuplicates: false,
      onProgress: (step) => {
        // The second batch of 1 000 rows is in the database (uncommitted) when this throws.
        if (step === 'insert' && ++batches === 2) throw new Error('panne simulée')
      },
    })
    await expect(attempt).rejects.toThrow('panne simulée')
    expect(batches).toBe(2)
    expect(await candidateCount(db)).toBe(before)
    const [left] = await db.select({ n: count() }).from(s.candidates).where(like(s.candidates.lastName, 'Panne-Nom-%'))
    expect(left!.n).toBe(0)
    expect(await importAudits(db)).toHaveLength(0)
  })
})

describe('importCandidates — duplicates', () => {
  const nirA = (() => {
    const body = '1850276540123'
    return `${body}${String(97 - Number(BigInt(body) % 97n)).padStart(2, '0')}`
  })()
  // Élodie Durand, born 12/04/1988, is a seeded candidate; the file spells her without accent and in capitals.
  const csv = rows([
    ['DURAND', 'elodie', '12/04/1988', 'F', '', '', '', '', '', '', 'b1'],
    ['Petit', 'Marc', '10/02/1985', 'M', '', '', nirA, '', '', '', 'b1'],
    ['Petit', 'Marcel', '10/02/1985', 'M', '', '', nirA, '', '', '', 'b1'],
    ['Vidal', 'Léna', '03/03/1993', 'F', '', '', '', '', '', '', 'b1'],
    ['VIDAL', 'Lena', '03/03/1993', 'F', '', '', '', '', '', '', 'b1'],
    ['Nouveau', 'Nino', '04/04/1994', 'M', '', '', '', '', '', '', 'b1'],
  ])

  it('finds them in the file and among the organisation’s candidates, and skips them unless asked', async () => {
    const table = await tableOf(csv)
    const analysis = await analyseImport(db, ORG, table, await mappingOf(db, table))
    expect(analysis.counts).toEqual({ rows: 6, valid: 3, invalid: 0, duplicates: 3 })
    expect(analysis.lines.map((l) => [l.line, l.status, l.reasons])).toEqual([
      [
        2,
        'duplicate',
        ['Ce candidat existe déjà dans l’organisation (même NIR, ou mêmes nom, prénom et date de naissance)'],
      ],
      [3, 'valid', []],
      [4, 'duplicate', ['Doublon de la ligne 3 du fichier (même NIR, ou mêmes nom, prénom et date de naissance)']],
      [5, 'valid', []],
      [6, 'duplicate', ['Doublon de la ligne 5 du fichier (même NIR, ou mêmes nom, prénom et date de naissance)']],
      [7, 'valid', []],
    ])

    await inRolledBackTransaction(db, async (tx) => {
      const before = await candidateCount(tx)
      const skipped = await importCandidates(asDb(tx), {
        organisationId: ORG,
        actorId: ACTOR,
        table,
        mapping: await mappingOf(tx, table),
        mode: 'valid',
        includeDuplicates: false,
      })
      expect(skipped).toMatchObject({ ok: true, imported: 3 })
      expect(skipped.lines.filter((l) => l.status === 'duplicateSkipped').map((l) => l.line)).toEqual([2, 4, 6])
      expect(await candidateCount(tx)).toBe(before + 3)
      const durands = await tx
        .select()
        .from(s.candidates)
        .where(and(eq(s.candidates.organisationId, ORG), eq(s.candidates.birthDate, '1988-04-12')))
      expect(durands.map((c) => c.lastName)).toEqual(['Durand'])
    })
    await inRolledBackTransaction(db, async (tx) => {
      const before = await candidateCount(tx)
      const all = await importCandidates(asDb(tx), {
        organisationId: ORG,
        actorId: ACTOR,
        table,
        mapping: await mappingOf(tx, table),
        mode: 'valid',
        includeDuplicates: true,
      })
      expect(all).toMatchObject({ ok: true, imported: 6 })
      expect(await candidateCount(tx)).toBe(before + 6)
      const [audit] = await importAudits(tx)
      expect(audit!.details).toEqual({
        format: 'csv',
        mode: 'valid',
        includeDuplicates: true,
        rows: 6,
        imported: 6,
        invalid: 0,
        duplicates: 3,
      })
    })
  })

  it('another organisation’s candidates are not duplicates', async () => {
    // Léa Rousseau, 02/02/1991, is a candidate of Lyon only.
    const table = await tableOf(rows([['Rousseau', 'Léa', '02/02/1991', 'F', '', '', '', '', '', '', 'b1']]))
    const analysis = await analyseImport(db, ORG, table, await mappingOf(db, table))
    expect(analysis.lines.map((l) => l.status)).toEqual(['valid'])
  })
})
