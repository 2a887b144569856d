import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { TIME_ZONE } from '../lib/dates'
import { baseURL } from '../playwright.config'
import { discoverRoutes } from './app-routes'
import { E2E_ACCOUNTS } from './e2e-accounts'
import { storageStateOf } from './fixtures'
import { probeLayout } from './layout-probe'
import { EXPECTED, WALK_ROLES, type WalkRole } from './route-walk-expected'
import { sampleIds } from './route-samples'

/**
 * The layout walk: every page of the route table (e2e/route-walk-expected.ts) for every role that may see
 * it, at 1440, 1024, 390 and 320 px: the page does not scroll sideways, the buttons and links of its header and of its
 * tables' action columns are on screen without scrolling sideways, no text is clipped by its box (unless it ends in an
 * ellipsis and has a title), and axe-core finds no serious or critical violation. Every failure of a run is listed,
 * with its route, role, width and element (also written to test-results/layout-walk-<port>.txt, or LAYOUT_WALK_REPORT).
 *
 * Sized for CI: each (route, role) is loaded once and resized in place through the four widths, two pages at a time.
 * CI walks the staff pages as the administrator only, whose pages hold the most actions (a referent's or a
 * counsellor's page is the same screen with fewer buttons), the open pages once without a session, and runs axe at
 * 320 px only, where the layout differs most. LAYOUT_WALK=full walks every role and runs axe at every width.
 */
const FULL = process.env.LAYOUT_WALK === 'full'
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]
const AXE_WIDTHS = FULL ? WIDTHS.map((w) => w.width) : [320]
const CONCURRENCY = Number(process.env.LAYOUT_WALK_CONCURRENCY ?? 2)
/**
 * In CI a referent's and a counsellor's pages are walked as the administrator's when the administrator may see them
 * too (the same screen with fewer actions), and the open pages of a user not yet onboarded as a visitor's.
 */
const COVERED_BY: Partial<Record<WalkRole, WalkRole>> = FULL
  ? {}
  : { referent: 'admin', conseiller: 'admin', notOnboarded: 'none' }

type Visit = { route: string; url: string; role: WalkRole }

/** A role may see a page that answers 200, or an error page of its own (a 404 with its heading). */
function maySee(expected: number | { status: number; location?: string; h1?: string }): boolean {
  if (typeof expected === 'number') return expected === 200
  return expected.status === 200 || (!expected.location && !!expected.h1)
}

/** The pages: every page.tsx, and the route handlers that answer a page (the referral form, the diagnosis link). */
function visitsOf(role: WalkRole, ids: Record<string, string>): Visit[] {
  return discoverRoutes()
    .filter((r) => r.methods.includes('GET'))
    .flatMap(({ route }) => {
      const entry = EXPECTED[`GET ${route}`]
      if (!entry?.html || !maySee(entry.expect[role])) return []
      const cover = COVERED_BY[role]
      if (cover && maySee(entry.expect[cover])) return []
      return [{ route, url: entry.sample(ids), role }]
    })
}

async function contextFor(browser: Browser, role: WalkRole): Promise<BrowserContext> {
  const options = { baseURL, locale: 'fr-FR', timezoneId: TIME_ZONE, viewport: WIDTHS[0]! }
  if (role === 'none') return browser.newContext(options)
  if (role === 'notOnboarded') {
    const context = await browser.newContext(options)
    const { email, password } = E2E_ACCOUNTS.notOnboarded
    const response = await context.request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { origin: baseURL },
    })
    if (response.status() !== 200) throw new Error(`sign-in of ${email}: ${response.status()}`)
    return context
  }
  return browser.newContext({ ...options, storageState: storageStateOf(role) })
}

/** Two frames: the resize's layout, and what the page's own resize handlers changed. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )

/** Where a role's walk spent its time (milliseconds), for the report's head. */
type Spent = { load: number; layout: number; axe: number }
const since = (start: number) => Date.now() - start

/** One (route, role): loaded once, then measured at each width, resized in place. Returns its failures. */
async function walk(page: Page, visit: Visit, spent: Spent): Promise<string[]> {
  const failures: string[] = []
  const at = (width: number | null, element: string, reason: string) =>
    failures.push(`${visit.route} [${visit.role}] ${width === null ? '' : `@${width}px `}— ${element} — ${reason}`)
  await page.setViewportSize(WIDTHS[0]!)
  let start = Date.now()
  try {
    await page.goto(visit.url, { waitUntil: 'load' })
    // Hydration renders the rest of long lists and draws charts: the walk measures the page once the browser is idle
    // (a cheaper wait than the network's: no request of its own comes after the load).
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3_000 })))
    await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 })
  } catch (error) {
    at(null, visit.url, `did not load: ${(error as Error).message.split('\n')[0]}`)
    return failures
  }
  spent.load += since(start)
  const landed = new URL(page.url()).pathname
  if (landed !== new URL(visit.url, baseURL).pathname) {
    at(null, visit.url, `landed on ${landed} instead`)
    return failures
  }
  for (const size of WIDTHS) {
    start = Date.now()
    await page.setViewportSize(size)
    await settle(page)
    for (const finding of await page.evaluate(probeLayout)) at(size.width, finding.element, finding.reason)
    spent.layout += since(start)
    if (AXE_WIDTHS.includes(size.width)) {
      start = Date.now()
      // Only the violations' details: axe then skips describing every passing node (most of its time on a long page).
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .options({ resultTypes: ['violations'] })
        .analyze()
      for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        for (const node of v.nodes) at(size.width, node.target.join(' '), `axe ${v.id} (${v.impact}): ${v.help}`)
      }
      spent.axe += since(start)
    }
  }
  return failures
}

/**
 * The run's report: each role's test writes its part in a folder of this run, page by page (a failed test ends its
 * worker, and the next tests run in a new one; a test past its time keeps what it found), and each worker's end
 * gathers the parts present into one list.
 */
const port = process.env.E2E_PORT ?? 3210
const parts = path.join('test-results', `layout-walk-${port}-${path.basename(process.env.E2E_OUTBOX_DIR ?? 'run')}`)
const REPORT = process.env.LAYOUT_WALK_REPORT ?? path.join('test-results', `layout-walk-${port}.txt`)
const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [])

test.afterAll(() => {
  if (!fs.existsSync(parts)) return
  const failures = WALK_ROLES.flatMap((role) => lines(path.join(parts, `${role}.txt`))).sort()
  const timings = WALK_ROLES.flatMap((role) => lines(path.join(parts, `${role}.timing`))).join('\n')
  const head = `Layout walk (${FULL ? 'full' : 'CI'} mode): ${failures.length} failure(s)\n${timings}`
  fs.mkdirSync(path.dirname(REPORT), { recursive: true })
  fs.writeFileSync(REPORT, `${head}\n\n${failures.join('\n')}\n`)
})

for (const role of WALK_ROLES) {
  const who = role === 'none' ? 'without a session' : `of ${role}`
  test(`the pages ${who} fit 1440, 1024, 390 and 320 px`, async ({ browser }) => {
    const visits = visitsOf(role, await sampleIds())
    // Generous: a test past its time loses its timing line. Four axe runs per page in the full mode.
    test.setTimeout(30_000 + visits.length * (FULL ? 90_000 : 40_000))
    fs.mkdirSync(parts, { recursive: true })
    const part = path.join(parts, `${role}.txt`)
    fs.writeFileSync(part, '')
    const started = Date.now()
    const context = await contextFor(browser, role)
    const failures: string[] = []
    const spent: Spent = { load: 0, layout: 0, axe: 0 }
    try {
      const queue = [...visits]
      const worker = async () => {
        const page = await context.newPage()
        for (let visit = queue.shift(); visit; visit = queue.shift()) {
          const found = await walk(page, visit, spent)
          failures.push(...found)
          if (found.length) fs.appendFileSync(part, `${found.join('\n')}\n`)
        }
        await page.close()
      }
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, visits.length) }, worker))
    } finally {
      await context.close()
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    const timing =
      `${role}: ${visits.length} page(s) in ${s(since(started))} ` +
      `(summed over the pages: load ${s(spent.load)}, layout ${s(spent.layout)}, axe ${s(spent.axe)})`
    fs.writeFileSync(path.join(parts, `${role}.timing`), timing)
    if (failures.length) throw new Error(`${failures.length} layout failure(s):\n${failures.sort().join('\n')}`)
  })
}
