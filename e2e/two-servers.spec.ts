import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { baseURL, E2E_AUTH_SECRET } from '../playwright.config'
import { DEMO_PASSWORD, onE2eDatabase, sentMails, signIn } from './fixtures'

/**
 * Issue 16 §1: two app servers (two scripts/serve.mjs, each with its web worker and its job worker) on one PostgreSQL,
 * as behind a load balancer. Nothing lives in a process: a session made on one is honoured by the other, a logout on
 * one ends it on both, the sign-in throttling counts across both, and a job is run by exactly one worker.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 6
const second = `http://127.0.0.1:${port}`
let server: ChildProcess

test.beforeAll(async () => {
  test.setTimeout(90_000)
  server = spawn(process.execPath, ['scripts/serve.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      // Both servers answer for the same public address, as behind one load balancer.
      BETTER_AUTH_URL: baseURL,
      BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
      OUTBOX_DIR: process.env.E2E_OUTBOX_DIR,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      JOB_SCHEDULES: 'off',
      WEB_CONCURRENCY: '1',
      JOB_WORKERS: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  })
  for (let i = 0; ; i++) {
    const up = await fetch(`${second}/api/health`).then((r) => r.ok, () => false)
    if (up) break
    if (i > 120) throw new Error('the second server did not start')
    await new Promise((r) => setTimeout(r, 500))
  }
})

test.afterAll(() => {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
})

const cookieHeader = (cookies: { name: string; value: string }[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ')
/** What the second server answers to a page with these cookies: 200, or a redirect to the login page. */
async function onSecond(path: string, cookie: string) {
  const response = await fetch(`${second}${path}`, { headers: { cookie }, redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location') }
}

test('a session made on one server is honoured by the other, and a logout on one ends it on both', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, 'conseiller@passerelle.test')
  await expect(page).toHaveURL('/v2/candidates/dashboard')
  const cookie = cookieHeader(await context.cookies())
  expect(await onSecond('/v2/candidates/dashboard', cookie)).toEqual({ status: 200, location: null })

  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/\/v2\/login/)
  const after = await onSecond('/v2/candidates/dashboard', cookie)
  expect(after.status).toBe(307)
  expect(new URL(after.location!, second).pathname).toBe('/v2/login')
  await context.close()
})

test('the sign-in throttling counts the attempts made on both servers', async () => {
  // The password owner's own account would be locked for an hour: a throwaway address no account has.
  const email = `throttle-${randomUUID().slice(0, 8)}@passerelle.test`
  const attempt = (origin: string) =>
    fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email, password: 'pas-le-bon-mot-de-passe' }),
    }).then((r) => r.status)
  // 100 failed attempts an hour per account (lib/auth/throttle.ts), made half on each server.
  const statuses: number[] = []
  for (let i = 0; i < 100; i++) statuses.push(await attempt(i % 2 === 0 ? baseURL : second))
  expect(statuses.map((s, i) => `${i}:${s}`).filter((s) => !s.endsWith(":401"))).toEqual([])
  expect(await attempt(second)).toBe(429)
  expect(await attempt(baseURL)).toBe(429)
  // The right password no longer helps either, on either server.
  const right = await fetch(`${second}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  expect(right.status).toBe(429)
})

test('each queued job is run by exactly one of the two job workers', async () => {
  // 40 mails queued at once (the app's own queue: a row each and its send-mail job), which both workers poll for.
  const marker = `deux-serveurs-${randomUUID().slice(0, 8)}`
  const rows = await onE2eDatabase<{ id: string }>(
    `insert into outbound_mails (kind, to_address, subject, sealed_text)
     select 'two-servers', 'deux.serveurs+' || i || '@passerelle.test', $1 || ' #' || i, $2 from generate_series(1, 40) i returning id`,
    [marker, await sealedText()],
  )
  await onE2eDatabase(`insert into pgboss.job (name, data) select 'send-mail', jsonb_build_object('mailId', id) from unnest($1::uuid[]) id`, [rows.map((r) => r.id)])
  await expect
    .poll(async () => (await onE2eDatabase<{ n: number }>(`select count(*)::int as n from outbound_mails where kind = 'two-servers' and subject like $1 || '%' and status = 'sent'`, [marker]))[0]!.n, { timeout: 30_000 })
    .toBe(40)
  // The SMTP sink received each mail once.
  const received = sentMails().filter((mail) => mail.includes(marker))
  const subjects = received.map((mail) => new RegExp(`${marker} #(\\d+)`).exec(mail)![1]!).sort((a, b) => Number(a) - Number(b))
  expect(subjects).toEqual(Array.from({ length: 40 }, (_, i) => String(i + 1)))
  // Each job ran once: completed without a retry.
  const jobs = await onE2eDatabase<{ state: string; retries: number }>(
    `select state::text, retry_count as retries from pgboss.job where name = 'send-mail' and data->>'mailId' = any($1::text[])`,
    [rows.map((r) => r.id)],
  )
  expect(jobs).toHaveLength(40)
  expect(jobs.every((j) => j.state === 'completed' && j.retries === 0)).toBe(true)
})

/** A mail text sealed as the app seals it (lib/crypto/sealed.ts), with the servers' secret. */
async function sealedText(): Promise<string> {
  process.env.BETTER_AUTH_SECRET = E2E_AUTH_SECRET
  const { seal } = await import('../lib/crypto/sealed')
  return seal('Un message envoyé par l’un des deux serveurs.')
}
