/**
 * `npm run resilience`'s fault on the embedded default: the disk of the embedded database's folder full,
 * then read-only. `npm start` runs on a small tmpfs (DATA_DIR) with no DATABASE_URL, as on a fresh machine:
 *
 * 1. it starts, migrates and seeds; the rows of its main tables are counted (on its loopback port);
 * 2. the disk fills while it runs: a write is refused by PostgreSQL (SQLSTATE 53100) and the app keeps answering;
 *    it is then stopped as a person would (SIGTERM), still full;
 * 3. a start on the full disk ends at once with the French message that says so; so does a start on the disk mounted
 *    read-only;
 * 4. the disk back (space freed, writable): the app starts, every row is there and nothing more, the indexes agree
 *    with the tables, and a write goes through.
 *
 * Needs root (mount); `--no-disk-fault` leaves it out.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { freeLoopbackPort } from '../lib/http/free-port'
import { embeddedApp, type Tools } from './resilience-embedded-app'

const TABLES = [
  'candidates',
  'social_applies',
  'fups',
  'documents',
  '"user"',
  'sms_messages',
  'workshops',
  'social_offers',
]

export async function embeddedDiskFault({ root, work, check, figure }: Tools): Promise<void> {
  const disk = path.join(work, 'embedded-disk')
  fs.mkdirSync(disk, { recursive: true })
  const mount = (...args: string[]) => spawnSync('mount', args, { encoding: 'utf8' })
  const mounted = mount('-t', 'tmpfs', '-o', 'size=256m,mode=755', 'tmpfs', disk)
  if (mounted.status !== 0) {
    check('embedded disk: a small disk for the fault (mount a tmpfs, as root)', false, mounted.stderr.trim())
    return
  }
  const dataDir = path.join(disk, 'data')
  const filler = path.join(disk, 'filler')
  const port = await freeLoopbackPort()
  const dbPort = await freeLoopbackPort()
  const embedded = embeddedApp({
    root,
    dataDir,
    port,
    dbPort,
    outbox: path.join(work, 'embedded-outbox'),
    logFile: path.join(work, 'embedded.log'),
  })
  const { start, stop, exited, healthy, connect, state } = embedded
  const counts = async (client: pg.Client) => {
    const result: Record<string, number> = {}
    for (const table of TABLES)
      result[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n)
    return result
  }

  try {
    // 1. A first start on the empty disk: migrated and seeded.
    start()
    const firstMs = await healthy(240_000)
    check(
      'embedded disk: `npm start` on an empty folder starts (migrated, demo data)',
      firstMs >= 0,
      firstMs >= 0 ? `${firstMs} ms` : state.output.slice(-500),
    )
    if (firstMs < 0) return
    let client = await connect()
    const before = await counts(client)

    // 2. The disk fills while the app runs.
    const fd = fs.openSync(filler, 'w')
    const block = Buffer.alloc(1 << 20)
    try {
      for (;;) fs.writeSync(fd, block)
    } catch {}
    fs.closeSync(fd)
    let refusal = ''
    try {
      await client.query(`insert into candidates (organisation_id, first_name, last_name)
        select organisation_id, 'Disque', 'Plein ' || i from (select organisation_id from candidates limit 1) o, generate_series(1, 20000) i`)
    } catch (error) {
      refusal = (error as { code?: string }).code ?? String(error)
    }
    const stillServing = await fetch(`${embedded.base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    )
    await client.end()
    check(
      'embedded disk full while running: the write is refused (53100), the app keeps answering',
      refusal === '53100' && stillServing === 200,
      `write: ${refusal || 'accepted'}, /api/health ${stillServing}`,
    )
    await stop()

    // 3. Starts on the full disk, then on the disk mounted read-only: a clear message at once, nothing started.
    const refusedStart = async (name: string, ok: (output: string) => boolean, precondition = true) => {
      const startedAt = Date.now()
      const code = await exited(start(), 60_000)
      const said = state.output
      await stop()
      check(
        name,
        precondition && code !== null && code !== 0 && ok(said),
        `exit ${code} after ${Date.now() - startedAt} ms: ${said.trim().split('\n').pop()?.slice(0, 160)}`,
      )
      return code
    }
    const fullExit = await refusedStart(
      'embedded disk full at start: a clear French message, exit',
      (said) => said.includes('est plein') && said.includes('Libérez de la place'),
    )
    fs.rmSync(filler)
    const readOnly = mount('-o', 'remount,ro', disk)
    const roExit = await refusedStart(
      'embedded disk read-only at start: a clear French message, exit',
      (said) => said.includes('en lecture seule'),
      readOnly.status === 0,
    )

    // 4. The disk back: every row there, nothing more, indexes and tables agree, writes go through.
    mount('-o', 'remount,rw', disk)
    start()
    const backMs = await healthy(120_000)
    if (backMs < 0) {
      check('embedded disk back: the app starts', false, state.output.slice(-500))
      return
    }
    client = await connect()
    const after = await counts(client)
    // Index scans only, then the heap only: the same answers if no page was half written.
    await client.query('set enable_seqscan = off; set enable_bitmapscan = off')
    const byIndex = Number(
      (await client.query(`select count(*) as n from candidates where organisation_id is not null`)).rows[0].n,
    )
    const appliesByIndex = Number(
      (await client.query(`select count(*) as n from social_applies where id is not null`)).rows[0].n,
    )
    await client.query('set enable_seqscan = on; set enable_indexscan = off; set enable_indexonlyscan = off')
    const byHeap = Number(
      (await client.query(`select count(*) as n from candidates where organisation_id is not null`)).rows[0].n,
    )
    const appliesByHeap = Number(
      (await client.query(`select count(*) as n from social_applies where id is not null`)).rows[0].n,
    )
    await client.query('reset all')
    let written = false
    try {
      await client.query('begin')
      await client.query(
        `insert into candidates (organisation_id, first_name, last_name) select organisation_id, 'Disque', 'Revenu' from candidates limit 1`,
      )
      await client.query('rollback')
      written = true
    } catch {}
    await client.end()
    figure({
      figure: 'fault: embedded database disk full, then read-only',
      firstStartMs: firstMs,
      fullWrite: refusal,
      fullStartExit: fullExit,
      readOnlyStartExit: roExit,
      backMs,
      rows: after,
    })
    check('embedded disk back: the app starts', true, `${backMs} ms`)
    check(
      'embedded disk back: every row there and nothing more',
      JSON.stringify(after) === JSON.stringify(before),
      JSON.stringify(after),
    )
    check(
      'embedded disk back: indexes agree with the tables, writes go through',
      byIndex === byHeap && appliesByIndex === appliesByHeap && written,
      `candidates ${byIndex}/${byHeap}, applies ${appliesByIndex}/${appliesByHeap}, write ${written}`,
    )
  } finally {
    await stop()
    mount('-o', 'remount,rw', disk)
    spawnSync('umount', [disk])
  }
}
