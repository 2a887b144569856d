import { expect, test, type Page } from '@playwright/test'
import { storageStateOf } from './fixtures'

// components/ui/link.tsx: links prefetch their route on intent (hover, focus), never because they are on screen.
test.use({ storageState: storageStateOf('referent') })

/** The paths of the route payloads the page asks for in the background (Next.js marks them `next-router-prefetch`). */
function prefetchesOf(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    if (request.headers()['next-router-prefetch']) paths.push(new URL(request.url()).pathname)
  })
  return paths
}

test('a page prefetches nothing until a link is hovered or focused, then that link’s route', async ({ page }) => {
  const prefetched = prefetchesOf(page)
  await page.goto('/v2/candidates/dashboard')
  // The navigation, the legal links and the table's candidate links are all on screen.
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(prefetched).toEqual([])

  const nav = page.getByRole('navigation', { name: 'Navigation principale' })
  await nav.getByRole('link', { name: 'Offres sociales' }).hover()
  await expect.poll(() => prefetched).toContain('/v2/offers/dashboard/social')
  await nav.getByRole('link', { name: 'Statistiques' }).focus()
  await expect.poll(() => prefetched).toContain('/v2/statistics')
  expect(prefetched.every((path) => ['/v2/offers/dashboard/social', '/v2/statistics'].includes(path))).toBe(true)

  // The prefetched route opens without a full page load.
  await nav.getByRole('link', { name: 'Offres sociales' }).click()
  await expect(page).toHaveURL(/\/v2\/offers\/dashboard\/social$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

// The lists' row links are the same link (components/ui/link.tsx, the app's only one): prefetch on intent, client-side
// navigation, and a modified click left to the browser.
test('a list’s row link prefetches on hover and opens its page without a full load; a modified click is the browser’s', async ({
  page,
  context,
}) => {
  const prefetched = prefetchesOf(page)
  await page.goto('/v2/candidates/dashboard')
  const link = page.getByRole('table').locator('tbody tr').first().getByRole('link').first()
  await expect(link).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(prefetched).toEqual([])
  const href = (await link.getAttribute('href'))!
  expect(href).toMatch(/^\/v2\/candidate\/[0-9a-f-]{36}$/)

  await link.hover()
  await expect.poll(() => prefetched).toContain(href)

  // A ctrl-click opens a new tab, as with any link, and leaves this page where it is.
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['Control'] })])
  await expect(tab).toHaveURL(new RegExp(`${href}$`))
  await tab.close()
  await expect(page).toHaveURL(/\/v2\/candidates\/dashboard$/)

  // A plain click navigates in place: what this document holds survives, so the page was not reloaded.
  await page.evaluate(() => ((window as unknown as { passerelleMarker: number }).passerelleMarker = 1))
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { passerelleMarker?: number }).passerelleMarker)).toBe(1)

  // Back returns to the list.
  await page.goBack()
  await expect(page).toHaveURL(/\/v2\/candidates\/dashboard$/)
})
