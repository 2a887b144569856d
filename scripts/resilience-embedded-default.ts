/**
 * `npm run resilience`'s embedded-default phase: `npm start` with no DATABASE_URL, as on a fresh
 * machine, then
 * 1. CLIENTS clients for SECONDS across signed-in list pages, the candidates' search, the referral form (valid, with a
 *    NUL byte, with broken JSON) and /api/health: no 5xx, no request without an answer within 20 s, every queued mail
 *    received once by the SMTP sink, /api/health 200 at the end; the counts by route and status are printed;
 * 2. the database paused (SIGSTOP on every PostgreSQL process of the cluster) for PAUSE seconds: requests answer 503 or
 *    the error screen within their timeouts, none hangs; SIGCONT, and the app serves normally within 5 s, nothing lost;
 * 3. Ctrl-C: the app and its PostgreSQL stop, nothing left running.
 */
import fs from 'node:fs'
import path from 'node:path'
import { DEMO_PASSWORD } from '../db/seed'
import { startSmtpSink } from '../e2e/smtp-sink'
import { freeLoopbackPort } from '../lib/http/free-port'
import { embeddedApp, sleep, type Tools } from './resilience-embedded-app'

const PATIENCE_MS = 20_000
const LINK = 'demoCcasDieppe_lienOrientation26'

export async function embeddedDefaultPhase(
  { root, work, check, figure }: Tools,
  options: { seconds: number; clients: number; pauseSeconds: number },
) {
  const dataDir = path.join(work, 'embedded-default')
  const outbox = path.join(work, 'embedded-default-mail')
  const smtpPort = await freeLoopbackPort()
  const smtp = await startSmtpSink(smtpPort, outbox)
  const embedded = embeddedApp({
    root,
    dataDir,
    port: await freeLoopbackPort(),
    dbPort: await freeLoopbackPort(),
    outbox: path.join(work, 'embedded-default-outbox'),
    logFile: path.join(work, 'embedded-default.log'),
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  })
  const { base } = embedded
  try {
    embedded.start()
    const firstMs = await embedded.healthy(240_000)
    check(
      'embedded default: `npm start` without DATABASE_URL starts PostgreSQL, migrates, seeds and serves',
      firstMs >= 0,
      firstMs >= 0 ? `${firstMs} ms` : embedded.state.output.slice(-800),
    )
    if (firstMs < 0) return

    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'conseiller@passerelle.test', password: DEMO_PASSWORD }),
      signal: AbortSignal.timeout(PATIENCE_MS),
    })
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    let n = 0
    const person = () => ({
      prescriberName: 'Claire Martin',
      prescriberStructure: 'CCAS de Dieppe',
      prescriberEmail: 'claire.martin@ccas-dieppe.test',
      prescriberPhone: '',
      firstName: 'Test',
      lastName: `Charge ${++n}`,
      birthDate: '1990-05-04',
      phone: '',
      email: '',
      addressFormatted: '',
      placeId: '',
      needs: [],
      situation: 'Orientée pendant le test de charge.',
      consent: true,
    })
    const json = { 'content-type': 'application/json', origin: base }
    const page = (p: string) => async () =>
      fetch(`${base}${p}`, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(PATIENCE_MS) })
    const OPS: [string, number, () => Promise<Response>][] = [
      ['GET /api/health', 2, async () => fetch(`${base}/api/health`, { signal: AbortSignal.timeout(PATIENCE_MS) })],
      ['GET /v2/candidates/dashboard', 3, page('/v2/candidates/dashboard')],
      ['GET /v2/actions/dashboard', 2, page('/v2/actions/dashboard')],
      ['GET /v2/candidates/fup', 2, page('/v2/candidates/fup')],
      ['GET /workshops/dashboard', 1, page('/workshops/dashboard')],
      [
        'POST /api/candidates/search',
        3,
        async () =>
          fetch(`${base}/api/candidates/search`, {
            method: 'POST',
            headers: { ...json, cookie },
            body: JSON.stringify({ search: ['mar', 'dup', 'lé', 'ber'][n++ % 4], page: 1 }),
            signal: AbortSignal.timeout(PATIENCE_MS),
          }),
      ],
      [
        'GET referral form',
        1,
        async () => fetch(`${base}/referral-form/informations/${LINK}`, { signal: AbortSignal.timeout(PATIENCE_MS) }),
      ],
      [
        'POST referral (valid)',
        1,
        async () =>
          fetch(`${base}/api/referral-form/${LINK}`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify(person()),
            signal: AbortSignal.timeout(PATIENCE_MS),
          }),
      ],
      [
        'POST referral (NUL byte)',
        1,
        async () =>
          fetch(`${base}/api/referral-form/${LINK}`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ ...person(), lastName: 'Nul\u0000' }),
            signal: AbortSignal.timeout(PATIENCE_MS),
          }),
      ],
      [
        'POST referral (broken JSON)',
        1,
        async () =>
          fetch(`${base}/api/referral-form/${LINK}`, {
            method: 'POST',
            headers: json,
            body: '{"prescriberName": "A',
            signal: AbortSignal.timeout(PATIENCE_MS),
          }),
      ],
    ]
    const total = OPS.reduce((t, [, w]) => t + w, 0)
    const pick = () => {
      let r = Math.random() * total
      for (const op of OPS) if ((r -= op[1]) < 0) return op
      return OPS[0]!
    }
    const counts: Record<string, Record<string, number>> = {}
    const ms: number[] = []
    const end = Date.now() + options.seconds * 1000
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (Date.now() < end) {
          const [name, , run] = pick()
          const t = performance.now()
          let status = 'no answer'
          try {
            const r = await run()
            await r.arrayBuffer()
            status = String(r.status)
          } catch (error) {
            status = (error as Error).name === 'TimeoutError' ? 'no answer' : 'error'
          }
          ms.push(performance.now() - t)
          counts[name] ??= {}
          counts[name][status] = (counts[name][status] ?? 0) + 1
        }
      }),
    )
    const all = Object.values(counts).flatMap((c) => Object.entries(c))
    const requests = all.reduce((t, [, c]) => t + c, 0)
    const fivexx = all.filter(([s]) => /^5/.test(s)).reduce((t, [, c]) => t + c, 0)
    const unanswered = all.filter(([s]) => !/^\d+$/.test(s)).reduce((t, [, c]) => t + c, 0)
    const sorted = [...ms].sort((a, b) => a - b)
    figure({
      figure: 'embedded default: load',
      clients: options.clients,
      seconds: options.seconds,
      requests,
      p95: Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
      byRoute: counts,
    })
    for (const [name, byStatus] of Object.entries(counts))
      console.log(
        `  ${name.padEnd(32)} ${Object.entries(byStatus)
          .map(([s, c]) => `${s} × ${c}`)
          .join(', ')}`,
      )
    check(
      'embedded default under load: no 5xx, every request answered within 20 s',
      fivexx === 0 && unanswered === 0,
      `${requests} requests, ${fivexx} × 5xx, ${unanswered} without an answer`,
    )
    const nulRefused = counts['POST referral (NUL byte)'] ?? {}
    check(
      'embedded default: a NUL byte in the referral form is a 400 in French, never a 5xx',
      Object.keys(nulRefused).every((s) => s === '400' || s === '429'),
      JSON.stringify(nulRefused),
    )

    // Every mail queued meanwhile (the orientations' "Nouvelle orientation") leaves once.
    const mailsOnce = async (timeoutMs: number) => {
      const client = await embedded.connect()
      try {
        const t = Date.now()
        for (;;) {
          const { rows } = await client.query<{ status: string; n: number }>(
            `select status, count(*)::int as n from outbound_mails group by status`,
          )
          const by = Object.fromEntries(rows.map((r) => [r.status, r.n]))
          const waiting = (by.queued ?? 0) + (by.sending ?? 0)
          if (waiting === 0 || Date.now() - t > timeoutMs) {
            const ids = fs
              .readdirSync(outbox)
              .map(
                (f) =>
                  /Message-ID: <([^>]+)@passerelle\.local>/i.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1] ??
                  f,
              )
            const { rows: sent } = await client.query<{ id: string }>(
              `select id from outbound_mails where status = 'sent'`,
            )
            const received = new Set(ids)
            return {
              waiting,
              sent: sent.length,
              received: ids.length,
              unique: received.size,
              missing: sent.filter((r) => !received.has(r.id)).length,
              by,
            }
          }
          await sleep(500)
        }
      } finally {
        await client.end()
      }
    }
    const mails = await mailsOnce(60_000)
    // A mail whose attempt was cut once the sink could have it is `unknown` (shown to administrators), never sent again:
    // the sink may hold it or not (lib/delivery/attempt.ts).
    check(
      'embedded default: every queued mail received at most once by the SMTP sink, settled (sent, or unknown and shown)',
      mails.waiting === 0 &&
        mails.received === mails.unique &&
        mails.missing === 0 &&
        mails.received >= mails.sent &&
        mails.received <= mails.sent + Number(mails.by.unknown ?? 0),
      JSON.stringify(mails),
    )
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    )
    check('embedded default: /api/health 200 after the load', health === 200, String(health))

    // 2. The database paused.
    const pids = embedded.serverPids()
    const paused: Record<string, Record<string, number>> = {}
    let slowest = 0
    const during = async (name: string, run: () => Promise<Response>, ok: (r: Response, body: string) => boolean) => {
      const t = performance.now()
      let status = 'no answer'
      try {
        const r = await run()
        const body = await r.text()
        status = ok(r, body) ? `${r.status} (expected)` : `${r.status} (unexpected)`
      } catch (error) {
        status = (error as Error).name === 'TimeoutError' ? 'no answer' : 'error'
      }
      slowest = Math.max(slowest, performance.now() - t)
      paused[name] ??= {}
      paused[name][status] = (paused[name][status] ?? 0) + 1
    }
    const unavailable = (r: Response, body: string) =>
      r.status === 503 ||
      (r.status >= 500 && /momentanément indisponible|PASSERELLE_DB_UNAVAILABLE/.test(body)) ||
      /PASSERELLE_DB_UNAVAILABLE/.test(body)
    for (const pid of pids) process.kill(pid, 'SIGSTOP')
    const pauseEnd = Date.now() + options.pauseSeconds * 1000
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        while (Date.now() < pauseEnd) {
          if (i % 3 === 0)
            await during(
              'GET /api/health',
              async () => fetch(`${base}/api/health`, { signal: AbortSignal.timeout(PATIENCE_MS) }),
              (r) => r.status === 503,
            )
          else if (i % 3 === 1)
            await during('GET /v2/candidates/dashboard', page('/v2/candidates/dashboard'), unavailable)
          else
            await during(
              'POST /api/candidates/search',
              async () =>
                fetch(`${base}/api/candidates/search`, {
                  method: 'POST',
                  headers: { ...json, cookie },
                  body: JSON.stringify({ search: 'mar', page: 1 }),
                  signal: AbortSignal.timeout(PATIENCE_MS),
                }),
              (r) => r.status === 503,
            )
          await sleep(500)
        }
      }),
    )
    for (const pid of pids) process.kill(pid, 'SIGCONT')
    const resumed = Date.now()
    let backMs = -1
    while (Date.now() - resumed < 10_000) {
      const [h, p] = await Promise.all([
        fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.status,
          () => 0,
        ),
        page('/v2/candidates/dashboard')().then(
          (r) => r.status,
          () => 0,
        ),
      ])
      if (h === 200 && p === 200) {
        backMs = Date.now() - resumed
        break
      }
      await sleep(100)
    }
    const pausedAll = Object.values(paused).flatMap((c) => Object.entries(c))
    const unexpected = pausedAll.filter(([s]) => !s.endsWith('(expected)')).reduce((t, [, c]) => t + c, 0)
    figure({
      figure: 'embedded default: database paused',
      seconds: options.pauseSeconds,
      slowestMs: Math.round(slowest),
      backMs,
      byRoute: paused,
    })
    for (const [name, byStatus] of Object.entries(paused))
      console.log(
        `  paused: ${name.padEnd(28)} ${Object.entries(byStatus)
          .map(([s, c]) => `${s} × ${c}`)
          .join(', ')}`,
      )
    check(
      'database paused: every request answers 503 or the error screen within its timeouts, none hangs',
      unexpected === 0 && slowest < PATIENCE_MS,
      `slowest ${Math.round(slowest)} ms, ${unexpected} unexpected`,
    )
    check('database resumed: the app serves normally within 5 s', backMs >= 0 && backMs <= 5000, `${backMs} ms`)
    const after = await mailsOnce(30_000)
    check(
      'database resumed: nothing lost, every mail still received once',
      after.waiting === 0 && after.received === after.unique && after.missing === 0 && after.received === after.sent,
      JSON.stringify(after),
    )

    // 3. Ctrl-C: the app, then its PostgreSQL, stop.
    const stopped = Date.now()
    await embedded.stop()
    const left = pids.filter((pid) => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    })
    check(
      'embedded default: Ctrl-C stops the app and its PostgreSQL, nothing left running',
      left.length === 0 && !fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')),
      `${Date.now() - stopped} ms, ${left.length} process(es) left`,
    )
  } finally {
    await embedded.stop()
    smtp.close()
  }
}
