import fs from 'node:fs'
import { decodeQuotedPrintable } from '../tests/support/test-codes'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'

export const DEMO_PASSWORD = 'Passerelle-Demo-2026!'
export const ROLES = {
  admin: 'admin@passerelle.test',
  referent: 'referent@passerelle.test',
  partenaire: 'partenaire@passerelle.test',
  conseiller: 'conseiller@passerelle.test',
} as const
export type DemoRole = keyof typeof ROLES

/** Per port, so that two e2e runs on one machine (each with its own E2E_PORT and database) never share cookies. */
export const storageStateOf = (role: DemoRole) => `e2e/.auth/${process.env.E2E_PORT ?? 3210}/${role}.json`

/**
 * Signs in with email and password. A user who must have a second factor (a settings.* permission) lands on
 * /double-auth with a code sent by email: it is read from the mail the app sent and entered, as a person would.
 * Ends on the page the app lands on, or on the login page with its error.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const since = Date.now()
  await page.goto('/v2/login')
  await page.getByLabel('Adresse email').fill(email)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await page.waitForFunction(
    () => location.pathname !== '/v2/login' || !!document.querySelector('form [role=alert]'),
    undefined,
    { timeout: 15_000 },
  )
  if (new URL(page.url()).pathname === '/double-auth') await enterEmailedCode(page, email, since)
}

/** On /double-auth: the code of the last sign-in email sent to `email` since `since`. */
/** A newly invited user's onboarding, filled as a person would; ends on /onboarding/end. */
export async function completeOnboarding(page: Page, jobTitle: string) {
  await page.waitForURL('**/onboarding')
  await page.getByRole('link', { name: 'Commencer' }).click()
  await page.getByLabel(/^Votre fonction/).fill(jobTitle)
  await page.getByLabel(/^J’ai lu et j’accepte les conditions d’utilisation/).check()
  await page.getByRole('button', { name: 'Valider' }).click()
  await page.waitForURL('**/onboarding/end')
}

export async function enterEmailedCode(page: Page, email: string, since: number) {
  const code = await emailedCode(email, since)
  await page.getByLabel('Code de vérification').fill(code)
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await page.waitForURL((url) => url.pathname !== '/double-auth')
}

export async function emailedCode(email: string, since: number): Promise<string> {
  const mail = await waitForMail(email, since, /code de connexion à Passerelle\s:\s\d{6}/)
  return /code de connexion à Passerelle\s:\s(\d{6})/.exec(mail)![1]!
}

/** The newest mail to `email`, received since `since`, whose text matches `pattern` (SMTP delivery takes a moment). */
export async function waitForMail(email: string, since: number, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = mailsSince(since).filter((m) => m.includes(`To: ${email}`) && pattern.test(m))
    if (found.length) return found[found.length - 1]!
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The messages received since `since` (file time), oldest first, decoded. */
export function mailsSince(since: number): string[] {
  const dir = process.env.E2E_OUTBOX_DIR!
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .map((f) => ({ file: path.join(dir, f), time: fs.statSync(path.join(dir, f)).mtimeMs }))
    .filter((f) => f.time >= since - 5)
    .sort((a, b) => a.time - b.time)
    .map((f) => decodeQuotedPrintable(fs.readFileSync(f.file, 'utf8')))
}

/**
 * The page at each width (1440 and 390 px unless told), full length: it must not scroll sideways. The PNGs go to the
 * test's output folder for a person to look at; CI, where nobody looks, skips writing them unless E2E_SCREENSHOTS=1.
 */
export async function screenshots(page: Page, name: string, widths = [1440, 390]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, { path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
    // Polled: what sizes itself from a ResizeObserver (a chart's container) follows the new width a frame or two later.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

/** One screenshot for a person to look at (none in CI unless E2E_SCREENSHOTS=1). */
export async function shot(page: Page, options: { path: string; fullPage?: boolean }) {
  if (!process.env.CI || process.env.E2E_SCREENSHOTS === '1') await page.screenshot(options)
}

/** axe-core on the current page: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Next.js streams a page's metadata: right after a refresh (router.refresh after an action) the <title> may not be
  // back yet. Every page has one; wait for it, then judge the page.
  await expect(page).toHaveTitle(/\S/)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/**
 * The business messages the app sent during this run (the outbox the SMTP sink fills: e2e/smtp-sink.ts).
 * Sign-in codes and reset links, sent at every sign-in of a settings.* holder, are left out: the specs read
 * them with waitForMail.
 */
export function sentMails(): string[] {
  const dir = process.env.E2E_OUTBOX_DIR!
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => !isAuthenticationMail(m))
}

/**
 * Waits until the business mails sent so far (sentMails) hold `count` matching `match`, then returns those; mail leaves
 * through the job queue, a moment after the change that caused it.
 */
export async function waitForSentMails(
  match: (mail: string) => boolean,
  count = 1,
  timeoutMs = 15_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = sentMails().filter(match)
    if (found.length >= count || Date.now() > deadline) return found
    await new Promise((r) => setTimeout(r, 200))
  }
}

const isAuthenticationMail = (mail: string) =>
  mail.includes('Votre code de connexion à Passerelle') || mail.includes('/new-password?token=')

/** A statement on the run's database (the one e2e/serve.ts created), for what no screen can do: age a token. */
export async function onE2eDatabase<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** Sets the app's clock (lib/clock.ts) to an instant, for every process of the e2e server; null gives the system clock back. */
export function setAppClock(at: string | null) {
  const file = process.env.E2E_CLOCK_FILE!
  if (at === null) fs.rmSync(file, { force: true })
  else fs.writeFileSync(file, at)
}

/**
 * Runs a scheduled job now, as its cron would (the e2e server fires no schedule: JOB_SCHEDULES=off): a pg-boss job
 * of that queue, which the server's worker picks up. Resolves once `done` (a SQL query returning rows) finds its effect.
 */
export async function runScheduledJob(queue: string, done: string, values: unknown[] = [], timeoutMs = 20_000) {
  await onE2eDatabase(`insert into pgboss.job (name, data) values ($1, '{}'::jsonb)`, [queue])
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if ((await onE2eDatabase(done, values)).length > 0) return
    if (Date.now() > deadline) throw new Error(`the ${queue} job did not reach its effect`)
    await new Promise((r) => setTimeout(r, 250))
  }
}
