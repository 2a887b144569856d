import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { discoverRoutes } from './app-routes'
import { E2E_ACCOUNTS } from './e2e-accounts'
import { storageStateOf } from './fixtures'
import { probeLayout } from './layout-probe'
import { EXPECTED, WALK_ROLES, type WalkRole } from './route-walk-expected'
import { sampleIds } from './route-samples'

/**
 * Issue 32 §4, the layout walk: every page of the route table (e2e/route-walk-expected.ts) for every role that may see
 * it, at 1440, 1024, 390 and 320 px: the page does not scroll sideways, the buttons and links of its header and of its
 * tables' action columns are on screen without scrolling sideways, no text is clipped by its box (unless it ends in an
 * ellipsis and has a title), and axe-core finds no serious or critical violation. Every failure of a run is listed,
 * with its route, role, width and element (also written to test-results/layout-walk-<port>.txt, or LAYOUT_WALK_REPORT).
 *
 * Sized for CI: each (route, role) is loaded once and resized in place through the four widths, two pages at a time.
 * CI walks the staff pages as the administrator only, whose pages hold the most actions (a referent's or a
 * counsellor's page is the same screen with fewer buttons), and runs axe at 320 px only, where the layout differs
 * most. LAYOUT_WALK=full walks every role and runs axe at every width.
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
/** In CI, these roles' pages are walked as the administrator's when the administrator may see them too. */
const COVERED_BY_ADMIN: WalkRole[] = FULL ? [] : ['referent', 'conseiller']

type Visit = { route: string; url: string; role: WalkRole }

/** A role may see a page that answers 200, or an error page of its own (a 404 with its heading). */
function maySee(expected: number | { status: number; location?: string; h1?: string }): boolean {
  if (typeof expected === 'number') return expected === 200
  return expected.status === 200 || (!expected.location && !!expected.h1)
}

function visitsOf(role: WalkRole, ids: Record<string, string>): Visit[] {
  return discoverRoutes()
    .filter((r) => r.kind === 'page')
    .flatMap(({ route }) => {
      const entry = EXPECTED[`GET ${route}`]
      if (!entry || !maySee(entry.expect[role])) return []
      if (COVERED_BY_ADMIN.includes(role) && maySee(entry.expect.admin)) return []
      return [{ route, url: entry.sample(ids), role }]
    })
}

async function contextFor(browser: Browser, role: WalkRole): Promise<BrowserContext> {
  const options = { baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: WIDTHS[0]! }
  if (role === 'none') return browser.newContext(options)
  if (role === 'notOnboarded') {
    const context = await browser.newContext(options)
    const { email, password } = E2E_ACCOUNTS.notOnboarded
    const response = await context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL } })
    if (response.status() !== 200) throw new Error(`sign-in of ${email}: ${response.status()}`)
    return context
  }
  return browser.newContext({ ...options, storageState: storageStateOf(role) })
}

const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))

/** One (route, role): loaded once, then measured at each width, resized in place. Returns its failures. */
async function walk(page: Page, visit: Visit): Promise<string[]> {
  const failures: string[] = []
  const at = (width: number | null, element: string, reason: string) =>
    failures.push(`${visit.route} [${visit.role}] ${width === null ? '' : `@${width}px `}— ${element} — ${reason}`)
  await page.setViewportSize(WIDTHS[0]!)
  try {
    await page.goto(visit.url, { waitUntil: 'load' })
    // Hydration renders the rest of long lists and draws charts; the walk measures the page as a person sees it.
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined)
    await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 })
  } catch (error) {
    at(null, visit.url, `did not load: ${(error as Error).message.split('\n')[0]}`)
    return failures
  }
  const landed = new URL(page.url()).pathname
  if (landed !== new URL(visit.url, baseURL).pathname) {
    at(null, visit.url, `landed on ${landed} instead`)
    return failures
  }
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    await settle(page)
    for (const finding of await page.evaluate(probeLayout)) at(size.width, finding.element, finding.reason)
    if (AXE_WIDTHS.includes(size.width)) {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        for (const node of v.nodes) at(size.width, node.target.join(' '), `axe ${v.id} (${v.impact}): ${v.help}`)
      }
    }
  }
  return failures
}

const report: string[] = []
const timings: string[] = []

test.afterAll(() => {
  const file = process.env.LAYOUT_WALK_REPORT ?? path.join('test-results', `layout-walk-${process.env.E2E_PORT ?? 3210}.txt`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const head = `Layout walk (${FULL ? 'full' : 'CI'} mode): ${report.length} failure(s)\n${timings.join('\n')}\n\n`
  fs.writeFileSync(file, head + [...report].sort().join('\n') + '\n')
})

for (const role of WALK_ROLES) {
  test(`the pages ${role === 'none' ? 'without a session' : `of ${role}`} fit 1440, 1024, 390 and 320 px`, async ({ browser }) => {
    const visits = visitsOf(role, await sampleIds())
    test.setTimeout(30_000 + visits.length * 20_000)
    const started = Date.now()
    const context = await contextFor(browser, role)
    const failures: string[] = []
    try {
      const queue = [...visits]
      const worker = async () => {
        const page = await context.newPage()
        for (let visit = queue.shift(); visit; visit = queue.shift()) failures.push(...(await walk(page, visit)))
        await page.close()
      }
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, visits.length) }, worker))
    } finally {
      await context.close()
    }
    timings.push(`${role}: ${visits.length} page(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    report.push(...failures)
    if (failures.length) throw new Error(`${failures.length} layout failure(s):\n${failures.sort().join('\n')}`)
  })
}
