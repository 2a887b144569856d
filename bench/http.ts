/**
 * HTTP figures of `npm run bench` against the built app (`.next/`), served as `npm start` serves it (scripts/serve.mjs:
 * `next start` in one worker per core, or WEB_CONCURRENCY) on a free port of 127.0.0.1 with the
 * bench database, a partner user of the busiest offer's structure signed in through better-auth, then
 * - offer-page-ttfb: GET of the offer page by 20 concurrent clients, time to first byte;
 * - applies-endpoint-rps: POST /api/offers/<id>/applies by 50 concurrent connections, requests per second;
 * - candidate-sheet-ttfb: GET of a candidate sheet by 20 concurrent clients (a counsellor of its organisation);
 * - offer-page-first-load-js and first-load-js (/v2/login): the JavaScript a fresh Chromium downloads, gzip-compressed.
 * The three loads each run in turns with their floor (/legal-notice, /api/health), which every figure line reports.
 * The load generator is node:http with keep-alive, a fixed number of workers and a fixed duration, to 127.0.0.1 only.
 */
import crypto from 'node:crypto'
import { TERMS_VERSION } from '../lib/onboarding/terms'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { mainPages } from './main-pages'
import { runMixedWorkload } from './mixed-workload'
import zlib from 'node:zlib'
import { hashPassword } from 'better-auth/crypto'
import type { Pool } from 'pg'
import { drizzle } from 'drizzle-orm/node-postgres'
import { compactApplyTabCounts } from '../lib/prescriptions/counts'
import { compactCandidateCounts } from '../lib/candidates/counts'
import { compactApplyStats, compactSmsStats, compactWorkshopStats } from '../lib/statistics/queries'
import * as schema from '../lib/db/schema'
import { summarize } from './measure'
import { JOB_SCHEMA } from '../lib/queue/job'
import { freeLoopbackPort } from '../lib/http/free-port'
import type { BusiestOffer } from './partner'
import { CHROMIUM_ARGS, CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../tests/support/chromium'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** next.config.mjs builds into and serves from NEXT_DIST_DIR when set (a second build directory), else .next. */
const BUILD_ID = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID')
/** What `npm start` runs once the database is ready: `next start` in one worker per core (WEB_CONCURRENCY). */
const SERVE = path.join(ROOT, 'scripts', 'serve.mjs')
const PARTNER = {
  id: 'bench-http-partner',
  email: 'bench-http@bench.passerelle.test',
  password: 'Bench-Password-2026!',
}
/** A counsellor of the largest organisation: the candidate sheet's reader. */
const COUNSELLOR = {
  id: 'bench-http-counsellor',
  email: 'bench-http-conseiller@bench.passerelle.test',
  password: 'Bench-Password-2026!',
}
/** What a browser sends: the server compresses its answers, as in production. */
const ACCEPT_ENCODING = 'gzip, deflate, br'
/** The floors (see runHttp): a page of the app without data of its own, and the route handler that does least. */
const FLOOR_PAGE = '/legal-notice'
const SERVER_SECRET = 'bench-secret-not-for-production-0123456789abcdef'
const ADMIN = {
  id: 'bench-http-admin',
  email: 'bench-http-admin@bench.passerelle.test',
  password: 'Bench-Password-2026!',
}
const FLOOR_ENDPOINT = '/api/health'

export type HttpOptions = {
  dbUrl: string
  pool: Pool
  offer: BusiestOffer
  /** Measured duration of each load, after `warmupSeconds` of the same load untimed. */
  seconds: number
  /** Each page of the main-pages sweep (`--pages-seconds`, default 3): about 45 pages, each with its floor. */
  pagesSeconds?: number
  /** Only the sweep's pages whose route contains one of these (`--pages`). */
  pages?: string[]
  /** mixed-workload: each page's turn and its floor's (`--mixed-seconds`, default 3), and the clients (default 20). */
  mixedSeconds?: number
  mixedClients?: number
  warmupSeconds: number
  /** Only these figures (`--only`), else all. */
  only?: string[]
  log: (message: string) => void
  print: (line: Record<string, unknown>) => void
}

export const isBuilt = () => fs.existsSync(BUILD_ID)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** `next build`, only when `--http` is asked for and there is no build; its output goes to stderr. */
export async function build(log: (message: string) => void): Promise<void> {
  log('no .next/BUILD_ID: building the app (next build)')
  const child = spawn('npx', ['next', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`next build exited with ${code}`)
}

type Server = { port: number; base: string; origin: string; pid: number; stop: () => Promise<void> }

/** The production server (scripts/serve.mjs, as `npm start` runs it) in a process group of its own, so that stopping it leaves nothing behind. */
async function startServer(dbUrl: string, log: (message: string) => void): Promise<Server> {
  const port = await freeLoopbackPort()
  const origin = `http://localhost:${port}`
  // Node's own flags for the server only, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' for a CPU profile.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, SERVE, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      BETTER_AUTH_SECRET: SERVER_SECRET,
      // A test key: the bench's NIRs are not real (bench/generate.ts), nor is this key.
      NIR_ENCRYPTION_KEY: 'O2cKkZ/HbstqYV0Qs+rFQjX2JpRsMTKyXj0Ab0O+H6Y=',
      BETTER_AUTH_URL: origin,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  })
  let output = ''
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // already gone
    }
  }
  // Whatever ends the bench (an error, Ctrl-C), the server goes with it.
  const onExit = () => signalGroup('SIGKILL')
  process.on('exit', onExit)
  const stop = async () => {
    signalGroup('SIGTERM')
    await Promise.race([exited, sleep(5000)])
    signalGroup('SIGKILL')
    process.off('exit', onExit)
  }

  const base = `http://127.0.0.1:${port}`
  const deadline = performance.now() + 90_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`next start exited (${child.exitCode ?? child.signalCode}):\n${output}`)
    }
    try {
      const response = await fetch(`${base}/api/health`)
      if (response.status === 200) break
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await stop()
      throw new Error(`next start: /api/health not 200 after 90 s:\n${output}`)
    }
    await sleep(250)
  }
  log(
    `scripts/serve.mjs on ${base} (pid ${child.pid}, WEB_CONCURRENCY ${process.env.WEB_CONCURRENCY ?? 'unset: one worker per core'})`,
  )
  return { port, base, origin, pid: child.pid!, stop }
}

/** Starts the server; if it fails (another build replacing .next, say), waits for a build and tries once more. */
async function startServerWithRetry(dbUrl: string, log: (message: string) => void): Promise<Server> {
  try {
    return await startServer(dbUrl, log)
  } catch (error) {
    log(`${(error as Error).message}\nretrying once`)
    for (let waited = 0; !isBuilt() && waited < 300; waited += 5) await sleep(5000)
    await sleep(2000)
    return startServer(dbUrl, log)
  }
}

type BenchUser = {
  id: string
  email: string
  password: string
  role: 'fullPartner' | 'counsellor' | 'admin'
  structureId?: string
  organisationId?: string
}

/**
 * A session for a bench user who would be asked a second factor (an administrator: settings.* permissions), made as
 * better-auth makes one: a session row, and its token signed with the server's secret in the session cookie (whose
 * name is read from a signed-in user's cookies). Only the bench does this, on its own throwaway database.
 */
async function mintedSession(
  pool: Pool,
  signedInCookies: { name: string; value: string }[],
  user: BenchUser,
): Promise<string> {
  await pool.query(
    `INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, role, structure_id, organisation_id, onboarded_at, terms_version)
     VALUES ($1, 'Bench HTTP', $2, true, 'Bench', 'HTTP', $3, $4, $5, now(), $6)
     ON CONFLICT (id) DO UPDATE SET role = EXCLUDED.role, structure_id = EXCLUDED.structure_id, organisation_id = EXCLUDED.organisation_id, disabled = false`,
    [user.id, user.email, user.role, user.structureId ?? null, user.organisationId ?? null, TERMS_VERSION],
  )
  const token = crypto.randomBytes(24).toString('base64url')
  await pool.query(
    `INSERT INTO session (id, token, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [crypto.randomUUID(), token, user.id],
  )
  const name = signedInCookies.find((c) => c.name.endsWith('session_token'))!.name
  const signature = crypto.createHmac('sha256', SERVER_SECRET).update(token).digest('base64')
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`
}

/** A bench user with a credential account (no second factor: no settings.* permission), signed in: its cookies. */
async function signIn(server: Server, pool: Pool, user: BenchUser): Promise<{ name: string; value: string }[]> {
  await pool.query(
    `INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, role, structure_id, organisation_id, onboarded_at, terms_version)
     VALUES ($1, 'Bench HTTP', $2, true, 'Bench', 'HTTP', $3, $4, $5, now(), $6)
     ON CONFLICT (id) DO UPDATE SET role = EXCLUDED.role, structure_id = EXCLUDED.structure_id, organisation_id = EXCLUDED.organisation_id, disabled = false`,
    [user.id, user.email, user.role, user.structureId ?? null, user.organisationId ?? null, TERMS_VERSION],
  )
  await pool.query(
    `INSERT INTO account (id, account_id, provider_id, user_id, password) VALUES ($1, $1, 'credential', $1, $2)
     ON CONFLICT (id) DO UPDATE SET password = EXCLUDED.password`,
    [user.id, await hashPassword(user.password)],
  )
  const response = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  if (!response.ok) throw new Error(`sign-in of ${user.email}: ${response.status} ${await response.text()}`)
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.includes('=') && !c.endsWith('='))
    .map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1) }))
  if (!cookies.some((c) => c.name.includes('session_token')))
    throw new Error(`sign-in: no session cookie in ${JSON.stringify(cookies)}`)
  return cookies
}

/**
 * The jobs a server sends when it starts (lib/queue/setup.ts: `atStart`, the answer-delay summaries, about 10 s
 * of database work at full scale), done before the first figure: the page measured while they ran paid for them (the
 * first one: /homePage). In production they run once a start, then hourly. At most two minutes, then the figures start
 * anyway.
 */
async function startupJobsDone(pool: Pool, log: (message: string) => void): Promise<void> {
  const start = performance.now()
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE singleton_key = 'at-start' AND state IN ('created', 'retry', 'active')`,
    )
    const seconds = ((performance.now() - start) / 1000).toFixed(1)
    if (rows[0]!.n === 0) return log(`start-up jobs done (waited ${seconds} s)`)
    if (performance.now() - start > 120_000)
      return log(`start-up jobs still running after ${seconds} s: measuring anyway`)
    await sleep(500)
  }
}

/**
 * The counters' delta tables as the pages find them in production: folded (the every-minute jobs) and vacuumed
 * (autovacuum, shortly after each fold). This machine's PostgreSQL runs with autovacuum off: a home page read the
 * organisation's deltas through 74 000 dead index entries of the bulk load's folds, 15 ms instead of 0.1.
 */
async function steadyCounters(pool: Pool, log: (message: string) => void): Promise<void> {
  const t = performance.now()
  const db = drizzle(pool, { schema })
  for (const compact of [
    compactApplyTabCounts,
    compactApplyStats,
    compactWorkshopStats,
    compactSmsStats,
    compactCandidateCounts,
  ])
    while ((await compact(db)) > 0);
  await pool.query(
    'VACUUM ANALYZE social_apply_count_deltas, stats_apply_deltas, stats_workshop_deltas, stats_sms_deltas, candidate_count_deltas',
  )
  log(`counters folded and vacuumed in ${((performance.now() - t) / 1000).toFixed(1)} s`)
}

/** The largest organisation, and its candidate with the most applies (a sheet as it is opened for). */
async function busiestCandidate(pool: Pool): Promise<{ organisationId: string; candidateId: string }> {
  const {
    rows: [org],
  } = await pool.query<{ id: string }>(
    'SELECT organisation_id AS id FROM candidates GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
  )
  const {
    rows: [candidate],
  } = await pool.query<{ id: string }>(
    'SELECT candidate_id AS id FROM social_applies WHERE organisation_id = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
    [org!.id],
  )
  return { organisationId: org!.id, candidateId: candidate!.id }
}

type Request = { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }
/** `bytes`: the body as sent (compressed when the request accepts it). */
type Sample = { status: number; ttfb: number; total: number; bytes?: number }

function send(agent: http.Agent, port: number, request: Request): Promise<Sample> {
  return new Promise((resolve) => {
    const start = performance.now()
    const req = http.request(
      { host: '127.0.0.1', port, path: request.path, method: request.method, headers: request.headers, agent },
      (res) => {
        const ttfb = performance.now() - start
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ttfb, total: performance.now() - start, bytes }))
        res.on('error', () => resolve({ status: 0, ttfb, total: performance.now() - start }))
      },
    )
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve({ status: 0, ttfb: performance.now() - start, total: performance.now() - start }))
    req.end(request.body)
  })
}

type LoadResult = {
  concurrency: number
  seconds: number
  requests: number
  rps: number
  errors: number
  statuses: Record<string, number>
  ttfb: ReturnType<typeof summarize>
  total: ReturnType<typeof summarize>
}

/** `concurrency` workers, each sending the request again as soon as its answer has fully arrived, for `seconds`. */
async function phase(agent: http.Agent, port: number, request: Request, concurrency: number, seconds: number) {
  const samples: Sample[] = []
  const start = performance.now()
  const end = start + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) samples.push(await send(agent, port, request))
    }),
  )
  return { samples, elapsed: (performance.now() - start) / 1000 }
}

/** Requests started before the end all count; the rate divides by the time until the last one ended. Errors: network errors and statuses other than 2xx. */
function result(concurrency: number, samples: Sample[], elapsed: number): LoadResult {
  const statuses: Record<string, number> = {}
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1
  const ok = samples.filter((s) => s.status >= 200 && s.status < 300)
  return {
    concurrency,
    seconds: round(elapsed, 2),
    requests: samples.length,
    rps: round(samples.length / elapsed),
    errors: samples.length - ok.length,
    statuses,
    ttfb: summarize(samples.map((s) => s.ttfb)),
    total: summarize(samples.map((s) => s.total)),
  }
}

/** One request under `concurrency` workers for `seconds`, after `warmupSeconds` of the same load untimed. */
async function load(
  port: number,
  request: Request,
  concurrency: number,
  seconds: number,
  warmupSeconds: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    if (warmupSeconds > 0) await phase(agent, port, request, concurrency, warmupSeconds)
    const { samples, elapsed } = await phase(agent, port, request, concurrency, seconds)
    return result(concurrency, samples, elapsed)
  } finally {
    agent.destroy()
  }
}

/**
 * A figure's request and its floor's (the same kind of request doing as little as the app allows), under the same load,
 * in alternating slices (figure, floor, figure…) so that both meet the same machine: on a shared host the speed of the
 * cores drifts by half from one minute to the next. Each gets `seconds` in all, after `warmupSeconds` each.
 */
async function pairedLoad(
  port: number,
  figure: Request,
  floor: Request,
  concurrency: number,
  seconds: number,
  warmupSeconds: number,
  slices = 5,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    if (warmupSeconds > 0) {
      await phase(agent, port, figure, concurrency, warmupSeconds)
      await phase(agent, port, floor, concurrency, warmupSeconds)
    }
    const runs = { figure: { samples: [] as Sample[], elapsed: 0 }, floor: { samples: [] as Sample[], elapsed: 0 } }
    for (let i = 0; i < slices; i++) {
      for (const [key, request] of [
        ['figure', figure],
        ['floor', floor],
      ] as const) {
        const { samples, elapsed } = await phase(agent, port, request, concurrency, seconds / slices)
        runs[key].samples.push(...samples)
        runs[key].elapsed += elapsed
      }
    }
    return {
      figure: result(concurrency, runs.figure.samples, runs.figure.elapsed),
      floor: result(concurrency, runs.floor.samples, runs.floor.elapsed),
    }
  } finally {
    agent.destroy()
  }
}

/** Lighthouse's four category scores (its default: a mobile device, simulated throttling) for a page, in Chromium. */
async function lighthouseScores(server: Server, pagePath: string, target: number, cookie?: string) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')])
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  try {
    // The app's own origin (BETTER_AUTH_URL, localhost): a page's writes from another origin are refused (403).
    const result = await lighthouse(`${server.origin}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // A signed-in page: the session cookie on every request of the page.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`)
    const scores = Object.fromEntries(
      Object.entries(result.lhr.categories).map(([key, category]) => [key, Math.round((category.score ?? 0) * 100)]),
    )
    const audits = result.lhr.audits
    // What keeps accessibility or best practices under 100: the audits of those categories that did not pass.
    const failing = (['accessibility', 'best-practices'] as const).flatMap((key) =>
      (result.lhr.categories[key]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    )
    const consoleErrors = (
      audits['errors-in-console']?.details as { items?: { source?: string; description?: string }[] }
    )?.items
    for (const item of consoleErrors ?? [])
      console.error(
        `[bench] console error on ${pagePath}: ${item.source}: ${item.description} (${(item as { url?: string }).url ?? ''})`,
      )
    return {
      scores,
      failing,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      target: { eachCategory: target },
      ok: Object.values(scores).every((score) => score >= target),
    }
  } finally {
    chrome.kill()
  }
}

type Script = { file: string; encoding: string; transferred: number; gzip: number; bytes: number }

/** The scripts a fresh Chromium (no cache) downloads for a page, until the network is idle. */
async function firstLoadJs(
  server: Server,
  pagePath: string,
  cookies: { name: string; value: string }[],
  budgetKB = 160,
) {
  const { chromium } = await import('@playwright/test')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS })
  try {
    const context = await browser.newContext()
    await context.addCookies(cookies.map((c) => ({ ...c, url: server.base })))
    const page = await context.newPage()
    const pending: Promise<Script>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      pending.push(
        (async () => {
          const encoding = (await response.headerValue('content-encoding')) ?? ''
          const body = await response.body()
          const { responseBodySize } = await response.request().sizes()
          // Gzip as sent when it was; otherwise (identity, br…) the body gzipped here at zlib's default level.
          const gzip = encoding === 'gzip' ? responseBodySize : zlib.gzipSync(body).length
          return {
            file: new URL(response.url()).pathname,
            encoding: encoding || 'identity',
            transferred: responseBodySize,
            gzip,
            bytes: body.length,
          }
        })(),
      )
    })
    const response = await page.goto(`${server.base}${pagePath}`, { waitUntil: 'networkidle', timeout: 60_000 })
    const landed = new URL(page.url()).pathname
    if (!response || response.status() !== 200 || landed !== pagePath)
      throw new Error(`${pagePath}: status ${response?.status()}, landed on ${landed}`)
    const scripts = await Promise.all(pending)
    await context.close()
    const encodings: Record<string, number> = {}
    for (const s of scripts) encodings[s.encoding] = (encodings[s.encoding] ?? 0) + 1
    const kB = round(scripts.reduce((sum, s) => sum + s.gzip, 0) / 1000)
    return {
      path: pagePath,
      kB,
      target: { kB: budgetKB },
      ok: kB <= budgetKB,
      scripts: scripts.length,
      encodings,
      uncompressedKB: round(scripts.reduce((sum, s) => sum + s.bytes, 0) / 1000),
      largest: scripts
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 5)
        .map((s) => ({ file: s.file, kB: round(s.gzip / 1000) })),
    }
  } finally {
    await browser.close()
  }
}

export async function runHttp(options: HttpOptions): Promise<void> {
  const { dbUrl, pool, offer, seconds, pagesSeconds = 3, pages: pageFilter, warmupSeconds, only, log, print } = options
  const wanted = (name: string) => !only || only.includes(name)
  const names = [
    'offer-page-ttfb',
    'applies-endpoint-rps',
    'main-pages-rps',
    'candidate-sheet-ttfb',
    'job-offer-page-ttfb',
    'workshop-page-ttfb',
    'invitation-page-ttfb',
    'offer-page-first-load-js',
    'first-load-js',
    'public-pages-first-load-js',
    'public-pages-lighthouse',
    'signed-in-lighthouse',
  ]
  if (![...names, 'mixed-workload'].some(wanted)) return log('no HTTP figure among --only')
  await steadyCounters(pool, log)
  const server = await startServerWithRetry(dbUrl, log)
  try {
    await startupJobsDone(pool, log)
    const cookies = await signIn(server, pool, { ...PARTNER, role: 'fullPartner', structureId: offer.structureId })
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    log(`signed in as ${PARTNER.email} (structure ${offer.structureId})`)

    const pageRequest: Request = {
      path: `/offer/social/${offer.id}`,
      method: 'GET',
      headers: { cookie, 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html' },
    }
    const appliesRequest: Request = {
      path: `/api/offers/${offer.id}/applies`,
      method: 'POST',
      headers: {
        cookie,
        'accept-encoding': ACCEPT_ENCODING,
        'content-type': 'application/json',
        origin: server.origin,
      },
      body: JSON.stringify({ tab: 'PRESCRIPTION_FILLED', page: 1 }),
    }
    // Both answer what they should before being loaded: the page (not a redirect to the login), a page of rows.
    const agent = new http.Agent()
    const check = await send(agent, server.port, pageRequest)
    if (check.status !== 200) throw new Error(`GET ${pageRequest.path}: ${check.status}`)
    const api = await fetch(`${server.base}${appliesRequest.path}`, {
      method: 'POST',
      headers: appliesRequest.headers,
      body: appliesRequest.body,
    })
    const apiBody = (await api.json()) as { rows?: unknown[]; counts?: Record<string, number> }
    // A full page, or the whole tab at a small scale (the prescriptions past their expiry delay expired: generate.ts).
    const pending = apiBody.counts?.PRESCRIPTION_FILLED ?? 0
    if (api.status !== 200 || !pending || apiBody.rows?.length !== Math.min(50, pending))
      throw new Error(`POST ${appliesRequest.path}: ${api.status} ${JSON.stringify(apiBody).slice(0, 200)}`)

    /**
     * The floors the figures are measured against, each in turns with its figure (pairedLoad): a page of the app with no
     * data of its own (the legal notice: the same layout, session read and proxy, a few lines of text), and the route
     * handler that does least (the health check: one `select 1`). What a figure adds to its floor is the app's own cost.
     */
    const floorPage = (cookieHeader: string): Request => ({
      path: FLOOR_PAGE,
      method: 'GET',
      headers: { cookie: cookieHeader, 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html' },
    })
    const floorEndpoint: Request = {
      path: FLOOR_ENDPOINT,
      method: 'GET',
      headers: { 'accept-encoding': ACCEPT_ENCODING },
    }
    for (const floor of [floorPage(cookie), floorEndpoint]) {
      const answer = await send(agent, server.port, floor)
      if (answer.status !== 200) throw new Error(`GET ${floor.path}: ${answer.status}`)
    }
    agent.destroy()
    const floorOf = (floor: LoadResult, path: string) => ({
      path,
      p50: floor.ttfb.p50,
      p95: floor.ttfb.p95,
      rps: floor.rps,
      errors: floor.errors,
    })

    /** A page's time to first byte under 20 clients (in turns with the floor page), and for one client alone (the latency without queueing). */
    // `ok` follows the pages per second against the floor's, measured in the same turns (`rpsRatioToFloor`);
    // the absolute figures stay for the record.
    const ttfbFigure = async (
      bench: string,
      shownPath: string,
      request: Request,
      rpsRatioTarget = 0.5,
      /** A bound on the single client's p95 (server time, ms), for the figures that have one. */
      singleP95Target?: number,
    ) => {
      log(`measuring ${bench} and ${FLOOR_PAGE} in turns (20 clients, ${seconds} s each)`)
      const { figure: loaded, floor } = await pairedLoad(
        server.port,
        request,
        floorPage(request.headers.cookie!),
        20,
        seconds,
        warmupSeconds,
      )
      const single = await load(server.port, request, 1, Math.min(5, seconds), 0)
      print({
        bench,
        path: shownPath,
        ...loaded.ttfb,
        totalP95: loaded.total.p95,
        concurrency: loaded.concurrency,
        seconds: loaded.seconds,
        requests: loaded.requests,
        rps: loaded.rps,
        errors: loaded.errors,
        statuses: loaded.statuses,
        single: { requests: single.requests, p50: single.ttfb.p50, p95: single.ttfb.p95, errors: single.errors },
        floor: floorOf(floor, FLOOR_PAGE),
        p95RatioToFloor: round(loaded.ttfb.p95 / floor.ttfb.p95, 2),
        rpsRatioToFloor: round(loaded.rps / floor.rps, 2),
        target: { rpsRatioToFloor: rpsRatioTarget, ...(singleP95Target && { singleP95: singleP95Target }) },
        ok:
          loaded.rps >= rpsRatioTarget * floor.rps &&
          loaded.errors === 0 &&
          (!singleP95Target || single.ttfb.p95 <= singleP95Target),
      })
    }

    if (wanted('offer-page-ttfb'))
      await ttfbFigure('offer-page-ttfb', '/offer/social/<busiest offer>', pageRequest, 0.6)

    if (wanted('applies-endpoint-rps')) {
      log(`measuring applies-endpoint-rps and ${FLOOR_ENDPOINT} in turns (50 connections, ${seconds} s each)`)
      const { figure: applies, floor } = await pairedLoad(
        server.port,
        appliesRequest,
        floorEndpoint,
        50,
        seconds,
        warmupSeconds,
      )
      print({
        bench: 'applies-endpoint-rps',
        path: '/api/offers/<busiest offer>/applies',
        rps: applies.rps,
        errors: applies.errors,
        requests: applies.requests,
        seconds: applies.seconds,
        concurrency: applies.concurrency,
        statuses: applies.statuses,
        latency: { p50: applies.total.p50, p95: applies.total.p95, p99: applies.total.p99 },
        floor: floorOf(floor, FLOOR_ENDPOINT),
        rpsRatioToFloor: round(applies.rps / floor.rps, 2),
        target: { rpsRatioToFloor: 0.4, errors: 0 },
        ok: applies.rps >= 0.4 * floor.rps && applies.errors === 0,
      })
    }

    // Lighthouse (mobile) on the candidate sheet (a counsellor) and the offer page (its partner): 100 in
    // accessibility and best practices; performance and SEO are printed for the record (SEO: these pages are noindex).
    if (wanted('signed-in-lighthouse')) {
      const { organisationId, candidateId } = await busiestCandidate(pool)
      const counsellor = await signIn(server, pool, { ...COUNSELLOR, role: 'counsellor', organisationId })
      const targets: [string, string][] = [
        [`/v2/candidate/${candidateId}`, counsellor.map((c) => `${c.name}=${c.value}`).join('; ')],
        [`/offer/social/${offer.id}`, cookie],
      ]
      for (const [pagePath, pageCookie] of targets) {
        log(`Lighthouse (mobile, signed in) on ${pagePath}`)
        const figure = await lighthouseScores(server, pagePath, 100, pageCookie)
        const { accessibility, 'best-practices': bestPractices } = figure.scores as Record<string, number>
        print({
          bench: 'signed-in-lighthouse',
          path: pagePath.replace(/[0-9a-f-]{36}/, '<id>'),
          ...figure,
          target: { accessibility: 100, bestPractices: 100 },
          ok: accessibility === 100 && bestPractices === 100,
        })
      }
    }

    if (wanted('candidate-sheet-ttfb')) {
      const { organisationId, candidateId } = await busiestCandidate(pool)
      const counsellorCookies = await signIn(server, pool, { ...COUNSELLOR, role: 'counsellor', organisationId })
      const sheetRequest: Request = {
        path: `/v2/candidate/${candidateId}/identite`,
        method: 'GET',
        headers: {
          cookie: counsellorCookies.map((c) => `${c.name}=${c.value}`).join('; '),
          'accept-encoding': ACCEPT_ENCODING,
          accept: 'text/html',
        },
      }
      const sheetAgent = new http.Agent()
      const sheetCheck = await send(sheetAgent, server.port, sheetRequest)
      sheetAgent.destroy()
      if (sheetCheck.status !== 200) throw new Error(`GET ${sheetRequest.path}: ${sheetCheck.status}`)
      await ttfbFigure('candidate-sheet-ttfb', '/v2/candidate/<id>/identite', sheetRequest)
    }

    // A job offer's page (the biggest directory organisation's offer with the most placements), within 2× the floor.
    if (wanted('job-offer-page-ttfb')) {
      const { rows } = await pool.query<{ id: string; organisation_id: string }>(
        'SELECT j.id, j.organisation_id FROM job_offers j JOIN job_placements p ON p.job_offer_id = j.id GROUP BY j.id ORDER BY count(*) DESC, j.id LIMIT 1',
      )
      const jobOffer = rows[0]!
      const counsellorCookies = await signIn(server, pool, {
        ...COUNSELLOR,
        role: 'counsellor',
        organisationId: jobOffer.organisation_id,
      })
      const jobRequest: Request = {
        path: `/v2/offer/${jobOffer.id}`,
        method: 'GET',
        headers: {
          cookie: counsellorCookies.map((c) => `${c.name}=${c.value}`).join('; '),
          'accept-encoding': ACCEPT_ENCODING,
          accept: 'text/html',
        },
      }
      const jobAgent = new http.Agent()
      const jobCheck = await send(jobAgent, server.port, jobRequest)
      jobAgent.destroy()
      if (jobCheck.status !== 200) throw new Error(`GET ${jobRequest.path}: ${jobCheck.status}`)
      await ttfbFigure('job-offer-page-ttfb', '/v2/offer/<busiest job offer>', jobRequest)
    }

    // A workshop's page with 200 registrations (made for the figure in the biggest workshop organisation,
    // removed afterwards), within 2× the floor.
    if (wanted('workshop-page-ttfb')) {
      const { rows: made } = await pool.query<{ id: string; organisation_id: string }>(`
        WITH o AS (SELECT organisation_id FROM workshops GROUP BY 1 ORDER BY count(*) DESC LIMIT 1),
        w AS (INSERT INTO workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity, seats_taken, status)
              SELECT organisation_id, 'Bench : 200 inscrits', 'Emploi', now() + interval '10 days', now() + interval '10 days 3 hours', 'Salle des fêtes', 200, 200, 'scheduled' FROM o
              RETURNING id, organisation_id)
        SELECT id, organisation_id FROM w`)
      const workshop = made[0]!
      try {
        await pool.query(
          `INSERT INTO workshop_registrations (organisation_id, workshop_id, candidate_id, status)
           SELECT $1, $2, id, 'registered' FROM candidates WHERE organisation_id = $1 AND anonymised_at IS NULL ORDER BY id LIMIT 200`,
          [workshop.organisation_id, workshop.id],
        )
        const counsellorCookies = await signIn(server, pool, {
          ...COUNSELLOR,
          role: 'counsellor',
          organisationId: workshop.organisation_id,
        })
        const workshopRequest: Request = {
          path: `/workshops/${workshop.id}`,
          method: 'GET',
          headers: {
            cookie: counsellorCookies.map((c) => `${c.name}=${c.value}`).join('; '),
            'accept-encoding': ACCEPT_ENCODING,
            accept: 'text/html',
          },
        }
        const workshopAgent = new http.Agent()
        const workshopCheck = await send(workshopAgent, server.port, workshopRequest)
        workshopAgent.destroy()
        if (workshopCheck.status !== 200) throw new Error(`GET ${workshopRequest.path}: ${workshopCheck.status}`)
        await ttfbFigure('workshop-page-ttfb', '/workshops/<200 registrations>', workshopRequest)
      } finally {
        await pool.query('DELETE FROM workshop_registrations WHERE workshop_id = $1', [workshop.id])
        await pool.query('DELETE FROM workshops WHERE id = $1', [workshop.id])
      }
    }

    // An invitation's booking page, signed out, in the biggest workshop organisation with 10 000 pending invitations
    // and 200 sessions of their theme (made for the figure, removed afterwards): one server render of the organisation,
    // the theme and the first 50 sessions with a free seat. Single client p95 ≤ 50 ms; under 20 clients, against the floor.
    if (wanted('invitation-page-ttfb')) {
      const { rows: orgs } = await pool.query<{ id: string }>(
        'SELECT organisation_id AS id FROM workshops GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      )
      const organisationId = orgs[0]!.id
      const theme = 'Bench : information collective'
      // The codes are hashed and sealed under the server's secret, as the app does when it invites.
      const previousSecret = process.env.BETTER_AUTH_SECRET
      process.env.BETTER_AUTH_SECRET = SERVER_SECRET
      const { hashCode, newInvitationCode } = await import('../lib/invitations/code')
      const { seal } = await import('../lib/crypto/sealed')
      const codes = Array.from({ length: 10_000 }, () => newInvitationCode())
      const hashes = codes.map(hashCode)
      const sealed = seal(codes[0]!)
      if (previousSecret === undefined) delete process.env.BETTER_AUTH_SECRET
      else process.env.BETTER_AUTH_SECRET = previousSecret
      try {
        await pool.query(
          `INSERT INTO workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity, seats_taken, status)
           SELECT $1, 'Information collective ' || i, $2, now() + (i * interval '3 hours') + interval '1 day',
                  now() + (i * interval '3 hours') + interval '1 day 2 hours', i || ' rue de la République, 76000 Rouen', 12, i % 13, 'scheduled'
           FROM generate_series(1, 200) i`,
          [organisationId, theme],
        )
        await pool.query(
          // 5 000 of the organisation's candidates, read once: two invitations each.
          `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM (
                        SELECT id FROM candidates WHERE organisation_id = $1 AND anonymised_at IS NULL
                        ORDER BY id LIMIT 5000) x)
           INSERT INTO invitations (organisation_id, candidate_id, theme, channels, code_hash, code_sealed, expires_at)
           SELECT $1, c.ids[1 + ((h.n - 1) % cardinality(c.ids))], $2, '{sms}', h.hash, $4, now() + interval '30 days'
           FROM unnest($3::text[]) WITH ORDINALITY h(hash, n), c`,
          [organisationId, theme, hashes, sealed],
        )
        const invitationRequest: Request = {
          path: `/i/${codes[4_321]}`,
          method: 'GET',
          headers: { cookie: '', 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html' },
        }
        const invitationAgent = new http.Agent()
        const invitationCheck = await send(invitationAgent, server.port, invitationRequest)
        invitationAgent.destroy()
        if (invitationCheck.status !== 200) throw new Error(`GET /i/<code>: ${invitationCheck.status}`)
        await ttfbFigure(
          'invitation-page-ttfb',
          '/i/<code among 10 000 pending, 200 sessions>',
          invitationRequest,
          0.5,
          50,
        )
      } finally {
        await pool.query('DELETE FROM invitations WHERE organisation_id = $1 AND theme = $2', [organisationId, theme])
        await pool.query('DELETE FROM workshops WHERE organisation_id = $1 AND theme = $2', [organisationId, theme])
      }
    }

    // Every page of the main layout, as an administrator of the biggest organisation (a partner for the
    // partner's pages), each in turns with the floor page under the same session: pages per second ≥ 0.5× the floor's.
    if (wanted('main-pages-rps')) {
      const {
        rows: [org],
      } = await pool.query<{ id: string }>(
        'SELECT organisation_id AS id FROM candidates GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      )
      const adminCookie = await mintedSession(pool, cookies, { ...ADMIN, role: 'admin', organisationId: org!.id })
      const pages = (await mainPages(pool, org!.id, offer)).filter(
        (p) => !pageFilter || pageFilter.some((part) => p.route.includes(part)),
      )
      const pageSeconds = Math.max(2, Math.min(seconds, pagesSeconds))
      log(
        `measuring ${pages.length} pages of the main layout, each in turns with ${FLOOR_PAGE} (20 clients, ${pageSeconds} s each)`,
      )
      for (const page of pages) {
        const sessionCookie = page.as === 'partner' ? cookie : adminCookie
        const request: Request = {
          path: page.path,
          method: 'GET',
          headers: { cookie: sessionCookie, 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html' },
        }
        const probeAgent = new http.Agent()
        const probe = await send(probeAgent, server.port, request)
        probeAgent.destroy()
        if (probe.status !== 200) {
          print({ bench: 'main-pages-rps', route: page.route, as: page.as, status: probe.status, ok: false })
          continue
        }
        const { figure, floor } = await pairedLoad(server.port, request, floorPage(sessionCookie), 20, pageSeconds, 1)
        print({
          bench: 'main-pages-rps',
          route: page.route,
          as: page.as,
          bytes: probe.bytes,
          rps: figure.rps,
          p95: figure.ttfb.p95,
          errors: figure.errors,
          floor: floorOf(floor, FLOOR_PAGE),
          rpsRatioToFloor: round(figure.rps / floor.rps, 2),
          target: { rpsRatioToFloor: 0.5 },
          ok: figure.rps >= 0.5 * floor.rps && figure.errors === 0,
        })
      }
    }

    // The main pages under 20 clients of the biggest organisation and its partner structure, 1 action in
    // 10 a write, each page in turns with the floor; stale reads after the writes counted (mixed-workload.ts).
    if (wanted('mixed-workload')) {
      const {
        rows: [org],
      } = await pool.query<{ id: string }>(
        'SELECT organisation_id AS id FROM candidates GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      )
      // The partner side: the busiest offer the organisation may prescribe to (its partners' or a shared structure's).
      const {
        rows: [mixOffer],
      } = await pool.query<{ id: string; structureId: string }>(
        `SELECT o.id, o.structure_id AS "structureId" FROM social_applies a
         JOIN social_offers o ON o.id = a.social_offer_id JOIN partner_structures s ON s.id = o.structure_id
         WHERE (o.service_end_date IS NULL OR o.service_end_date >= current_date)
           AND (s.organisation_id IS NULL OR EXISTS (SELECT 1 FROM organisation_partner_structures l
                WHERE l.structure_id = s.id AND l.organisation_id = $1))
         GROUP BY 1, 2 ORDER BY count(*) DESC, 1 LIMIT 1`,
        [org!.id],
      )
      const clients = options.mixedClients ?? 20
      const orgCookies: string[] = []
      const partnerCookies: string[] = []
      for (let i = 0; i < clients; i++) {
        const email = (who: string) => `bench-mixed-${who}-${i}@bench.passerelle.test`
        orgCookies.push(
          await mintedSession(pool, cookies, {
            id: `bench-mixed-admin-${i}`,
            email: email('admin'),
            password: ADMIN.password,
            role: 'admin',
            organisationId: org!.id,
          }),
        )
        partnerCookies.push(
          await mintedSession(pool, cookies, {
            id: `bench-mixed-partner-${i}`,
            email: email('partner'),
            password: PARTNER.password,
            role: 'fullPartner',
            structureId: mixOffer!.structureId,
          }),
        )
      }
      const pages = (await mainPages(pool, org!.id, mixOffer!)).filter(
        (p) => !pageFilter || pageFilter.some((part) => p.route.includes(part)),
      )
      await runMixedWorkload({
        server: { port: server.port, origin: server.origin, pid: server.pid, distDir: path.dirname(BUILD_ID) },
        pool,
        organisationId: org!.id,
        offer: mixOffer!,
        pages,
        orgCookies,
        partnerCookies,
        seconds: options.mixedSeconds ?? 3,
        warmupSeconds: 1,
        log,
        print,
      })
    }

    if (wanted('offer-page-first-load-js')) {
      log('measuring first-load JS of the offer page in Chromium')
      print({
        bench: 'offer-page-first-load-js',
        ...(await firstLoadJs(server, pageRequest.path, cookies)),
        path: '/offer/social/<busiest offer>',
      })
    }
    if (wanted('first-load-js')) {
      log('measuring first-load JS of /v2/login in Chromium')
      print({ bench: 'first-load-js', ...(await firstLoadJs(server, '/v2/login', [])) })
    }
    // The pages of people who do not work in Passerelle every day, ≤ 120 kB gzip each (the form through a link
    // made for the figure, removed afterwards).
    // The pages of people who do not work in Passerelle every day (the referral form, the diagnosis through
    // its link): ≤ 120 kB of JS gzip each, and Lighthouse (mobile) ≥ 95 in its four categories. A link and a diagnosis
    // token are made for the figures, removed afterwards.
    if (wanted('public-pages-first-load-js') || wanted('public-pages-lighthouse')) {
      const token = 'benchFirstLoadLink_0000000000001'
      const diagnosisToken = crypto.randomBytes(32).toString('base64url')
      const {
        rows: [org],
      } = await pool.query<{ id: string }>('SELECT id FROM organisations ORDER BY id LIMIT 1')
      await pool.query(
        `INSERT INTO referral_links (organisation_id, token_hash, token_hint, label, notify_email) VALUES ($1, encode(sha256(convert_to($2::text, 'UTF8')), 'hex'), left($2::text, 4), 'Bench', 'bench@bench.test')`,
        [org!.id, token],
      )
      const {
        rows: [diagnosis],
      } = await pool.query<{ id: string }>(
        `INSERT INTO diagnoses (organisation_id, candidate_id, status, token_hash, token_expires_at)
         SELECT $1, id, 'sent', $2, now() + interval '7 days' FROM candidates WHERE organisation_id = $1 ORDER BY id LIMIT 1 RETURNING id`,
        [org!.id, crypto.createHash('sha256').update(diagnosisToken).digest('base64url')],
      )
      const pages = [
        '/referral-form/homepage',
        `/referral-form/informations/${token}`,
        '/referral-form/confirmation',
        `/diagnosis/${diagnosisToken}`,
      ]
      const shown = (pagePath: string) => pagePath.replace(diagnosisToken, '<token>')
      try {
        if (wanted('public-pages-first-load-js')) {
          for (const pagePath of pages) {
            log(`measuring first-load JS of ${shown(pagePath)} in Chromium`)
            print({
              bench: 'public-pages-first-load-js',
              ...(await firstLoadJs(server, pagePath, [], 120)),
              path: shown(pagePath),
            })
          }
        }
        if (wanted('public-pages-lighthouse')) {
          for (const pagePath of pages) {
            log(`Lighthouse (mobile) on ${shown(pagePath)}`)
            print({
              bench: 'public-pages-lighthouse',
              path: shown(pagePath),
              ...(await lighthouseScores(server, pagePath, 95)),
            })
          }
        }
      } finally {
        await pool.query('DELETE FROM diagnoses WHERE id = $1', [diagnosis!.id])
        await pool.query(
          `DELETE FROM referral_links WHERE token_hash = encode(sha256(convert_to($1::text, 'UTF8')), 'hex')`,
          [token],
        )
      }
    }
  } finally {
    await server.stop()
    log('stopped the server')
  }
}
