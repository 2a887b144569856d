import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf } from './fixtures'

/**
 * Issue 42 §2 and §4: lists that never lie (the latest search wins, a failed one says so with "Réessayer", below two
 * characters the full list, the FUP list's filters instant and in the URL) and phones and hands (toasts clear of the
 * header, 44 px targets, the sheet's current tab in view). Reads the demo seed only: nothing to put back.
 */
const DASHBOARD = '/v2/candidates/dashboard'
const SEARCH = '**/api/candidates/search'
const OFFER = '/offer/social/30000000-0000-4000-8000-000000000001'
const ORG = '10000000-0000-4000-8000-000000000001'

const table = (page: Page) => page.getByRole('table', { name: /Candidats de l’organisation/ })
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher un candidat' })
const foundLabel = (n: number) => (n > 1 ? `${n} candidats trouvés` : `${n} candidat trouvé`)
const searchOf = (body: unknown) => (body as { search?: string } | null)?.search

async function organisationCount(): Promise<number> {
  const [row] = await onE2eDatabase<{ n: number }>(
    'select count(*)::int as n from candidates where organisation_id = $1',
    [ORG],
  )
  return row!.n
}

/** The search answered: as many rows as "N candidat(s) trouvé(s)" says, the table not busy, and this one among them. */
async function expectFound(page: Page, name: string) {
  await expect
    .poll(async () => {
      if ((await table(page).getAttribute('aria-busy')) === 'true') return 'busy'
      const n = await bodyRows(page).count()
      const said = (await page.getByRole('status').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())
      return said.includes(foundLabel(n)) ? 'agree' : `${n} rows under ${said.join(' | ')}`
    })
    .toBe('agree')
  await expect(table(page).getByRole('link', { name })).toBeVisible()
}

test.describe('as a referent', () => {
  test.use({ storageState: storageStateOf('referent') })

  test('the latest search wins: a slow answer to an earlier one, arriving after it, is dropped', async ({ page }) => {
    let slowSent = false
    let slowAnswered = false
    await page.route(SEARCH, async (route) => {
      if (searchOf(route.request().postDataJSON()) !== 'Durand') return route.continue()
      slowSent = true
      // The first search's answer is read at once but handed back 3 s later, after the second one's.
      const response = await route.fetch()
      await new Promise((resolve) => setTimeout(resolve, 3000))
      await route.fulfill({ response }).catch(() => {})
      slowAnswered = true
    })
    await page.goto(DASHBOARD)
    await searchBox(page).fill('Durand')
    await expect.poll(() => slowSent, { timeout: 5000 }).toBe(true)
    // While the list is read, the old rows are greyed and the table says it is busy.
    await expect(table(page)).toHaveAttribute('aria-busy', 'true')
    await searchBox(page).fill('Roux')
    await expectFound(page, 'Roux Thomas')
    await expect.poll(() => slowAnswered, { timeout: 10_000 }).toBe(true)
    await page.waitForTimeout(500)
    // Still the second query's rows and count, never the late first one's.
    await expectFound(page, 'Roux Thomas')
    await expect(table(page).getByRole('link', { name: 'Durand Élodie' })).toHaveCount(0)
  })

  test('a failed search says so in the table, never shows the previous results, and "Réessayer" works', async ({
    page,
  }) => {
    await page.goto(DASHBOARD)
    await searchBox(page).fill('Durand')
    await expectFound(page, 'Durand Élodie')
    let failing = true
    await page.route(SEARCH, (route) => (failing ? route.abort('connectionfailed') : route.continue()))
    await searchBox(page).fill('Roux')
    const failure = table(page).getByRole('alert')
    await expect(failure).toContainText('La recherche a échoué')
    await expect(table(page).getByRole('link', { name: 'Durand Élodie' })).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: 'candidat trouvé' })).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: 'La recherche a échoué.' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'lists-search-failed')
    failing = false
    await failure.getByRole('button', { name: 'Réessayer' }).click()
    await expectFound(page, 'Roux Thomas')
    await expect(table(page).getByRole('alert')).toHaveCount(0)
  })

  test('below two characters, the full list comes back', async ({ page }) => {
    const total = await organisationCount()
    await page.goto(DASHBOARD)
    await searchBox(page).fill('zzzzqq')
    await expect(table(page)).toContainText('Aucun candidat ne correspond à ces critères.')
    await searchBox(page).fill('z')
    await expect(page.getByRole('status').filter({ hasText: `${total} candidats` })).toBeVisible()
    await expect(bodyRows(page)).toHaveCount(total)
    await expect(table(page)).not.toContainText('Aucun candidat ne correspond')
  })

  test('the FUP list filters as they change, kept in the URL, "Réinitialiser" beside them', async ({ page }) => {
    await page.goto('/v2/candidates/fup')
    const filters = page.getByRole('search', { name: 'Filtrer les prescriptions' })
    await expect(filters.getByRole('button', { name: 'Filtrer' })).toHaveCount(0)
    await filters.getByLabel('Prescriptions').selectOption({ label: 'Toute l’organisation' })
    await expect(page).toHaveURL(/scope=all/)
    // The offer is searched by a part of its name (never a select of every offer) and chosen with the keyboard.
    const offer = filters.getByRole('combobox', { name: 'Offre', exact: true })
    const offers = filters.getByRole('listbox', { name: 'Choix pour « Offre »' })
    await offer.fill('PERMIS')
    await expect(offers.getByRole('option', { name: 'Permis de conduire solidaire' })).toBeVisible()
    await offer.press('Enter')
    await expect(page).toHaveURL(/offer=30000000-0000-4000-8000-000000000001/)
    await expect(offer).toHaveValue('Permis de conduire solidaire')
    const rows = page.getByRole('table').locator('tbody tr')
    await expect(rows.first()).toContainText('Permis de conduire solidaire')
    await expect(rows.filter({ hasNotText: 'Permis de conduire solidaire' })).toHaveCount(0)
    await filters.getByLabel('État').selectOption({ label: 'Refusé' })
    await expect(page).toHaveURL(/state=REFUSED_STRUCTURE/)
    await expect(filters.getByLabel('État')).toHaveValue('REFUSED_STRUCTURE')
    await expect(
      page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: /En attente|Intégré/ }),
    ).toHaveCount(0)
    await filters.getByLabel('Prescrite à partir du').fill('2099-01-01')
    await expect(page).toHaveURL(/from=2099-01-01/)
    await expect(page.getByText('Aucune prescription ne correspond à ces filtres.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'lists-fup-filtered')
    // Back-button safe: the previous filters, in the URL and in the controls.
    await page.goBack()
    await expect(page).not.toHaveURL(/from=/)
    await expect(filters.getByLabel('État')).toHaveValue('REFUSED_STRUCTURE')
    await filters.getByRole('button', { name: 'Réinitialiser' }).click()
    await expect(page).toHaveURL(/\/v2\/candidates\/fup$/)
    await expect(filters.getByLabel('État')).toHaveValue('')
    await expect(offer).toHaveValue('')
  })

  test('on a phone, a toast leaves the header alone, and a row checkbox is a finger’s target', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(DASHBOARD)
    const checkbox = page.getByRole('checkbox', { name: 'Sélectionner Durand Élodie' })
    const target = checkbox.locator('xpath=ancestor::label[1]')
    await target.scrollIntoViewIfNeeded()
    const box = (await target.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
    // The label is the target: a tap beside the box ticks it (again if the first came before the page was live).
    await expect(async () => {
      await page.mouse.click(box.x + box.width / 2, box.y + 3)
      await expect(checkbox).toBeChecked({ timeout: 1000 })
    }).toPass()
    await page.getByRole('button', { name: 'Exporter la sélection' }).click()
    const toast = page.getByRole('status').filter({ hasText: 'Export de 1 candidat téléchargé.' })
    await expect(toast).toBeVisible()
    const header = (await page.getByRole('banner').boundingBox())!
    const toastBox = (await toast.boundingBox())!
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height)
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844)
    await page.screenshot({ path: test.info().outputPath('lists-toast-390.png') })
    // On a wide screen, still at the top centre.
    await page.setViewportSize({ width: 1440, height: 900 })
    expect((await toast.boundingBox())!.y).toBeLessThan(100)
  })

  test('on a phone, the sheet’s current section tab is in view', async ({ page }) => {
    const [candidate] = await onE2eDatabase<{ id: string }>(
      `select id from candidates where organisation_id = $1 and last_name = 'Durand' and first_name = 'Élodie'`,
      [ORG],
    )
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/v2/candidate/${candidate!.id}/sms`)
    const tabs = page.getByRole('navigation', { name: 'Sections de la fiche' })
    const current = tabs.getByRole('link', { name: 'SMS', exact: true })
    await expect(current).toHaveAttribute('aria-current', 'page')
    await expect(current).toBeInViewport({ ratio: 1 })
    await page.screenshot({ path: test.info().outputPath('lists-sheet-tabs-390.png') })
  })
})

test.describe('as a partner', () => {
  test.use({ storageState: storageStateOf('partenaire') })

  test('on a phone, "Compléter" is a finger’s target', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(OFFER)
    const complete = page.getByRole('button', { name: /^Compléter la prescription d(e |’)/ }).first()
    await expect(complete).toBeVisible()
    const box = (await complete.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: test.info().outputPath('lists-offer-390.png'), fullPage: true })
  })
})
