import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, storageStateOf, shot } from './fixtures'

// On a phone, a menu button opens the navigation as a dialog (focus kept inside, Escape closes it, the
// current page marked); on a desktop, the sidebar as before. One active item at a time, everywhere.

const NAV = 'Navigation principale'

/** The links of the navigation marked as the current page. */
const currentLinks = (page: Page) => page.getByRole('navigation', { name: NAV }).locator('a[aria-current="page"]')

test.describe('referent', () => {
  test.use({ storageState: storageStateOf('referent') })

  test('at 390 px: a Menu button, the navigation in a dialog that keeps the focus and closes on Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/v2/candidates/dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Candidats')
    // No list of links above the page any more: the navigation is closed, the heading near the top.
    await expect(page.getByRole('navigation', { name: NAV })).toBeHidden()
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
    expect(heading!.y).toBeLessThan(200)

    const menu = page.getByRole('button', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect(dialog).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    const nav = dialog.getByRole('navigation', { name: NAV })
    await expect(nav.getByRole('link', { name: 'Candidats', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(currentLinks(page)).toHaveCount(1)
    await expectNoSeriousA11yViolations(page)
    await shot(page, { path: test.info().outputPath('menu-390.png') })

    // The focus goes round the dialog's controls (its close button and its links), never out of it.
    const links = await nav.getByRole('link').count()
    for (let i = 0; i < links + 3; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(menu).toBeFocused()

    // A link chosen in the menu opens its page and closes the menu; the new page is the one marked.
    await menu.click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Offres sociales' }).click()
    await expect(page).toHaveURL(/\/v2\/offers\/dashboard\/social$/)
    await expect(page.getByRole('dialog')).toBeHidden()
    await menu.click()
    await expect(currentLinks(page)).toHaveCount(1)
    await expect(currentLinks(page)).toHaveText('Offres sociales')
  })

  test('at 1440 px: the sidebar, no menu button; on /v2/settings/exports one item is active', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/v2/settings/exports')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exports')
    await expect(page.getByRole('navigation', { name: NAV })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    await expect(currentLinks(page)).toHaveCount(1)
    await expect(currentLinks(page)).toHaveText('Exports')
  })
})

test.describe('administrator', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('one navigation for every role: "Exports" is the administrator’s menu item too, as the referent’s', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/v2/candidates/dashboard')
    const item = page.getByRole('navigation', { name: NAV }).getByRole('link', { name: 'Exports', exact: true })
    await expect(item).toHaveAttribute('href', '/v2/settings/exports')
    await item.click()
    await expect(page).toHaveURL(/\/v2\/settings\/exports$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exports')
    await expect(currentLinks(page)).toHaveCount(1)
    await expect(currentLinks(page)).toHaveText('Exports')

    // The settings hub does not list it a second time.
    await page.goto('/v2/settings')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paramètres')
    await expect(page.getByRole('main').getByRole('link', { name: 'Exports', exact: true })).toHaveCount(0)
    await expect(currentLinks(page)).toHaveText('Paramètres')

    // At 390 px, the same item in the menu.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Exports', exact: true }),
    ).toHaveAttribute('href', '/v2/settings/exports')
  })
})

test.describe('partner', () => {
  test.use({ storageState: storageStateOf('partenaire') })

  test('the menu item of the partner’s own structure is named as its page: "Ma structure"', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/partners/structure/dashboard')
    await expect(page).toHaveTitle(/Ma structure/)
    const item = page.getByRole('navigation', { name: NAV }).getByRole('link', { name: 'Ma structure' })
    await expect(item).toHaveAttribute('href', '/partners/structure/dashboard')
    await expect(item).toHaveAttribute('aria-current', 'page')
    await expect(
      page.getByRole('navigation', { name: NAV }).getByRole('link', { name: 'Structures partenaires' }),
    ).toHaveCount(0)
  })
})
