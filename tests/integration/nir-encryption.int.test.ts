import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createCandidate } from '@/lib/candidates/create-candidate'
import { findDuplicates } from '@/lib/candidates/duplicates'
import { nirColumns } from '@/lib/candidates/nir-columns'
import { revealNir } from '@/lib/candidates/reveal-nir'
import { updateCandidate } from '@/lib/candidates/update-candidate'
import { encryptClearNirs } from '@/lib/crypto/encrypt-clear-nirs'
import {
  decryptNir,
  deriveNirKey,
  nirBlindIndex,
  NirKeyError,
  NIR_KEY_MISSING_MESSAGE,
  parseNirKey,
} from '@/lib/crypto/nir-cipher'
import { rotateNirKey } from '@/lib/crypto/rotate-nir-key'
import { createDb, type Db } from '@/lib/db/client'
import { runMigrations } from '@/db/migrate'
import { MIGRATIONS_FOLDER } from '@/lib/db/migrations'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { importCandidates } from '@/lib/imports/import-candidates'
import { checkMapping, guessMapping } from '@/lib/imports/columns'
import { parseImportFile } from '@/lib/imports/parse-file'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { HEADER } from '../fixtures/imports/candidates-csv'
import { inRolledBackTransaction, testDatabaseUrl, useTestDb, type Tx } from './db'

const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const ORG = demoIds.orgSeineMaritime
const REFERENT = 'demo-referent'
const referent = { id: REFERENT, role: 'referent', permissions: null, organisationId: ORG }

/** A NIR from its 13 characters, its key written out from its definition (97 − the number mod 97), apart from the app. */
const nirOf = (body: string) => `${body}${String(97n - (BigInt(body) % 97n)).padStart(2, '0')}`
const spaced = (n: string) =>
  [n.slice(0, 1), n.slice(1, 3), n.slice(3, 5), n.slice(5, 7), n.slice(7, 10), n.slice(10, 13), n.slice(13)].join(' ')
// A woman born in May 1990, and a man born in March 1985.
const NIR = nirOf('2900576987654')
const OTHER_NIR = nirOf('1850376987321')

const KEY_A = 'AaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaA='
const KEY_B = 'BbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbA='
const keyIdOf = (key: string) => deriveNirKey(parseNirKey(key)).id

/** Runs `work` with these NIR keys in the environment (absent when undefined), then puts the test keys back. */
async function withNirKeys<T>(keys: { current?: string; previous?: string }, work: () => Promise<T>): Promise<T> {
  const saved = [process.env.NIR_ENCRYPTION_KEY, process.env.NIR_ENCRYPTION_KEY_PREVIOUS] as const
  const put = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  put('NIR_ENCRYPTION_KEY', keys.current)
  put('NIR_ENCRYPTION_KEY_PREVIOUS', keys.previous)
  try {
    return await work()
  } finally {
    put('NIR_ENCRYPTION_KEY', saved[0])
    put('NIR_ENCRYPTION_KEY_PREVIOUS', saved[1])
  }
}

const candidateInput = (over: Record<string, unknown> = {}) => ({
  firstName: 'Inès',
  lastName: 'Clairval',
  gender: 'F',
  birthDate: '1990-05-14',
  socialSecurityNumber: spaced(NIR),
  customFields: { frenchLevel: 'b1' },
  ...over,
})

async function stored(handle: Db | Tx, id: string) {
  const [row] = await handle.select().from(s.candidates).where(eq(s.candidates.id, id))
  return row!
}

/**
 * Every column of every table of the database that could hold text (text, varchar, char, json, jsonb, arrays, enums,
 * bytea), in every schema but PostgreSQL's own: the places where any of `needles` appears.
 */
async function whereInClear(handle: Db | Tx, needles: string[]): Promise<string[]> {
  const { rows: columns } = await handle.execute<{ schema: string; table: string; column: string; type: string }>(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type as type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED', 'bytea')`)
  expect(columns.length).toBeGreaterThan(100)
  const found: string[] = []
  for (const c of columns) {
    const target = sql.raw(`"${c.schema}"."${c.table}"`)
    const column = sql.raw(`"${c.column}"`)
    const conditions = needles.map((needle) =>
      c.type === 'bytea'
        ? sql`position(convert_to(${needle}, 'UTF8') in ${column}) > 0`
        : sql`strpos(${column}::text, ${needle}) > 0`,
    )
    const { rows } = await handle.execute(sql`select 1 from ${target} where ${sql.join(conditions, sql` or `)} limit 1`)
    if (rows.length) found.push(`${c.schema}.${c.table}.${c.column}`)
  }
  return found.sort()
}

/** One row whose identity agrees with OTHER_NIR (a man born in March 1985), or with NIR when given `woman`. */
async function importOne(tx: Tx, nir: string, woman = false) {
  const identity = woman ? ['Autre', 'Femme', '14/05/1990', 'F'] : ['Marchal', 'Yves', '20/03/1985', 'M']
  const csv = `${[HEADER, [...identity, '', '', spaced(nir), '', '', '', 'b1']].map((r) => r.join(';')).join('\n')}\n`
  const parsed = await parseImportFile(new TextEncoder().encode(csv), 'candidats.csv')
  if (!parsed.ok) throw new Error(parsed.error)
  const { customFields } = await candidateSettings(tx, ORG)
  const mapping = checkMapping(guessMapping(parsed.table.headers, customFields), parsed.table.headers, customFields)
  if (!mapping.ok) throw new Error(mapping.error)
  return importCandidates(asDb(tx), {
    organisationId: ORG,
    actorId: REFERENT,
    table: parsed.table,
    mapping: mapping.mapping,
    mode: 'valid',
    includeDuplicates: false,
    matchNir: true,
  })
}

describe('the NIR at rest', () => {
  it('is nowhere in clear, in any column of any table, after a candidate is created, edited, imported, prescribed and revealed', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: candidateInput(),
        matchNir: true,
      })
      if (!created.ok) throw new Error(JSON.stringify(created))
      // The same NIR typed again (as the edit form may send it) is no change: compared by blind index.
      expect(
        await updateCandidate(asDb(tx), {
          organisationId: ORG,
          actorId: REFERENT,
          candidateId: created.id,
          input: candidateInput({ socialSecurityNumber: NIR, phone: '06 11 22 33 44' }),
        }),
      ).toEqual({ ok: true, changed: ['phone'] })
      expect(await importOne(tx, OTHER_NIR)).toMatchObject({ ok: true, imported: 1 })
      const prescribed = await prescribe(asDb(tx), {
        organisationId: ORG,
        authorId: REFERENT,
        input: {
          candidateId: created.id,
          offerId: demoIds.offerPermis,
          prescription: {
            rsaReferentName: 'Romain Leroy',
            email: 'referent@passerelle.test',
            phone: '06 01 02 03 04',
            structure: 'Département de Seine-Maritime',
            address: 'Quai Jean Moulin, 76100 Rouen',
            goal: 'Obtenir le permis B.',
            validatePrescription: true,
            approveDemand: true,
            prescriptionDate: '2026-11-20',
          },
        },
      })
      expect(prescribed).toMatchObject({ ok: true })
      expect(await revealNir(asDb(tx), { actor: referent, candidateId: created.id })).toEqual({
        ok: true,
        nir: spaced(NIR),
      })

      const row = await stored(tx, created.id)
      expect(row.nirEncrypted).toMatch(/^v1:/)
      expect(row.nirBlindIndex).toBe(nirBlindIndex(NIR))
      expect(row.nirPrefix).toBe(NIR.slice(0, 5))
      const needles = [NIR, spaced(NIR), NIR.slice(0, 13), OTHER_NIR, spaced(OTHER_NIR), OTHER_NIR.slice(0, 13)]
      expect(await whereInClear(tx, needles)).toEqual([])
      // No clear column is left: neither the old one nor any other named after the NIR but the three encrypted ones.
      const { rows: nirColumnsLeft } = await tx.execute<{ column_name: string }>(sql`
        select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'candidates'
          and (column_name like '%nir%' or column_name like '%social%') order by column_name`)
      expect(nirColumnsLeft.map((c) => c.column_name)).toEqual(['nir_blind_index', 'nir_encrypted', 'nir_prefix'])

      // The scan does find a NIR written in clear, wherever it is: it is no test that cannot fail.
      await tx
        .update(s.candidates)
        .set({ email: `${NIR}@exemple.test` })
        .where(eq(s.candidates.id, created.id))
      await tx.execute(
        sql`update fups set prescription = prescription || ${JSON.stringify({ note: spaced(NIR) })}::jsonb`,
      )
      expect(await whereInClear(tx, needles)).toEqual([
        'public.candidates.email',
        'public.candidates.search_text',
        'public.fups.prescription',
      ])
    })
  })

  it('finds duplicates by blind index, however the NIR is typed, only for those who may read NIRs', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const first = await createCandidate(asDb(tx), { organisationId: ORG, actorId: REFERENT, input: candidateInput() })
      if (!first.ok) throw new Error('not created')
      const sameNir = candidateInput({ firstName: 'Autre', lastName: 'Personne', socialSecurityNumber: NIR })
      expect(
        await createCandidate(asDb(tx), { organisationId: ORG, actorId: REFERENT, input: sameNir, matchNir: true }),
      ).toMatchObject({ ok: false, duplicates: [{ candidateId: first.id, reason: 'nir' }] })
      const found = await findDuplicates(tx, ORG, [{ nir: spaced(NIR).toLowerCase() }, { nir: OTHER_NIR }])
      expect([...found.keys()]).toEqual([0])
      expect(found.get(0)).toMatchObject([{ candidateId: first.id, reason: 'nir' }])
      // Another organisation holds no such candidate.
      expect((await findDuplicates(tx, demoIds.orgLyon, [{ nir: NIR }])).size).toBe(0)
      // Someone who may not read NIRs is not told that one exists: created (lib/candidates/create-candidate.ts).
      expect(await createCandidate(asDb(tx), { organisationId: ORG, actorId: REFERENT, input: sameNir })).toMatchObject(
        {
          ok: true,
        },
      )
      // The import sees it too.
      expect(await importOne(tx, NIR, true)).toMatchObject({
        ok: true,
        imported: 0,
        lines: [{ status: 'duplicateSkipped' }],
      })
    })
  })

  it('refuses a tampered ciphertext (GCM tag) and writes no audit or journal row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: candidateInput(),
      })
      if (!created.ok) throw new Error('not created')
      const [v, keyId, iv, tag, body] = (await stored(tx, created.id)).nirEncrypted!.split(':')
      const bytes = Buffer.from(body!, 'base64url')
      bytes[3]! ^= 0x01
      await tx
        .update(s.candidates)
        .set({ nirEncrypted: [v, keyId, iv, tag, bytes.toString('base64url')].join(':') })
        .where(eq(s.candidates.id, created.id))
      await expect(revealNir(asDb(tx), { actor: referent, candidateId: created.id })).rejects.toThrow(NirKeyError)
      const audits = await tx
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, created.id), eq(s.auditLog.action, 'candidate.nir.read')))
      const journal = await tx.select().from(s.readJournal).where(eq(s.readJournal.candidateId, created.id))
      expect([audits.length, journal.length]).toEqual([0, 0])
    })
  })

  it('without a key, refuses to store a NIR with a French message and writes nothing; the rest still works', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await withNirKeys({}, async () => {
        const count = async () =>
          (await tx.execute<{ n: number }>(sql`select count(*)::int as n from candidates`)).rows[0]!.n
        const before = await count()
        expect(
          await createCandidate(asDb(tx), { organisationId: ORG, actorId: REFERENT, input: candidateInput() }),
        ).toEqual({ ok: false, errors: { socialSecurityNumber: NIR_KEY_MISSING_MESSAGE } })
        expect(await importOne(tx, OTHER_NIR)).toMatchObject({
          ok: true,
          imported: 0,
          lines: [{ status: 'invalid', reasons: [NIR_KEY_MISSING_MESSAGE] }],
        })
        expect(await count()).toBe(before)
        const withoutNir = await createCandidate(asDb(tx), {
          organisationId: ORG,
          actorId: REFERENT,
          input: candidateInput({ socialSecurityNumber: '' }),
        })
        expect(withoutNir).toMatchObject({ ok: true })
        return withoutNir.ok ? withoutNir.id : ''
      }).then(async (id) => {
        // A NIR stored while the key was there cannot be shown without it: said so, nothing journaled.
        await tx.update(s.candidates).set(nirColumns(NIR)).where(eq(s.candidates.id, id))
        await withNirKeys({}, async () =>
          expect(await revealNir(asDb(tx), { actor: referent, candidateId: id })).toEqual({
            ok: false,
            error: 'noKey',
          }),
        )
        expect(await tx.select().from(s.readJournal).where(eq(s.readJournal.candidateId, id))).toHaveLength(0)
      })
    })
  })
})

describe('npm run admin -- rotate-nir-key (rotateNirKey)', () => {
  it('re-encrypts every NIR under the new key in batches, resumes when interrupted, and leaves the index and the NIR right', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      // 23 NIRs under key A (one through the domain function), and one candidate without.
      const ids = await withNirKeys({ current: KEY_A }, async () => {
        const created = await createCandidate(asDb(tx), {
          organisationId: ORG,
          actorId: REFERENT,
          input: candidateInput(),
        })
        if (!created.ok) throw new Error('not created')
        const rows = await tx
          .insert(s.candidates)
          .values(
            Array.from({ length: 22 }, (_, i) => ({
              organisationId: ORG,
              firstName: `Rotation${i}`,
              lastName: 'Clé',
              ...nirColumns(nirOf(`1850376${String(100000 + i)}`)),
            })),
          )
          .returning({ id: s.candidates.id })
        return [created.id, ...rows.map((r) => r.id)]
      })
      const before = await stored(tx, ids[0]!)
      expect(before.nirEncrypted!.startsWith(`v1:${keyIdOf(KEY_A)}:`)).toBe(true)

      await withNirKeys({ current: KEY_B, previous: KEY_A }, async () => {
        const ring = { current: deriveNirKey(parseNirKey(KEY_B)), previous: deriveNirKey(parseNirKey(KEY_A)) }
        // Interrupted after its first batch of 10: what was committed stays, the rest is still readable.
        const stop = new Error('interrupted')
        await expect(
          rotateNirKey(tx, ring, {
            batchSize: 10,
            onBatch: () => {
              throw stop
            },
          }),
        ).rejects.toBe(stop)
        const { rows: mixed } = await tx.execute<{ key: string; n: number }>(sql`
          select split_part(nir_encrypted, ':', 2) as key, count(*)::int as n from candidates
          where nir_encrypted is not null group by 1 order by 1`)
        expect(Object.fromEntries(mixed.map((r) => [r.key, r.n]))).toEqual({
          [keyIdOf(KEY_A)]: 13,
          [keyIdOf(KEY_B)]: 10,
        })
        // Meanwhile the app reads both keys and compares both indexes.
        expect(await revealNir(asDb(tx), { actor: referent, candidateId: ids[0]! })).toEqual({
          ok: true,
          nir: spaced(NIR),
        })
        expect((await findDuplicates(tx, ORG, [{ nir: NIR }])).get(0)).toMatchObject([{ candidateId: ids[0] }])

        expect(await rotateNirKey(tx, ring, { batchSize: 10 })).toEqual({ reencrypted: 13, unknownKey: 0 })
        expect(await rotateNirKey(tx, ring, { batchSize: 10 })).toEqual({ reencrypted: 0, unknownKey: 0 })
      })

      // The old key gone, everything reads under the new one alone.
      await withNirKeys({ current: KEY_B }, async () => {
        const after = await stored(tx, ids[0]!)
        expect(after.nirEncrypted!.startsWith(`v1:${keyIdOf(KEY_B)}:`)).toBe(true)
        expect(after.nirBlindIndex).toBe(nirBlindIndex(NIR))
        expect(after.nirBlindIndex).not.toBe(before.nirBlindIndex)
        expect(after.nirPrefix).toBe(before.nirPrefix)
        expect(after.updatedAt).toEqual(before.updatedAt)
        expect(() => decryptNir(before.nirEncrypted!)).toThrow(NirKeyError)
        expect(() =>
          decryptNir(after.nirEncrypted!, { current: deriveNirKey(parseNirKey(KEY_A)), previous: null }),
        ).toThrow(NirKeyError)
        for (const id of ids) expect(decryptNir((await stored(tx, id)).nirEncrypted!)).toMatch(/^[12]\d{14}$/)
        expect(await revealNir(asDb(tx), { actor: referent, candidateId: ids[0]! })).toEqual({
          ok: true,
          nir: spaced(NIR),
        })
        expect((await findDuplicates(tx, ORG, [{ nir: NIR }])).get(0)).toMatchObject([{ candidateId: ids[0] }])
      })

      // A rotation started without the old key says how many it cannot read.
      await withNirKeys({ current: KEY_A }, async () => {
        expect(await rotateNirKey(tx, { current: deriveNirKey(parseNirKey(KEY_A)), previous: null })).toEqual({
          reencrypted: 0,
          unknownKey: 23,
        })
      })
    })
  })
})

describe('the migration of clear NIRs (lib/db/migrate.ts)', () => {
  const name = `passerelle_it_nir_${Date.now()}_${process.pid}`
  const url = new URL(testDatabaseUrl())
  const adminUrl = url.toString()
  url.pathname = `/${name}`
  const old = createDb(url.toString(), 2)
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  afterAll(async () => {
    await old.pool.end()
    await onServer(`drop database if exists "${name}" with (force)`)
  })

  it('encrypts the NIRs a database held in clear, in batches, drops the clear column, and clears them from old FUPs', async () => {
    await onServer(`create database "${name}"`)
    // The database as the previous release left it: every migration up to the one before the encryption.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-migrations-'))
    fs.mkdirSync(path.join(folder, 'meta'))
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[]
    }
    const upTo = journal.entries.findIndex((e) => e.tag === '0053_nir_encrypted')
    expect(upTo).toBeGreaterThan(0)
    journal.entries = journal.entries.slice(0, upTo)
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
    for (const e of journal.entries)
      fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`))
    await migrate(old.db, { migrationsFolder: folder })
    fs.rmSync(folder, { recursive: true })

    const client = old.pool
    const [organisation] = (await client.query(`insert into organisations (name) values ('Ancienne') returning id`))
      .rows
    const nirs = [NIR, OTHER_NIR, nirOf('2900576111222')]
    const { rows: candidates } = await client.query<{ id: string; updated_at: Date }>(
      `insert into candidates (organisation_id, first_name, last_name, social_security_number, updated_at)
       select $1, 'Ancien', 'Dossier ' || i, n, '2024-01-01T00:00:00Z' from unnest($2::text[]) with ordinality as u(n, i)
       returning id, updated_at`,
      [organisation.id, nirs],
    )
    await client.query(
      `insert into candidates (organisation_id, first_name, last_name) values ($1, 'Sans', 'Numéro')`,
      [organisation.id],
    )
    await client.query(
      `insert into "user" (id, name, email) values ('old-author', 'Ancien Auteur', 'ancien@exemple.test')`,
    )
    const [structure] = (await client.query(`insert into partner_structures (name) values ('Structure') returning id`))
      .rows
    const [offer] = (
      await client.query(
        `insert into social_offers (structure_id, offer_id, name, source, provider_name)
         values ($1, 'ancienne-1', 'Offre', 'passerelle', 'Prestataire') returning id`,
        [structure.id],
      )
    ).rows
    const [apply] = (
      await client.query(
        `insert into social_applies (organisation_id, structure_id, social_offer_id, candidate_id, author_id)
         values ($1, $2, $3, $4, 'old-author') returning id`,
        [organisation.id, structure.id, offer.id, candidates[0]!.id],
      )
    ).rows
    // A FUP from before the NIR stopped being shared with partners.
    await client.query(
      `insert into fups (social_apply_id, name, beneficiary, prescription)
       values ($1, 'Fiche', jsonb_build_object('gender', 'F', 'socialSecurityNumber', $2::text, 'phone', '0600000000'), '{}')`,
      [apply.id, NIR],
    )

    // The release's migrations, then the data step: without a key, it refuses and loses nothing.
    await migrate(old.db, { migrationsFolder: MIGRATIONS_FOLDER })
    await withNirKeys({}, () => expect(encryptClearNirs(old.db)).rejects.toThrow(/NIR_ENCRYPTION_KEY/))
    const { rows: kept } = await client.query(
      `select count(*)::int as n from candidates where social_security_number is not null`,
    )
    expect(kept[0].n).toBe(3)
    // Old FUPs lose the NIR with the SQL migration itself.
    const { rows: fups } = await client.query(`select beneficiary from fups`)
    expect(fups[0].beneficiary).toEqual({ gender: 'F', socialSecurityNumber: null, phone: '0600000000' })

    expect(await encryptClearNirs(old.db, 2)).toBe(3)
    const { rows: columns } = await client.query(
      `select 1 from information_schema.columns where table_name = 'candidates' and column_name = 'social_security_number'`,
    )
    expect(columns).toHaveLength(0)
    for (const [i, c] of candidates.entries()) {
      const row = await stored(old.db, c.id)
      expect(decryptNir(row.nirEncrypted!)).toBe(nirs[i])
      expect(row.nirBlindIndex).toBe(nirBlindIndex(nirs[i]!))
      expect(row.nirPrefix).toBe(nirs[i]!.slice(0, 5))
      expect(row.updatedAt).toEqual(c.updated_at)
    }
    expect(
      await whereInClear(
        old.db,
        nirs.flatMap((n) => [n, spaced(n)]),
      ),
    ).toEqual([])
    // The next start finds nothing to do, and the app's duplicate check reads the migrated index.
    await runMigrations(old.db)
    expect((await findDuplicates(old.db, organisation.id, [{ nir: spaced(OTHER_NIR) }])).get(0)).toMatchObject([
      { candidateId: candidates[1]!.id, reason: 'nir' },
    ])
  })
})
