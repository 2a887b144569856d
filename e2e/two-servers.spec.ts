import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { expect, test, type Browser } from '@playwright/test'
import { baseURL, E2E_AUTH_SECRET } from '../playwright.config'
import { hashKey } from '../lib/auth/client-ip'
import { LIMITS } from '../lib/auth/throttle'
import { DEMO_PASSWORD, onE2eDatabase, sentMails, signIn, storageStateOf, type DemoRole } from './fixtures'

/**
 * Two app servers (two scripts/serve.mjs, each with its web worker and its job worker) on one PostgreSQL,
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
      // As the first server (playwright.config.ts): the client's address is the one the proxy wrote.
      TRUSTED_PROXY_HOPS: '1',
      JOB_WORKERS: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  })
  for (let i = 0; ; i++) {
    const up = await fetch(`${second}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (i > 120) throw new Error('the second server did not start')
    await new Promise((r) => setTimeout(r, 500))
  }
})

test.afterAll(() => {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
})

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join('; ')
/** What the second server answers to a page with these cookies: 200, or a redirect to the login page. */
async function onSecond(path: string, cookie: string) {
  const response = await fetch(`${second}${path}`, { headers: { cookie }, redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location') }
}

test('a session made on one server is honoured by the other, and a logout on one ends it on both', async ({
  browser,
}) => {
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

test('the sign-in throttling counts the attempts made on both servers, and stops the address, not the account', async () => {
  test.setTimeout(90_000)
  // A demo account: refusing is keyed on the (account, address) pair and the address, never on the account alone
  // (lib/auth/throttle.ts), so its owner signs in from elsewhere all along. Both servers trust one proxy hop.
  const email = 'conseiller@passerelle.test'
  const attacker = '198.51.100.23'
  const owner = '203.0.113.58'
  const attempt = (origin: string, password: string, address: string) =>
    fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL, 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status)
  try {
    // The pair's limit (10 failures an hour), reached half on each server.
    const statuses: number[] = []
    for (let i = 0; i < LIMITS['sign-in'].pair; i++)
      statuses.push(await attempt(i % 2 === 0 ? baseURL : second, 'pas-le-bon-mot-de-passe', attacker))
    expect(statuses.map((s, i) => `${i}:${s}`).filter((s) => !s.endsWith(':401'))).toEqual([])
    expect(await attempt(second, 'pas-le-bon-mot-de-passe', attacker)).toBe(429)
    expect(await attempt(baseURL, 'pas-le-bon-mot-de-passe', attacker)).toBe(429)
    // From that address, even the right password is refused, on either server.
    expect(await attempt(second, DEMO_PASSWORD, attacker)).toBe(429)
    // The owner, from an address that has not failed, gets in with the right password (only slowed down).
    expect(await attempt(second, DEMO_PASSWORD, owner)).toBe(200)
    expect(await attempt(baseURL, DEMO_PASSWORD, owner)).toBe(200)
  } finally {
    // The account's failures would slow its sign-ins in the other specs for the rest of the hour.
    const buckets = [
      `sign-in:account:${hashKey(email)}`,
      `sign-in:pair:${hashKey(`${email}|${attacker}`)}`,
      `sign-in:ip:${hashKey(attacker)}`,
    ]
    await onE2eDatabase('delete from auth_attempt where bucket = any($1::text[])', [buckets])
  }
})

test('each queued job is run by exactly one of the two job workers', async () => {
  // 40 mails queued at once (the app's own queue: a row each and its send-mail job), which both workers poll for.
  const marker = `deux-serveurs-${randomUUID().slice(0, 8)}`
  const rows = await onE2eDatabase<{ id: string }>(
    `insert into outbound_mails (kind, to_address, subject, sealed_text)
     select 'two-servers', 'deux.serveurs+' || i || '@passerelle.test', $1 || ' #' || i, $2 from generate_series(1, 40) i returning id`,
    [marker, await sealedText()],
  )
  await onE2eDatabase(
    `insert into pgboss.job (name, data) select 'send-mail', jsonb_build_object('mailId', id) from unnest($1::uuid[]) id`,
    [rows.map((r) => r.id)],
  )
  await expect
    .poll(
      async () =>
        (
          await onE2eDatabase<{ n: number }>(
            `select count(*)::int as n from outbound_mails where kind = 'two-servers' and subject like $1 || '%' and status = 'sent'`,
            [marker],
          )
        )[0]!.n,
      { timeout: 30_000 },
    )
    .toBe(40)
  // The SMTP sink received each mail once.
  const received = sentMails().filter((mail) => mail.includes(marker))
  const subjects = received
    .map((mail) => new RegExp(`${marker} #(\\d+)`).exec(mail)![1]!)
    .sort((a, b) => Number(a) - Number(b))
  expect(subjects).toEqual(Array.from({ length: 40 }, (_, i) => String(i + 1)))
  // Each job ran once: completed without a retry.
  const jobs = await onE2eDatabase<{ state: string; retries: number }>(
    `select state::text, retry_count as retries from pgboss.job where name = 'send-mail' and data->>'mailId' = any($1::text[])`,
    [rows.map((r) => r.id)],
  )
  expect(jobs).toHaveLength(40)
  expect(jobs.every((j) => j.state === 'completed' && j.retries === 0)).toBe(true)
})

/**
 * Read-your-writes across processes. A write made through the first server shows on the very next read
 * of the page that shows it, served by the second (no process keeps a copy of what PostgreSQL holds).
 */
test.describe('read-your-writes across the two servers', () => {
  /** A browser signed in as `role` (its demo session), pointed at the second server. */
  async function onSecondServer(browser: Browser, role: DemoRole) {
    const signedIn = await browser.newContext({ storageState: storageStateOf(role) })
    const cookies = await signedIn.cookies()
    const context = await browser.newContext({ baseURL: second })
    await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: second })))
    return { first: signedIn, second: context, close: () => Promise.all([signedIn.close(), context.close()]) }
  }

  test('the offer page: an application archived through one server is archived on the other', async ({ browser }) => {
    const { first, second: other, close } = await onSecondServer(browser, 'partenaire')
    // An answered application (only those are archived), read on the second server before and after.
    const [apply] = await onE2eDatabase<{ id: string; offer: string; first: string; last: string; state: string }>(
      `select a.id, a.social_offer_id as offer, c.first_name as first, c.last_name as last, a.state::text as state
         from social_applies a join candidates c on c.id = a.candidate_id
         join social_offers o on o.id = a.social_offer_id join "user" u on u.structure_id = o.structure_id
        where u.email = 'partenaire@passerelle.test' and not a.archived
          and a.state in ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE')
        order by a.prescription_date desc limit 1`,
    )
    // The rows the offer page loads (spec §7 "Fetch applies by tab"), asked of the second server.
    const tabRows = async () => {
      const answer = await other.request.post(`/api/offers/${apply!.offer}/applies`, {
        headers: { origin: baseURL },
        data: { tab: apply!.state, page: 1 },
      })
      expect(answer.status()).toBe(200)
      const body = (await answer.json()) as { rows: { id: string }[]; counts: Record<string, number> }
      return { ids: body.rows.map((r) => r.id), count: body.counts[apply!.state] }
    }
    try {
      const before = await tabRows()
      expect(before.ids).toContain(apply!.id)
      const archived = await first.request.post('/api/social-applies/archive', {
        headers: { origin: baseURL },
        data: { ids: [apply!.id] },
      })
      expect(archived.status()).toBe(204)
      // The very next read, on the other server: gone from the offer's tab, its count one less.
      const after = await tabRows()
      expect(after.ids).not.toContain(apply!.id)
      expect(after.count).toBe(before.count! - 1)
    } finally {
      await onE2eDatabase('update social_applies set archived = false, archived_at = null where id = $1', [apply!.id])
      await close()
    }
  })

  test('the candidates dashboard: a name changed through one server is the name on the other', async ({ browser }) => {
    const { first, second: other, close } = await onSecondServer(browser, 'referent')
    const [candidate] = await onE2eDatabase<{ id: string; first: string; last: string }>(
      `select c.id, c.first_name as first, c.last_name as last from candidates c join "user" u on u.id = c.referent_id
        where u.email = 'referent@passerelle.test' and c.anonymised_at is null order by c.last_name limit 1`,
    )
    const renamed = `Relu${randomUUID().slice(0, 6)}`
    try {
      const edit = await first.newPage()
      await edit.goto(`/v2/candidate/${candidate!.id}/identite?edit=1`)
      await edit.getByLabel('Prénom', { exact: true }).fill(renamed)
      await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click()
      await expect(edit.getByRole('heading', { level: 1 })).toHaveText(`${renamed} ${candidate!.last}`)
      const page = await other.newPage()
      await page.goto('/v2/candidates/dashboard')
      await expect(page.getByRole('link', { name: new RegExp(renamed) })).toBeVisible()
    } finally {
      await onE2eDatabase('update candidates set first_name = $2 where id = $1', [candidate!.id, candidate!.first])
      await close()
    }
  })

  test('the actions dashboard: an orientation sent through one server is listed on the other', async ({ browser }) => {
    const { second: other, close } = await onSecondServer(browser, 'conseiller')
    const lastName = `Relecture${randomUUID().slice(0, 6)}`
    const email = `${lastName.toLowerCase()}@prescripteur.test`
    try {
      const sent = await fetch(`${baseURL}/api/referral-form/demoCcasDieppe_lienOrientation26`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL },
        body: JSON.stringify({
          prescriberName: 'Relecture',
          prescriberStructure: 'CCAS',
          prescriberEmail: email,
          firstName: 'Inès',
          lastName,
          consent: true,
        }),
      })
      expect(sent.status).toBe(200)
      const page = await other.newPage()
      await page.goto('/v2/actions/dashboard')
      await expect(
        page.getByRole('region', { name: /Orientations reçues/ }).getByRole('link', { name: `${lastName} Inès` }),
      ).toBeVisible()
    } finally {
      const mine = `(select id from orientations where prescriber_email = '${email}')`
      await onE2eDatabase(
        `delete from audit_log where action = 'orientation.received' and entity_id in (select id::text from ${mine} o)`,
      )
      await onE2eDatabase(`delete from orientations where id in ${mine}`)
      await onE2eDatabase(`delete from auth_attempt where bucket like 'referral:%'`)
      await close()
    }
  })
})

/** A mail text sealed as the app seals it (lib/crypto/sealed.ts), with the servers' secret. */
async function sealedText(): Promise<string> {
  process.env.BETTER_AUTH_SECRET = E2E_AUTH_SECRET
  const { seal } = await import('../lib/crypto/sealed')
  return seal('Un message envoyé par l’un des deux serveurs.')
}
