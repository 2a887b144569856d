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
