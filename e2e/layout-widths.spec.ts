import { expect, test, type Page } from '@playwright/test'
import { storageStateOf, type DemoRole, shot } from './fixtures'

// The shared table reflows as cards below 768 px, so that no page scrolls sideways on a phone. These are
// the pages seen cut at 390 px (home, actions dashboard, structures, permission matrix); each is also photographed at
// 1440 and 390 px for a person to look at.

const PAGES: { role: DemoRole; path: string; name: string }[] = [
  { role: 'referent', path: '/homePage', name: 'home' },
  { role: 'referent', path: '/v2/actions/dashboard', name: 'actions' },
  { role: 'referent', path: '/partners/structure/default', name: 'structures' },
  { role: 'referent', path: '/v2/candidates/fup', name: 'fup-filters' },
  { role: 'admin', path: '/v2/settings/permissions', name: 'permissions' },
  { role: 'admin', path: '/v2/settings/challenges', name: 'freins' },
  { role: 'admin', path: '/v2/settings', name: 'settings-hub' },
]

/** The elements wider than the window, named for the failure message. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`)
    return { scrollWidth: document.documentElement.scrollWidth, width, wide }
  })
}

for (const { role, path, name } of PAGES) {
  test.describe(`${path} (${role})`, () => {
    test.use({ storageState: storageStateOf(role) })
    test('fits 390 and 320 px without sideways scrolling; screenshots at 1440 and 390 px', async ({ page }) => {
      for (const width of [1440, 390, 320]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const { scrollWidth, wide } = await overflowOf(page)
        expect(scrollWidth, `${path} at ${width} px: ${wide.join(', ')}`).toBeLessThanOrEqual(width)
        if (width === 320) continue
        await shot(page, { path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
        // The first screen as a phone shows it, readable at its size.
        if (width === 390) await shot(page, { path: test.info().outputPath(`${name}-390-top.png`) })
      }
    })
  })
}

test.describe('permission matrix on a phone', () => {
  test.use({ storageState: storageStateOf('admin') })
  test('each checkbox is on screen and named by its role', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/v2/settings/permissions')
    const boxes = page.getByRole('checkbox')
    const count = await boxes.count()
    expect(count).toBeGreaterThan(30)
    for (const i of [0, 1, 2, count - 1]) {
      const box = boxes.nth(i)
      await box.scrollIntoViewIfNeeded()
      const at = await box.boundingBox()
      expect(at!.x).toBeGreaterThanOrEqual(0)
      expect(at!.x + at!.width).toBeLessThanOrEqual(390)
    }
    // The card says which role each checkbox is for (its cell's ::before), as the header row does on a wide screen.
    const shown = await page
      .getByRole('row')
      .nth(1)
      .evaluate((row) => [...row.querySelectorAll('td')].map((td) => getComputedStyle(td, '::before').content))
    expect(shown).toEqual(expect.arrayContaining(['"Administrateur"', '"Référent RSA"', '"Conseiller"']))
  })
})
