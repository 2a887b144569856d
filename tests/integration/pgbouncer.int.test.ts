import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { fullName } from '@/lib/person-name'
import { fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { sendFup } from '@/lib/prescriptions/partner-answers-fup'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { changeCandidatesStatus } from '@/lib/candidates/bulk-status'
import { createCandidate } from '@/lib/candidates/create-candidate'
import { getCandidate } from '@/lib/candidates/queries'
import { createDb, type Db } from '@/lib/db/client'
import { runMigrations } from '@/db/migrate'
import * as s from '@/lib/db/schema'
import { DEMO_PASSWORD, demoIds, seedDemo } from '@/db/seed'
import { startJobWorker, type RunningWorker } from '@/lib/jobs/worker'
import { getSocialOffer } from '@/lib/offers/queries'
import { resetSmsTransport } from '@/lib/sms/transport'
import { pgbouncerBinary, startPgBouncer, type RunningPgBouncer } from '../support/pgbouncer'
import { signedInHeaders, testAuth, waitForMail } from './auth-kit'
import { testDatabaseUrl } from './db'

/**
 * Passerelle behind Debian's PgBouncer (1.18) in transaction mode, as managed PostgreSQL offers serve it, with
 * DATABASE_PGBOUNCER=1: PgBouncer refuses the startup parameters that carry the timeouts, and runs one client's
 * consecutive transactions on different server connections, so named statements and session settings would go wrong.
 * Everything below goes through a PgBouncer this file starts: migrations, the seed, sign-in, the reads, a prescription
 * and its answer with their mails sent by a job worker (pg-boss) through PgBouncer too, and a mixed load.
 */

const POOL_SIZE = 3
/** The role's default statement timeout here (DATABASE_STATEMENT_TIMEOUT_MS), short enough to be seen to end. */
const ROLE_STATEMENT_MS = 2000
/** The transactions' own, different, so that a SET LOCAL that outlived its transaction would show. */
const FLOWS_STATEMENT_MS = 4321
const NOW = new Date('2026-11-05T10:00:00.000Z')
const COUNSELLOR = 'demo-conseiller'
const REFERENT = 'demo-referent'
const PARTNER = 'demo-partenaire'

if (!pgbouncerBinary())
  console.error(
    '\n*** pgbouncer.int.test.ts SKIPPED: pgbouncer is not installed. Run `bash scripts/ensure-system-deps.sh` ' +
      '(apt-get install -y pgbouncer) to test Passerelle behind PgBouncer. ***\n',
  )

const serverUrl = testDatabaseUrl()
const database = `passerelle_it_pgbouncer_${Date.now()}_${process.pid}`
const savedEnv = Object.fromEntries(
  ['DATABASE_PGBOUNCER', 'DATABASE_STATEMENT_TIMEOUT_MS', 'OUTBOX_DIR', 'SMTP_URL'].map((k) => [k, process.env[k]]),
)
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-outbox-'))
const closers: (() => Promise<unknown>)[] = []
let bouncer: RunningPgBouncer
let bouncerUrl: string
let db: Db
let worker: RunningWorker | undefined

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  await client.query(statement).finally(() => client.end())
}

/** A handle through PgBouncer, its pool ended after the file. */
function through(url: string, max: number, overrides: Parameters<typeof createDb>[2] = {}): Db {
  const handle = createDb(url, max, overrides)
  closers.push(() => handle.pool.end())
  return handle.db
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; message: string; cause?: { code?: string; message: string } }) => error.cause ?? error,
  )

describe.skipIf(!pgbouncerBinary())('behind PgBouncer in transaction mode (DATABASE_PGBOUNCER=1)', () => {
  beforeAll(async () => {
    process.env.DATABASE_PGBOUNCER = '1'
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = String(ROLE_STATEMENT_MS)
    process.env.OUTBOX_DIR = outbox
    delete process.env.SMTP_URL
    resetSmsTransport()
    await onServer(`create database "${database}"`)
    // `single`: one server connection onto the same database, so that two clients surely share it.
    bouncer = await startPgBouncer({
      server: serverUrl,
      poolSize: POOL_SIZE,
      databases: { single: { dbname: database, poolSize: 1 } },
    })
    bouncerUrl = bouncer.urlOf(serverUrl, database)
    // The release step, through PgBouncer: migrations (which give the role its default timeouts), then the demo data.
    const release = createDb(bouncerUrl, 1, { statementTimeoutMs: 10 * 60_000 })
    try {
      await runMigrations(release.db)
      await seedDemo(release.db)
    } finally {
      await release.pool.end()
    }
    db = through(bouncerUrl, 20, { statementTimeoutMs: FLOWS_STATEMENT_MS })
    worker = await startJobWorker({ connectionString: bouncerUrl, poolMax: 3, pollingIntervalSeconds: 0.5 })
  }, 60_000)

  afterAll(async () => {
    await worker?.stop()
    for (const close of closers) await close()
    await bouncer?.stop()
    await onServer(`drop database if exists "${database}" with (force)`)
    fs.rmSync(outbox, { recursive: true, force: true })
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })

  it('without the setting, PgBouncer refuses the connection (the timeouts are startup parameters)', async () => {
    const plain = through(bouncerUrl, 1, { pgbouncer: false })
    expect((await errorOf(plain.execute(sql`select 1`)))?.code).toBe('08P01')
    const direct = new pg.Client({ connectionString: bouncerUrl, statement_timeout: 1000 })
    expect((await errorOf(direct.connect()))?.message).toMatch(/unsupported startup parameter: statement_timeout/)
    await direct.end().catch(() => {})
    // PostgreSQL's own way to pass settings at connection is refused as well (PgBouncer 1.18).
    const options = new pg.Client({ connectionString: bouncerUrl, options: '-c statement_timeout=1000' })
    expect((await errorOf(options.connect()))?.message).toMatch(/unsupported startup parameter: options/)
    await options.end().catch(() => {})
  })

  it('a named statement, as Passerelle prepared them directly, meets another server connection: unnamed it does not', async () => {
    // Without the setting's client: no startup parameters, names kept. Four clients over three server connections.
    const named = new pg.Pool({ connectionString: bouncerUrl, max: 4 })
    closers.push(() => named.end())
    const runs = Array.from({ length: 200 }, (_, i) =>
      errorOf(named.query({ name: 'passerelle_probe', text: 'select $1::int as n', values: [i] })),
    )
    const failures = (await Promise.all(runs)).filter(Boolean)
    expect(failures.length).toBeGreaterThan(0)
    expect(failures[0]!.message).toMatch(/prepared statement "passerelle_probe" (does not exist|already exists)/)
  })

  it('the main flows: sign-in and the session read, the candidate sheet, a prescription written and answered, its mails sent by the worker', async () => {
    const auth = testAuth(db)
    const headers = await signedInHeaders(auth, 'conseiller@passerelle.test', DEMO_PASSWORD)
    const sessions = await Promise.all(Array.from({ length: 40 }, () => activeSession(auth, db, headers)))
    expect(sessions.map((s) => s?.user.id)).toEqual(Array(40).fill(COUNSELLOR))

    const [antoine] = await db
      .select({ id: s.candidates.id })
      .from(s.candidates)
      .where(and(eq(s.candidates.firstName, 'Antoine'), eq(s.candidates.organisationId, demoIds.orgSeineMaritime)))
    const sheets = await Promise.all(
      Array.from({ length: 40 }, () => getCandidate(db, demoIds.orgSeineMaritime, antoine!.id)),
    )
    expect(new Set(sheets.map((c) => fullName(c ?? {})))).toEqual(new Set(['Antoine Blanc']))

    const prescribed = await prescribe(db, {
      organisationId: demoIds.orgSeineMaritime,
      authorId: REFERENT,
      input: { candidateId: antoine!.id, offerId: demoIds.offerPermis, prescription: prescriptionForm() },
      now: NOW,
    })
    expect(prescribed).toMatchObject({ ok: true, mailed: 1 })
    if (!prescribed.ok) return
    const answered = await sendFup(db, {
      structureId: demoIds.structureMobilite,
      applyId: prescribed.applyId,
      answer: integrated(),
      actorId: PARTNER,
      now: NOW,
    })
    expect(answered).toMatchObject({ ok: true })
    const [apply] = await db.select().from(s.socialApplies).where(eq(s.socialApplies.id, prescribed.applyId))
    expect(apply!.state).toBe('INTEGRATED_CANDIDATE')

    // Both mails were enqueued in their write's transaction; the worker, through PgBouncer, sends them.
    await waitForMail(outbox, 'partenaire@passerelle.test', /Permis de conduire solidaire/, 10_000)
    await waitForMail(outbox, 'referent@passerelle.test', /Mobilité Solidaire/, 10_000)
  })

  it('a mixed load, 20 clients × 200 actions (1 in 10 a write) over 3 server connections: 0 errors', async () => {
    const auth = testAuth(db)
    const headers = await signedInHeaders(auth, 'conseiller@passerelle.test', DEMO_PASSWORD, '203.0.113.77')
    const people = await db
      .select({ id: s.candidates.id })
      .from(s.candidates)
      .where(eq(s.candidates.organisationId, demoIds.orgSeineMaritime))
    const statuses = await db
      .select({ id: s.candidateStatuses.id })
      .from(s.candidateStatuses)
      .where(eq(s.candidateStatuses.organisationId, demoIds.orgSeineMaritime))
    const pick = <T>(list: T[], i: number) => list[i % list.length]!

    const reads: ((i: number) => Promise<unknown>)[] = [
      async () => expect((await activeSession(auth, db, headers))?.user.id).toBe(COUNSELLOR),
      async (i) => expect(await getCandidate(db, demoIds.orgSeineMaritime, pick(people, i).id)).not.toBeNull(),
      async () => expect((await getSocialOffer(db, demoIds.offerPermis))?.id).toBe(demoIds.offerPermis),
      async () =>
        listAppliesByTab(db, {
          structureId: demoIds.structureMobilite,
          offerId: demoIds.offerPermis,
          tab: 'INTEGRATED_CANDIDATE',
        }),
    ]
    const created: string[] = []
    const writes: ((i: number, client: number) => Promise<unknown>)[] = [
      async (i) => {
        const result = await changeCandidatesStatus(db, {
          organisationId: demoIds.orgSeineMaritime,
          ids: [pick(people, i).id],
          statusId: pick(statuses, i).id,
          actorId: REFERENT,
        })
        expect(result).toMatchObject({ ok: true, updated: 1 })
      },
      async (i, client) => {
        const result = await createCandidate(db, {
          organisationId: demoIds.orgSeineMaritime,
          actorId: REFERENT,
          input: {
            firstName: `Charge${client}`,
            lastName: `Essai${i}`,
            gender: i % 2 ? 'F' : 'M',
            birthDate: '1990-05-14',
            phone: '',
            email: '',
            customFields: { frenchLevel: 'b1' },
          },
        })
        expect(result).toMatchObject({ ok: true })
        created.push((result as { id: string }).id)
      },
    ]

    const errors: string[] = []
    let done = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        for (let i = 0; i < 200; i++) {
          try {
            if (i % 10 === client % 10) await pick(writes, Math.floor(i / 10) + client)(i, client)
            else await pick(reads, i + client)(i)
            done++
          } catch (error) {
            errors.push(String((error as Error).message).slice(0, 200))
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    console.log(`PgBouncer mixed load: ${done} actions in ${seconds.toFixed(1)} s, ${errors.length} errors`)
    expect(errors).toEqual([])
    expect(done).toBe(4000)
    const [{ n }] = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${s.candidates} where ${inArray(s.candidates.id, created)}`,
      )
    ).rows as [{ n: number }]
    expect(n).toBe(200)
  }, 60_000)

  it('a statement that outlives statement_timeout is ended by the server, outside a transaction and inside one', async () => {
    // Outside a transaction: the role's default, set by the migrations.
    let started = performance.now()
    expect((await errorOf(db.execute(sql`select pg_sleep(${(ROLE_STATEMENT_MS + 2000) / 1000})`)))?.code).toBe('57014')
    expect(performance.now() - started).toBeLessThan(ROLE_STATEMENT_MS + 1500)
    // Inside one: the process's own (here shorter) value, SET LOCAL with the BEGIN.
    const short = through(bouncerUrl, 1, { statementTimeoutMs: 500 })
    started = performance.now()
    const inTransaction = short.transaction(async (tx) => tx.execute(sql`select pg_sleep(1.5)`))
    expect((await errorOf(inTransaction))?.code).toBe('57014')
    expect(performance.now() - started).toBeLessThan(1400)
    // The lock and idle-in-transaction timeouts are there too, in and out of a transaction.
    const shown = await short.transaction(async (tx) =>
      tx.execute<Record<string, string>>(
        sql`select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l, current_setting('idle_in_transaction_session_timeout') as i`,
      ),
    )
    expect(shown.rows[0]).toEqual({ s: '500ms', l: '5s', i: '30s' })
    const outside = await short.execute<Record<string, string>>(
      sql`select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l, current_setting('idle_in_transaction_session_timeout') as i`,
    )
    expect(outside.rows[0]).toEqual({ s: '2s', l: '5s', i: '30s' })
  })

  it('settings never leak from one client to another through a shared server connection (and the test would see it)', async () => {
    const single = bouncer.urlOf(serverUrl, 'single')
    const one = through(single, 1, { statementTimeoutMs: 1234 })
    const other = through(single, 1)
    const settingOf = async (handle: Db | Parameters<Parameters<Db['transaction']>[0]>[0]) =>
      (
        await handle.execute<{ pid: number; timeout: string }>(
          sql`select pg_backend_pid() as pid, current_setting('statement_timeout') as timeout`,
        )
      ).rows[0]!
    const inside = await one.transaction((tx) => settingOf(tx))
    expect(inside.timeout).toBe('1234ms')
    const after = await settingOf(other)
    // The same server connection, and the role's value: the SET LOCAL ended with its transaction.
    expect(after.pid).toBe(inside.pid)
    expect(after.timeout).toBe('2s')

    // A session SET, which Passerelle never issues, would reach the other client: what the check above would catch.
    const raw = new pg.Client({ connectionString: single })
    await raw.connect()
    try {
      await raw.query('set statement_timeout = 777')
      expect(await settingOf(other)).toEqual({ pid: inside.pid, timeout: '777ms' })
      await raw.query('reset statement_timeout')
      expect((await settingOf(other)).timeout).toBe('2s')
    } finally {
      await raw.end()
    }

    // After the flows and the load (their transactions at 4321 ms), every server connection has the role's values.
    const seen = await Promise.all(
      Array.from({ length: POOL_SIZE * 3 }, () =>
        db.execute<{ pid: number; s: string; l: string; i: string }>(
          sql`select pg_backend_pid() as pid, current_setting('statement_timeout') as s,
            current_setting('lock_timeout') as l, current_setting('idle_in_transaction_session_timeout') as i
            from pg_sleep(0.2)`,
        ),
      ),
    )
    const rows = seen.map((r) => r.rows[0]!)
    expect(new Set(rows.map((r) => r.pid)).size).toBe(POOL_SIZE)
    expect(new Set(rows.map(({ s, l, i }) => `${s} ${l} ${i}`))).toEqual(
      new Set([`${ROLE_STATEMENT_MS / 1000}s 5s 30s`]),
    )
  })
})

function prescriptionForm() {
  return {
    rsaReferentName: 'Romain Leroy',
    email: 'referent@passerelle.test',
    phone: '06 01 02 03 04',
    structure: 'Département de Seine-Maritime',
    address: 'Quai Jean Moulin, 76100 Rouen',
    goal: 'Obtenir le permis B pour accepter un poste d’aide à domicile.',
    validatePrescription: true,
    approveDemand: true,
    prescriptionDate: '2026-11-04',
  }
}

function integrated() {
  return fupAnswerSchema.parse({
    partnerFeedback: {
      accompanierName: 'Paula Moreau',
      name: 'Mobilité Solidaire',
      email: 'permis@mobilite-solidaire.test',
      phone: '02 35 00 00 01',
      address: '12 rue du Gros-Horloge, 76000 Rouen',
      decision: { partnerDecision: 'integrated', firstReceptionDate: '2026-11-12', assessmentDate: '2027-02-15' },
    },
    sponsorsLogo: [],
  })
}
