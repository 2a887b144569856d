/**
 * `npm run resilience [-- --short] [--minutes 5] [--users 50] [--no-pg-restart] [--no-disk-fault]`: the built app under
 * load and faults, on loopback, bounded in time. It makes a throwaway database on DATABASE_URL's server (migrated,
 * demo data), starts the local SMTP sink and Twilio stand-in, and serves the build as `npm start` does
 * (scripts/serve.mjs: two web workers and a job worker). Then:
 *
 * - load: USERS virtual users for MINUTES, mixing sign-ins, list reads, FUP answers, archives and restores,
 *   prescriptions, candidate creations and SMS sends; throughput, p95 and errors (5xx or no answer) are the figures;
 * - faults, each with its recovery time: a web worker killed with -9 under load; the job worker killed with -9 in the
 *   middle of a bulk SMS send, then in the middle of an export of 60 000 candidates (not in --short); PostgreSQL
 *   restarted under load (pg_ctlcluster; not in --short); the embedded default's disk full, then read-only (a tmpfs
 *   mounted as root; not in --short: scripts/resilience-embedded-disk.ts);
 * - invariants, after the load and the faults: one answer per apply, counters equal to the rows, no orphan document,
 *   no SMS or mail handed to its provider twice and none called twice by one attempt (read from the Twilio stand-in's
 *   and the SMTP sink's own counts), every queued one settled: sent, failed, or unknown and shown to a person.
 *
 * Ends with `N passed, 0 failed` (exit 1 on a failure). --short (CI): 20 s of load by 10 users, a bulk send of 60, no
 * export fault, no PostgreSQL restart, no disk fault.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import pg from 'pg'
import { createDb } from '../lib/db/client'
import { freeLoopbackPort } from '../lib/http/free-port'
import { parisToday } from '../lib/dates'
import { requestExport } from '../lib/exports/request-export'
import { runMigrations } from '../db/migrate'
import { demoApplyId, demoIds, DEMO_PASSWORD, seedDemo } from '../db/seed'
import { users } from '../lib/db/schema'
import { TERMS_VERSION } from '../lib/onboarding/terms'
import { isWithinSendingHours, DEFAULT_SENDING_HOURS } from '../lib/sms/sending-hours'
import { startSmtpSink } from '../e2e/smtp-sink'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../tests/support/chromium'
import { startTwilioStandIn } from '../tests/support/twilio-stand-in'
import { embeddedDefaultPhase } from './resilience-embedded-default'
import { embeddedDiskFault } from './resilience-embedded-disk'

const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean' },
    minutes: { type: 'string' },
    users: { type: 'string' },
    'no-pg-restart': { type: 'boolean' },
    'no-disk-fault': { type: 'boolean' },
    'no-embedded': { type: 'boolean' },
  },
})
const SHORT = !!args.short
const LOAD_SECONDS = Math.round(Number(args.minutes ?? (SHORT ? 1 / 3 : 5)) * 60)
const USERS = Number(args.users ?? (SHORT ? 10 : 50))
const PG_RESTART = !SHORT && !args['no-pg-restart']
const DISK_FAULT = !SHORT && !args['no-disk-fault']
const EMBEDDED = !args['no-embedded']
const SECRET = 'resilience-secret-not-for-production-7c1e9a'
const ROOT = path.resolve(import.meta.dirname, '..')

const results: { name: string; ok: boolean; detail: string }[] = []
const runStart = Date.now()
/** A check's line, with the seconds since the run began (where a run spends its time). */
const check = (name: string, ok: boolean, detail = '') => {
  results.push({ name, ok, detail })
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''} [${Math.round((Date.now() - runStart) / 1000)} s]`,
  )
}
const figure = (line: Record<string, unknown>) => console.log(JSON.stringify(line))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The latest instant in the default SMS sending hours (the app's clock is set there, so that SMS leave at once). */
/**
 * The app's clock for the run: the latest instant before now whose next two hours are all within the SMS sending hours
 * (the clock runs on from it): a run started at night once began 3 minutes before 20:00, and the SMS queued after 20:00
 * waited for the next morning.
 */
function inSendingHours(): Date {
  const span = 2 * 3600_000
  let at = new Date()
  while (
    ![0, 0.25, 0.5, 0.75, 1].every((f) =>
      isWithinSendingHours(new Date(at.getTime() + f * span), DEFAULT_SENDING_HOURS),
    )
  )
    at = new Date(at.getTime() - 15 * 60_000)
  return at
}

// ---------------------------------------------------------------------------------------------------------------------
// Set-up
// `npm run resilience` (scripts/with-database.ts) provides it: the given server, or a throwaway embedded one.
const server = process.env.DATABASE_URL
if (!server) throw new Error('DATABASE_URL is not set: run `npm run resilience`, which provides a PostgreSQL server.')
if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
  console.error('No build: run `npx next build` first (npm test does).')
  process.exit(1)
}
const dbUrl = new URL(server)
const dbName = `passerelle_resilience_${Date.now()}`
dbUrl.pathname = `/${dbName}`
const admin = new pg.Client({ connectionString: server })
await admin.connect()
await admin.query(`create database "${dbName}"`)
await admin.end()
{
  const { db, pool } = createDb(dbUrl.toString(), 2)
  await runMigrations(db)
  // The seed's invitation codes are hashed and sealed under the server's secret.
  process.env.BETTER_AUTH_SECRET = SECRET
  await seedDemo(db)
  await db.update(users).set({ onboardedAt: new Date(), termsVersion: TERMS_VERSION, termsAcceptedAt: new Date() })
  await pool.end()
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-resilience-'))
// Run as root, the embedded PostgreSQL's user (postgres) must reach its folders under this one.
fs.chmodSync(work, 0o755)
const outbox = path.join(work, 'outbox')
const clockFile = path.join(work, 'clock')
fs.writeFileSync(clockFile, inSendingHours().toISOString())
const smtpPort = await freeLoopbackPort()
const smtp = await startSmtpSink(smtpPort, outbox)
const port = await freeLoopbackPort()
const base = `http://127.0.0.1:${port}`
const twilio = await startTwilioStandIn({ inboundUrl: `${base}/api/sms/inbound`, from: 'PASSERELLE' })
const logFile = path.join(work, 'server.log')
let app: ChildProcess

function startApp() {
  const log = fs.openSync(logFile, 'a')
  app = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs'), '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      BETTER_AUTH_URL: base,
      BETTER_AUTH_SECRET: SECRET,
      NIR_ENCRYPTION_KEY: 'O2cKkZ/HbstqYV0Qs+rFQjX2JpRsMTKyXj0Ab0O+H6Y=',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_DIR: outbox,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: 'PASSERELLE',
      TWILIO_API_BASE_URL: twilio.url,
      PASSERELLE_CLOCK_FILE: clockFile,
      JOB_SCHEDULES: 'off',
      WEB_CONCURRENCY: '2',
      JOB_WORKERS: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  })
}
async function waitHealthy(timeoutMs: number): Promise<number> {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return Date.now() - start
    await sleep(100)
  }
  throw new Error(`the app did not answer /api/health within ${timeoutMs} ms (log: ${logFile})`)
}
const stopApp = () => {
  try {
    if (app?.pid) process.kill(-app.pid, 'SIGTERM')
  } catch {}
}
process.on('exit', stopApp)

startApp()
await waitHealthy(60_000)
const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 })
db.on('error', () => undefined)

// Sessions and the server actions the load uses (found in the build's manifest, as the browser finds them).
async function signIn(email: string): Promise<string | null> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (response.status !== 200) return null
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
// A counsellor (no second factor: no settings permission) does the organisation's side of the work.
const referent = (await signIn('conseiller@passerelle.test'))!
const partner = (await signIn('partenaire@passerelle.test'))!
const manifest = JSON.parse(
  fs.readFileSync(path.join(ROOT, '.next', 'server', 'server-reference-manifest.json'), 'utf8'),
) as {
  node: Record<string, { workers: Record<string, unknown>; exportedName: string }>
}
/** A request of the run gives up after this: an answer that never comes is a hang, counted apart from a refusal. */
const REQUEST_PATIENCE_MS = 20_000
const patience = () => AbortSignal.timeout(REQUEST_PATIENCE_MS)
function actionOf(name: string) {
  const [id, entry] = Object.entries(manifest.node).find(([, e]) => e.exportedName === name)!
  const pages = Object.keys(entry.workers).filter((w) => w.endsWith('/page'))
  const page = pages.find((w) => !w.includes('[')) ?? pages[0]!
  const route = `/${page
    .split('/')
    .slice(1, -1)
    .filter((s) => !/^\(.*\)$/.test(s))
    .join('/')}`
  return { id, route: route.replace(/\[[^\]]+\]/g, demoIds.offerPermis) }
}
async function callAction(
  name: string,
  cookie: string,
  ...actionArgs: unknown[]
): Promise<{ status: number; result: unknown }> {
  const { id, route } = actionOf(name)
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: {
      'next-action': id,
      'content-type': 'text/plain;charset=UTF-8',
      accept: 'text/x-component',
      origin: base,
      cookie,
    },
    body: JSON.stringify(actionArgs),
    signal: patience(),
  })
  const text = await response.text()
  const line = text.split('\n').find((l) => l.startsWith('1:'))
  let result: unknown
  try {
    result = line ? JSON.parse(line.slice(2)) : undefined
  } catch {}
  return { status: response.status, result }
}
const okResult = (r: { result: unknown }) => (r.result as { ok?: boolean } | undefined)?.ok === true

const { rows: demoCandidates } = await db.query<{ id: string }>(
  `select id from candidates where organisation_id = $1 and phone is not null and sms_opted_out_at is null order by last_name limit 8`,
  [demoIds.orgSeineMaritime],
)
const pendingWithSheet = [0, 1, 2].map(demoApplyId)
// What the run queues is told apart from the demo data's own messages (the app's clock dates them: not by time).
const demoSms = (await db.query<{ id: string }>('select id from sms_messages')).rows.map((r) => r.id)
const demoMails = (await db.query<{ id: string }>('select id from outbound_mails')).rows.map((r) => r.id)

// ---------------------------------------------------------------------------------------------------------------------
// The load
type Sample = { op: string; ms: number; status: number; error: boolean; refused: boolean; hung: boolean }
const samples: Sample[] = []
/** The first refusal of each kind of work, shown when a kind got nothing done. */
const firstRefusal: Record<string, unknown> = {}
let counter = 0
// The app's day (Paris), on its clock: a run at night sets that clock back to the evening before, a day earlier.
const today = parisToday(new Date(fs.readFileSync(clockFile, 'utf8')))

const OPS: [string, number, () => Promise<{ status: number; refused?: boolean }>][] = [
  [
    'sign-in',
    8,
    async () => ({
      status: (
        await fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email: 'conseiller@passerelle.test', password: DEMO_PASSWORD }),
          signal: patience(),
        })
      ).status,
    }),
  ],
  [
    'applies-list',
    25,
    async () => {
      const tab = ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'][counter % 3]
      const r = await fetch(`${base}/api/offers/${demoIds.offerPermis}/applies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: partner },
        body: JSON.stringify({ tab, page: 1 }),
        signal: patience(),
      })
      await r.arrayBuffer()
      return { status: r.status }
    },
  ],
  [
    'candidates-page',
    15,
    async () => {
      const r = await fetch(`${base}/v2/candidates/dashboard`, {
        headers: { cookie: referent },
        redirect: 'manual',
        signal: patience(),
      })
      await r.arrayBuffer()
      return { status: r.status }
    },
  ],
  [
    'fup-answer',
    5,
    async () => {
      const applyId = pendingWithSheet[counter % pendingWithSheet.length]!
      const r = await callAction('sendFupAction', partner, applyId, {
        partnerFeedback: {
          accompanierName: 'Paula Moreau',
          name: 'Mobilité Solidaire',
          email: 'permis@mobilite-solidaire.test',
          phone: '02 35 00 00 01',
          address: '12 rue du Gros-Horloge, 76000 Rouen',
          decision: { partnerDecision: 'notIntegrated', cause: 'hasJob' },
        },
        sponsorsLogo: [],
      })
      // Several users answer the same prescriptions: one answer wins, the others are refused (already answered).
      return { status: r.status, refused: !okResult(r) }
    },
  ],
  [
    'archive-restore',
    8,
    async () => {
      const applyId = demoApplyId(4 + (counter % 2))
      const archive = await fetch(`${base}/api/social-applies/archive`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: partner },
        body: JSON.stringify({ ids: [applyId] }),
        signal: patience(),
      })
      if (archive.status >= 500) return { status: archive.status }
      const restore = await fetch(`${base}/api/social-applies/restore`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: partner },
        body: JSON.stringify({ ids: [applyId] }),
        signal: patience(),
      })
      return {
        status: Math.max(archive.status, restore.status),
        refused: archive.status !== 204 || restore.status !== 204,
      }
    },
  ],
  [
    'candidate-and-prescription',
    10,
    async () => {
      const n = ++counter
      const created = await callAction(
        'createCandidateAction',
        referent,
        {
          firstName: 'Charge',
          lastName: `Essai ${n} ${Date.now()}`,
          gender: 'F',
          birthDate: '1990-01-01',
          customFields: { frenchLevel: 'b1' },
        },
        true,
      )
      if (!okResult(created)) {
        firstRefusal['candidate-and-prescription'] ??= created.result
        return { status: created.status, refused: true }
      }
      const candidateId =
        (created.result as { id?: string; candidateId?: string }).id ??
        (created.result as { candidateId?: string }).candidateId
      const prescribed = await callAction('prescribeAction', referent, {
        candidateId,
        offerId: demoIds.offerScooter,
        manual: true,
        prescription: { prescriptionDate: today },
      })
      if (!okResult(prescribed)) firstRefusal['candidate-and-prescription'] ??= prescribed.result
      return { status: Math.max(created.status, prescribed.status), refused: !okResult(prescribed) }
    },
  ],
  [
    'sms',
    10,
    async () => {
      const candidateId = demoCandidates[counter % demoCandidates.length]!.id
      const r = await callAction('sendSmsAction', referent, {
        candidateId,
        text: `Bonjour, rendez-vous confirmé (${++counter}).`,
      })
      if (!okResult(r)) firstRefusal.sms ??= r.result
      return { status: r.status, refused: !okResult(r) }
    },
  ],
]
const totalWeight = OPS.reduce((t, [, w]) => t + w, 0)
function pick() {
  let r = Math.random() * totalWeight
  for (const op of OPS) if ((r -= op[1]) < 0) return op
  return OPS[0]!
}

async function load(seconds: number, users: number, during?: () => Promise<void>) {
  const end = Date.now() + seconds * 1000
  const before = samples.length
  const started = Date.now()
  const workers = Array.from({ length: users }, async () => {
    while (Date.now() < end) {
      const [op, , run] = pick()
      counter++
      const t = performance.now()
      let status = 0
      let refused = false
      let hung = false
      try {
        const r = await run()
        status = r.status
        refused = !!r.refused
      } catch (error) {
        status = 0
        hung = (error as Error).name === 'TimeoutError'
        firstRefusal[`${op} (exception)`] ??= String(error)
      }
      samples.push({ op, ms: performance.now() - t, status, error: status === 0 || status >= 500, refused, hung })
    }
  })
  await Promise.all([...workers, during?.()])
  return { samples: samples.slice(before), seconds: (Date.now() - started) / 1000 }
}
const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0)
}

console.log(`load: ${USERS} users for ${LOAD_SECONDS} s [${Math.round((Date.now() - runStart) / 1000)} s]`)
const main = await load(LOAD_SECONDS, USERS)
const byOp = Object.fromEntries(
  OPS.map(([op]) => {
    const s = main.samples.filter((x) => x.op === op)
    return [
      op,
      {
        requests: s.length,
        p95: p95(s.map((x) => x.ms)),
        errors: s.filter((x) => x.error).length,
        refused: s.filter((x) => x.refused).length,
      },
    ]
  }),
)
const errors = main.samples.filter((s) => s.error).length
figure({
  figure: 'load',
  users: USERS,
  seconds: Math.round(main.seconds),
  requests: main.samples.length,
  rps: Math.round(main.samples.length / main.seconds),
  p95: p95(main.samples.map((s) => s.ms)),
  errors,
  byOp,
})
check('load: no error (5xx or no answer)', errors === 0, `${errors} of ${main.samples.length}`)
if (Object.keys(firstRefusal).length) console.log('first refusals:', JSON.stringify(firstRefusal).slice(0, 1000))
check(
  'load: every kind of work got done',
  OPS.every(([op]) => byOp[op]!.requests > byOp[op]!.refused || op === 'fup-answer'),
  JSON.stringify(
    Object.fromEntries(Object.entries(byOp).map(([k, v]) => [k, `${v.requests - v.refused}/${v.requests}`])),
  ),
)

// ---------------------------------------------------------------------------------------------------------------------
// Fault: a web worker killed with -9 under load
function children(pid: number): { pid: number; cmd: string }[] {
  const out = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [p, ...cmd] = l.trim().split(/\s+/)
      return { pid: Number(p), cmd: cmd.join(' ') }
    })
}
{
  const webWorkers = () => children(app.pid!).filter((c) => !c.cmd.includes('worker.ts'))
  const before = webWorkers()
  let recoveredMs = -1
  const window = await load(SHORT ? 10 : 20, USERS, async () => {
    await sleep(2000)
    const victim = before[0]!
    process.kill(victim.pid, 'SIGKILL')
    const killedAt = Date.now()
    while (Date.now() - killedAt < 15_000) {
      const now = webWorkers()
      if (now.length === before.length && !now.some((c) => c.pid === victim.pid)) {
        recoveredMs = Date.now() - killedAt
        break
      }
      await sleep(50)
    }
  })
  const failed = window.samples.filter((s) => s.error).length
  const hung = window.samples.filter((s) => s.hung).length
  figure({
    figure: 'fault: web worker killed',
    requests: window.samples.length,
    errors: failed,
    hung,
    workerBackMs: recoveredMs,
  })
  check('web worker -9: the cluster starts another', recoveredMs >= 0, `${recoveredMs} ms`)
  // Only the requests the killed worker held can fail; the other worker keeps serving. A connection the cluster's
  // primary was handing to the worker at the instant it died is never handed to another (Node's round-robin handoff
  // waits for the dead worker's acknowledgement): its client waits until it gives up (here after REQUEST_PATIENCE_MS;
  // a reverse proxy's read timeout in production). Counted among the failures, and shown as `hung`.
  check(
    'web worker -9: the other worker keeps serving',
    window.samples.length - failed > 0 && failed <= USERS,
    `${failed} failed of ${window.samples.length}, ${hung} of them without an answer after ${REQUEST_PATIENCE_MS / 1000} s`,
  )
}

// ---------------------------------------------------------------------------------------------------------------------
// Fault: the job worker killed with -9 in the middle of a bulk SMS send
{
  const bulk = Array.from({ length: SHORT ? 60 : 200 }, (_, i) => i)
  const { rows: made } = await db.query<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, phone)
     select $1, 'Envoi', 'Groupé ' || i, '06' || lpad((10000000 + i)::text, 8, '0') from unnest($2::int[]) i returning id`,
    [demoIds.orgSeineMaritime, bulk],
  )
  const sent = twilio.messages.length
  const r = await callAction('bulkSmsAction', referent, {
    candidateIds: made.map((m) => m.id),
    text: 'Information collective jeudi à 9 h.',
  })
  check(`bulk SMS of ${bulk.length} queued`, okResult(r), JSON.stringify(r.result).slice(0, 200))
  if (!okResult(r)) throw new Error('the bulk SMS was refused: the fault cannot be tried')
  const jobWorker = () => children(app.pid!).find((c) => c.cmd.includes('worker.ts'))
  for (const waitStart = Date.now(); twilio.messages.length - sent < 10; await sleep(20)) {
    if (Date.now() - waitStart > 60_000)
      throw new Error('the bulk SMS did not start leaving within a minute: the fault cannot be tried')
  }
  const victim = jobWorker()!
  process.kill(victim.pid, 'SIGKILL')
  const killedAt = Date.now()
  const inFlight = twilio.messages.length - sent
  let done = -1
  let sweptAt = Date.now()
  // The dead worker's jobs come back once pg-boss expires them (send-sms: 60 s, seen by its maintenance every 10 s).
  while (Date.now() - killedAt < 180_000) {
    // Settled: taken by Twilio, or `unknown` (an attempt killed once its call could have reached Twilio, shown to a
    // person); the sweep job settles the killed attempts once their lease passed (fired by hand below: no cron here).
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from sms_messages where candidate_id = any($1::uuid[]) and status in ('sent', 'delivered', 'unknown', 'failed')`,
      [made.map((m) => m.id)],
    )
    if (Date.now() - sweptAt > 10_000) {
      sweptAt = Date.now()
      await db.query(`insert into pgboss.job (name, data) values ('sweep-sends', '{}'::jsonb)`)
    }
    if (rows[0]!.n === made.length) {
      done = Date.now() - killedAt
      break
    }
    await sleep(200)
  }
  // The bulk's messages only, as the stand-in counted them (our ids ride in each send's status-callback URL).
  const { rows: bulkIds } = await db.query<{ id: string }>(
    `select id from sms_messages where candidate_id = any($1::uuid[])`,
    [made.map((m) => m.id)],
  )
  const ofBulk = new Set(bulkIds.map((r) => r.id))
  const taken = twilio.creates
    .filter((c) => c.accepted && c.messageId && ofBulk.has(c.messageId))
    .map((c) => c.messageId)
  const duplicates = taken.length - new Set(taken).size
  figure({
    figure: 'fault: job worker killed in a bulk SMS send',
    messages: made.length,
    sentBeforeKill: inFlight,
    allSentAfterMs: done,
    duplicates,
  })
  check(
    'job worker -9: every message of the bulk send leaves, or is shown as unknown',
    done >= 0,
    `${done} ms after the kill`,
  )
  check(
    'job worker -9: no message handed to Twilio twice',
    duplicates === 0,
    `${taken.length} taken by the stand-in for ${made.length} messages`,
  )
}

// ---------------------------------------------------------------------------------------------------------------------
// Fault: the job worker killed with -9 in the middle of an export (not in --short: the recovery waits for the export's
// heartbeat to be 90 s stale, then for the minutely recovery job, lib/exports/recover-exports.ts, fired here as its
// cron would)
if (!SHORT) {
  const rows = 60_000
  await db.query(
    `insert into candidates (organisation_id, first_name, last_name, phone)
     select $1, 'Export', 'Volumineux ' || i, '07' || lpad(i::text, 8, '0') from generate_series(1, $2::int) i`,
    [demoIds.orgSeineMaritime, rows],
  )
  const {
    rows: [adminUser],
  } = await db.query<{ id: string }>(`select id from "user" where email = 'admin@passerelle.test'`)
  const exporter = createDb(dbUrl.toString(), 1)
  const requested = await requestExport(exporter.db, {
    organisationId: demoIds.orgSeineMaritime,
    userId: adminUser!.id,
    input: { dataset: 'candidates', format: 'csv', columns: ['lastName', 'firstName', 'phone', 'place', 'status'] },
    now: new Date(fs.readFileSync(clockFile, 'utf8')),
  })
  await exporter.pool.end()
  check('export of the whole organisation queued', requested.ok, JSON.stringify(requested).slice(0, 200))
  if (!requested.ok) throw new Error('the export was refused: the fault cannot be tried')
  const state = async () =>
    (
      await db.query<{ status: string; done: number; total: number | null; attempt: number }>(
        `select status::text, done_rows as done, total_rows as total, attempt from data_exports where id = $1`,
        [requested.exportId],
      )
    ).rows[0]!
  const startedAt = Date.now()
  for (let s = await state(); !(s.status === 'running' && s.done > 0); s = await state()) {
    if (Date.now() - startedAt > 60_000 || s.status === 'done') break
    await sleep(20)
  }
  const before = await state()
  const exportWorker = () => children(app.pid!).find((c) => c.cmd.includes('worker.ts'))
  process.kill(exportWorker()!.pid, 'SIGKILL')
  const killedAt = Date.now()
  let finishedMs = -1
  let after = before
  // The recovery job's cron fires every minute (the run's server fires no schedule: JOB_SCHEDULES=off): as it would.
  let cronAt = killedAt
  while (Date.now() - killedAt < 300_000) {
    if (Date.now() - cronAt >= 60_000) {
      cronAt = Date.now()
      await db.query(`insert into pgboss.job (name, data) values ('recover-exports', '{}'::jsonb)`)
    }
    after = await state()
    if (after.status === 'done' || after.status === 'failed') {
      finishedMs = Date.now() - killedAt
      break
    }
    await sleep(500)
  }
  // The file's lines, counted on its bytes (a piece may end in the middle of a character).
  const { rows: pieces } = await db.query<{ content: Buffer }>(
    `select content from export_chunks where export_id = $1 order by seq`,
    [requested.exportId],
  )
  const bytes = Buffer.concat(pieces.map((p) => p.content))
  const file = { bytes: bytes.length, lines: bytes.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0) }
  figure({
    figure: 'fault: job worker killed in an export',
    rows: after.total,
    doneRowsAtKill: before.done,
    statusAtKill: before.status,
    finishedAfterMs: finishedMs,
    status: after.status,
    attempts: after.attempt,
    fileLines: file.lines,
  })
  check(
    'job worker -9 in an export: killed in the middle',
    before.status === 'running' && before.done > 0 && before.done < (before.total ?? 0),
    `${before.status}, ${before.done} of ${before.total} rows`,
  )
  check(
    'job worker -9 in an export: the export finishes (or fails visibly)',
    after.status === 'done' || after.status === 'failed',
    `${after.status} ${finishedMs} ms after the kill, attempt ${after.attempt}`,
  )
  check(
    'job worker -9 in an export: its file holds every row once',
    after.status !== 'done' || file.lines === (after.total ?? 0) + 1,
    `${file.lines} lines for ${after.total} rows and the header`,
  )
}

// ---------------------------------------------------------------------------------------------------------------------
// Fault: PostgreSQL restarted under load
if (PG_RESTART) {
  // The cluster that serves DATABASE_URL (by its port): never another server of the machine.
  const lines = (spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).stdout ?? '').trim().split('\n')
  const cluster = lines.map((l) => l.split(/\s+/)).find((c) => c[2] === (new URL(server).port || '5432'))
  if (!cluster || cluster.length < 2) {
    // The throwaway embedded server of `npm run resilience` without DATABASE_URL is no pg_ctlcluster cluster.
    console.log(
      `skip PostgreSQL restart: no pg_ctlcluster cluster serves DATABASE_URL's port (${new URL(server).port || '5432'}); give DATABASE_URL a cluster of this machine to try it`,
    )
  } else {
    let outage = { pages: 0, unavailablePages: 0, hung: 0 }
    let backMs = -1
    const window = await load(30, Math.min(USERS, 20), async () => {
      await sleep(3000)
      const stop = spawnSync('pg_ctlcluster', [cluster[0]!, cluster[1]!, 'stop', '-m', 'fast'], { encoding: 'utf8' })
      // During the outage: the pages answer at once, and a person's browser shows the French “unavailable” screen
      // (the error reaches the page in its RSC payload, with its digest; the error boundary renders it).
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS })
      try {
        const context = await browser.newContext()
        await context.addCookies(
          referent.split('; ').map((pair) => ({
            name: pair.slice(0, pair.indexOf('=')),
            value: pair.slice(pair.indexOf('=') + 1),
            domain: '127.0.0.1',
            path: '/',
          })),
        )
        const page = await context.newPage()
        for (let i = 0; i < 3; i++) {
          const t = Date.now()
          outage.pages++
          try {
            await page.goto(`${base}/v2/candidates/dashboard`, { timeout: 10_000 })
            const title = await page.getByRole('heading', { level: 1 }).first().textContent({ timeout: 5000 })
            if (title?.includes('Service momentanément indisponible')) outage.unavailablePages++
          } catch {}
          if (Date.now() - t > 8000) outage.hung++
        }
      } finally {
        await browser.close()
      }
      spawnSync('pg_ctlcluster', [cluster[0]!, cluster[1]!, 'start'], { encoding: 'utf8' })
      const upAt = Date.now()
      while (Date.now() - upAt < 30_000) {
        const r = await fetch(`${base}/v2/candidates/dashboard`, {
          headers: { cookie: referent },
          redirect: 'manual',
        }).catch(() => null)
        if (r?.status === 200) {
          backMs = Date.now() - upAt
          break
        }
        await sleep(100)
      }
      if (stop.status !== 0) outage = { ...outage, hung: -1 }
    })
    figure({
      figure: 'fault: PostgreSQL restarted',
      outagePages: outage.pages,
      frenchUnavailablePages: outage.unavailablePages,
      hung: outage.hung,
      appBackMs: backMs,
      requests: window.samples.length,
      failedDuringOutage: window.samples.filter((s) => s.error).length,
    })
    check(
      'PostgreSQL down: pages say “Service momentanément indisponible”, none hangs',
      outage.unavailablePages === outage.pages && outage.hung === 0,
      JSON.stringify(outage),
    )
    check('PostgreSQL back: the app recovers by itself within 5 s', backMs >= 0 && backMs <= 5000, `${backMs} ms`)
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Invariants, once the queues are drained
{
  // A job caught by a fault comes back when pg-boss expires it (60 s, seen every 10 s), then retries with back-off.
  // A message Twilio took whose status callbacks were lost (posted to the web worker killed above) stays `sending`:
  // the refresh-sms-status job asks Twilio about it. Its cron (every 10 minutes, for messages quiet for 15) does not
  // fire here (JOB_SCHEDULES=off), so the run sends it as an administrator would, for messages quiet for 5 s.
  const deadline = Date.now() + 180_000
  let refreshedAt = 0
  let refreshes = 0
  for (;;) {
    const { rows } = await db.query<{ n: number; lost: number }>(`select
      (select count(*) from sms_messages where status = 'queued' or (status = 'sending' and provider_sid is null))::int
        + (select count(*) from outbound_mails where status in ('queued', 'sending'))::int as n,
      (select count(*) from sms_messages where status = 'sending' and provider_sid is not null)::int as lost`)
    if ((rows[0]!.n === 0 && rows[0]!.lost === 0) || Date.now() > deadline) break
    if (Date.now() - refreshedAt > 10_000) {
      refreshedAt = Date.now()
      // What the crons do (off here): messages stuck past their attempt's lease settled; lost callbacks asked about.
      await db.query(`insert into pgboss.job (name, data) values ('sweep-sends', '{}'::jsonb)`)
      if (rows[0]!.lost > 0) {
        await db.query(
          `insert into pgboss.job (name, data) values ('refresh-sms-status', '{"staleSeconds": 5}'::jsonb)`,
        )
        refreshes += 1
      }
    }
    await sleep(500)
  }
  if (refreshes) figure({ figure: 'SMS whose callbacks were lost, asked about', refreshes })
  const one = async (text: string) => (await db.query(text)).rows
  const answers = await one(`select social_apply_id from fups group by 1 having count(*) > 1 union all
    select a.id from social_applies a join fups f on f.social_apply_id = a.id where a.state not in ('PRESCRIPTION_FILLED', 'WAITLISTED') and f.answer_document_id is null and a.prescription_document_id is not null and f.partner_feedback is null`)
  check(
    'one answer per apply',
    answers.length === 0,
    `${answers.length} apply(ies) with two sheets or an answer without its sheet`,
  )
  const counters = await one(`select k from (
      select social_offer_id, structure_id, organisation_id, state, sum(n) as n from (select social_offer_id, structure_id, organisation_id, state, n from social_apply_counts union all select social_offer_id, structure_id, organisation_id, state, n from social_apply_count_deltas) c group by 1, 2, 3, 4
    ) c full join (select social_offer_id, structure_id, organisation_id, state, count(*) as n from social_applies where not archived group by 1, 2, 3, 4) r using (social_offer_id, structure_id, organisation_id, state),
    lateral (select social_offer_id::text || state::text as k) k
    where coalesce(c.n, 0) <> coalesce(r.n, 0)`)
  check('offer tab counters equal count(*)', counters.length === 0, `${counters.length} differ`)
  const organisationCounters =
    await one(`select 1 from (select organisation_id, state, sum(n) as n from (select organisation_id, state, n from organisation_apply_counts union all select organisation_id, state, n from social_apply_count_deltas) c group by 1, 2) c
    full join (select organisation_id, state, count(*) as n from social_applies where not archived group by 1, 2) r using (organisation_id, state) where coalesce(c.n, 0) <> coalesce(r.n, 0)`)
  check(
    'organisation apply counters equal count(*)',
    organisationCounters.length === 0,
    `${organisationCounters.length} differ`,
  )
  const candidateCounters =
    await one(`select 1 from (select organisation_id, key, sum(n) as n from (select organisation_id, key, n from candidate_counts union all select organisation_id, key, n from candidate_count_deltas) c group by 1, 2) c
    full join (select organisation_id, k as key, count(*) as n from candidates, unnest(passerelle_candidate_count_keys(status_id, place_id, custom_fields)) k group by 1, 2) r using (organisation_id, key)
    where coalesce(c.n, 0) <> coalesce(r.n, 0)`)
  check('candidate counters equal count(*)', candidateCounters.length === 0, `${candidateCounters.length} differ`)
  const stats =
    await one(`select 1 from (select organisation_id, state, sum(n) as n from (select organisation_id, state, n from stats_apply_months union all select organisation_id, state, n from stats_apply_deltas) s group by 1, 2) c
    full join (select organisation_id, state, count(*) as n from social_applies group by 1, 2) r using (organisation_id, state) where coalesce(c.n, 0) <> coalesce(r.n, 0)`)
  check('statistics counters equal count(*)', stats.length === 0, `${stats.length} differ`)
  const orphans =
    await one(`select d.id from documents d where not exists (select 1 from social_applies a where a.prescription_document_id = d.id)
    and not exists (select 1 from fups f where f.answer_document_id = d.id)`)
  check('no orphan document', orphans.length === 0, `${orphans.length} orphan(s)`)
  const { rows: sms } = await db.query<{ status: string; sid: string | null }>(
    `select status::text, provider_sid as sid from sms_messages where direction = 'outbound' and id <> all($1::uuid[]) and status <> 'cancelled'`,
    [demoSms],
  )
  // The stand-in's own counts: each send it was handed, with our message and attempt ids (from the status-callback URL).
  const received = twilio.messages.map((m) => m.sid)
  const takenIds = twilio.creates.filter((c) => c.accepted && c.messageId).map((c) => c.messageId!)
  const callsPerAttempt = new Map<string, number>()
  for (const c of twilio.creates)
    if (c.attemptId) callsPerAttempt.set(c.attemptId, (callsPerAttempt.get(c.attemptId) ?? 0) + 1)
  const waitingSms = sms.filter((r) => r.status === 'queued' || r.status === 'sending').length
  const unknownSms = sms.filter((r) => r.status === 'unknown').length
  const matched = new Set(sms.map((r) => r.sid).filter(Boolean))
  if (waitingSms > 0) {
    // What holds them: the message and its jobs (pg-boss's state, attempts, next start), for the run's report.
    const { rows: held } =
      await db.query(`select m.status::text, m.attempt_started_at, m.lease_until, m.calling_at, m.status_at, m.provider_sid is not null as has_sid,
        (select json_agg(json_build_object('state', j.state, 'retries', j.retry_count, 'startAfter', j.start_after, 'startedOn', j.started_on, 'completedOn', j.completed_on))
           from pgboss.job j where j.name = 'send-sms' and j.data->>'messageId' = m.id::text) as jobs
      from sms_messages m where m.direction = 'outbound' and m.status in ('queued', 'sending')`)
    console.log('waiting SMS:', JSON.stringify(held).slice(0, 3000), 'now', new Date().toISOString())
  }
  check(
    'no SMS attempt called Twilio twice',
    [...callsPerAttempt.values()].every((n) => n === 1),
    `${callsPerAttempt.size} attempts called`,
  )
  check(
    'no SMS handed to Twilio twice; every queued SMS settled (taken by Twilio, failed, or unknown and shown)',
    waitingSms === 0 &&
      new Set(takenIds).size === takenIds.length &&
      new Set(received).size === received.length &&
      received.every((sid) => matched.has(sid)),
    `${sms.length} queued during the run, ${takenIds.length} taken by the stand-in, ${unknownSms} unknown, ${waitingSms} waiting`,
  )
  const { rows: mails } = await db.query<{ id: string; status: string }>(
    `select id, status::text from outbound_mails where id <> all($1::uuid[])`,
    [demoMails],
  )
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0
  const waitingMails = mails.filter((m) => m.status === 'queued' || m.status === 'sending').length
  const sentMails = mails.filter((m) => m.status === 'sent').length
  const unknownMails = mails.filter((m) => m.status === 'unknown').length
  // The sink's own files, by Message-ID (our mail's id): one mail in two files would be a mail sent twice.
  const messageIds = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .map((f) => /^Message-ID: (\S+)/im.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1] ?? f)
    : []
  check(
    'no mail handed to the SMTP server twice; every queued mail settled (sent, failed, or unknown and shown)',
    waitingMails === 0 &&
      new Set(messageIds).size === messageIds.length &&
      files >= sentMails &&
      files <= sentMails + unknownMails,
    `${mails.length} mails, ${files} received by the SMTP sink, ${unknownMails} unknown, ${waitingMails} waiting`,
  )
}

// ---------------------------------------------------------------------------------------------------------------------
stopApp()
await db.end()
smtp.close()
await twilio.close()
await sleep(500)

// ---------------------------------------------------------------------------------------------------------------------
// The embedded default under load, then with its database paused (scripts/resilience-embedded-default.ts)
if (EMBEDDED)
  await embeddedDefaultPhase(
    { root: ROOT, work, check, figure },
    SHORT ? { seconds: 15, clients: 20, pauseSeconds: 8 } : { seconds: 60, clients: 40, pauseSeconds: 20 },
  )

// ---------------------------------------------------------------------------------------------------------------------
// Fault: the embedded default's disk full, then read-only (scripts/resilience-embedded-disk.ts; not in --short)
if (DISK_FAULT) await embeddedDiskFault({ root: ROOT, work, check, figure })
if (process.env.RESILIENCE_KEEP) console.log(`kept database ${dbName}`)
else {
  const drop = new pg.Client({ connectionString: server })
  await drop.connect()
  await drop.query(`drop database if exists "${dbName}" with (force)`)
  await drop.end()
}
const failed = results.filter((r) => !r.ok).length
console.log(`\n${results.length - failed} passed, ${failed} failed`)
if (failed) console.log(`server log: ${logFile}`)
process.exit(failed ? 1 : 0)
