import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, screenshots, storageStateOf } from './fixtures'

// Issue 42 §2, one filter model everywhere: every list's filters apply as they change, live in the URL (shareable,
// back-button safe) and have « Réinitialiser » beside them — no « Filtrer » nor « Appliquer » to press.

/** Each list page and its filter bar (a search landmark). */
const LISTS: [string, string][] = [
  ['/v2/candidates/dashboard', 'Filtrer les candidats'],
  ['/v2/candidates/fup', 'Filtrer les prescriptions'],
  ['/v2/actions/dashboard', 'Filtrer les prescriptions sans réponse'],
  ['/v2/offers/dashboard/social', 'Filtrer les offres'],
  ['/v2/offers/dashboard/job', 'Filtrer les offres d’emploi'],
  ['/v2/enterprises/dashboard', 'Filtrer les entreprises'],
  ['/partners/structure/default', 'Filtrer les structures'],
  ['/support-courses/dashboard', 'Filtrer les parcours'],
  ['/workshops/dashboard', 'Filtrer les ateliers'],
  ['/v2/statistics', 'Filtrer les statistiques'],
]

const bar = (page: Page, name: string) => page.getByRole('search', { name })

test.describe('the administrator', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('every list’s filter bar: « Réinitialiser » beside it, no button to apply it', async ({ page }) => {
    test.setTimeout(90_000)
    for (const [path, name] of LISTS) {
      await page.goto(path)
      const filters = bar(page, name)
      await expect(filters, path).toBeVisible()
      await expect(filters.getByRole('button', { name: 'Réinitialiser' }), path).toBeVisible()
      await expect(filters.getByRole('button', { name: /^(Filtrer|Appliquer)$/ }), path).toHaveCount(0)
    }
  })

  test('the statistics apply as they change, in the URL; the back button and « Réinitialiser » come back', async ({
    page,
  }) => {
    await page.goto('/v2/statistics')
    const filters = bar(page, 'Filtrer les statistiques')
    const period = filters.getByLabel('Période', { exact: true })
    await expect(period).toHaveValue('12m')

    await period.selectOption({ label: '3 derniers mois' })
    await expect(page).toHaveURL(/\/v2\/statistics\?period=3m$/)
    await expect(period).toHaveValue('3m')

    // A month typed makes the period custom.
    await filters.getByLabel('Du mois (période personnalisée)').fill('2026-05')
    await expect(page).toHaveURL(/period=custom&from=2026-05&to=\d{4}-\d{2}/)
    await expect(period).toHaveValue('custom')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistiques')

    // A structure searched as one types and chosen with the keyboard: its offers can be chosen at once.
    const structure = filters.getByRole('combobox', { name: 'Structure partenaire', exact: true })
    await structure.fill('habitat')
    const choices = filters.getByRole('listbox', { name: 'Choix pour « Structure partenaire »' })
    await expect(choices.getByRole('option', { name: 'Habitat Relais' })).toBeVisible()
    await expect(choices.getByRole('option', { name: 'Mobilité Solidaire' })).toHaveCount(0)
    await structure.press('Enter')
    await expect(page).toHaveURL(/structure=20000000-0000-4000-8000-000000000002/)
    await expect(structure).toHaveValue('Habitat Relais')
    await expect(choices).toBeHidden()
    await expect(filters.getByLabel('Offre', { exact: true })).toBeVisible()

    // Back: the structure goes, the custom period stays.
    await page.goBack()
    await expect(page).not.toHaveURL(/structure=/)
    await expect(structure).toHaveValue('')
    await expect(period).toHaveValue('custom')

    await filters.getByRole('button', { name: 'Réinitialiser' }).click()
    await expect(page).toHaveURL(/\/v2\/statistics$/)
    await expect(period).toHaveValue('12m')
    await expect(structure).toHaveValue('')
    await expectNoSeriousA11yViolations(page)
  })

  test('a user’s consultations filter as they change, « Réinitialiser » beside them', async ({ page }) => {
    await page.goto('/v2/settings/user/demo-referent/consultations')
    const filters = bar(page, 'Filtrer les consultations')
    await filters.getByLabel('Type de consultation').selectOption({ label: 'Fiche – identité' })
    await expect(page).toHaveURL(/kind=candidate\.identity/)
    await filters.getByLabel('Du').fill('2099-01-01')
    await expect(page).toHaveURL(/from=2099-01-01/)
    await expect(page.getByText('Aucune consultation ne correspond à ces filtres.')).toBeVisible()
    await filters.getByRole('button', { name: 'Réinitialiser' }).click()
    await expect(page).toHaveURL(/\/consultations$/)
    await expect(filters.getByLabel('Type de consultation')).toHaveValue('')
    await expect(filters.getByLabel('Du')).toHaveValue('')
  })
})

test.describe('the referent at 390 px', () => {
  test.use({ storageState: storageStateOf('referent'), viewport: { width: 390, height: 844 } })

  test('the actions dashboard’s waiting filter applies as it changes, kept at its section', async ({ page }) => {
    await page.goto('/v2/actions/dashboard')
    const filters = bar(page, 'Filtrer les prescriptions sans réponse')
    const show = filters.getByLabel('Afficher les prescriptions')
    await expect(show).toHaveValue('10')
    await show.selectOption({ label: 'Sans réponse depuis plus de 30 jours' })
    await expect(page).toHaveURL(/\?waiting=30#unanswered$/)
    await expect(page.getByRole('heading', { name: /^Prescriptions sans réponse depuis plus de 30/ })).toBeVisible()
    await show.selectOption({ label: 'Expirées sans réponse' })
    await expect(page).toHaveURL(/\?waiting=expired#unanswered$/)
    await expect(page.getByRole('heading', { name: /^Prescriptions expirées sans réponse/ })).toBeVisible()
    await page.goBack()
    await expect(show).toHaveValue('30')
    await filters.getByRole('button', { name: 'Réinitialiser' }).click()
    await expect(page).toHaveURL(/\/v2\/actions\/dashboard#unanswered$/)
    await expect(show).toHaveValue('10')
    await expectNoSeriousA11yViolations(page)
  })

  test('the statistics’ filters at 390 px: one change, one URL, no button to press', async ({ page }) => {
    await page.goto('/v2/statistics')
    const filters = bar(page, 'Filtrer les statistiques')
    await filters.getByLabel('Période', { exact: true }).selectOption({ label: '6 derniers mois' })
    await expect(page).toHaveURL(/period=6m/)
    const reset = filters.getByRole('button', { name: 'Réinitialiser' })
    await expect(reset)
      .toBeInViewport({ ratio: 0 })
      .catch(() => undefined)
    await reset.scrollIntoViewIfNeeded()
    const box = (await reset.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await screenshots(page, 'statistics-filters', [390])
  })
})
