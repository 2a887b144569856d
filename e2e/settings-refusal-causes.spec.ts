import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, shot } from './fixtures'

// An administrator renames a refusal cause; the partner's past refusal shows the new label.
test.use({ storageState: storageStateOf('admin') })
test.describe.configure({ mode: 'serial', retries: 0 })

const OFFER = '/offer/social/30000000-0000-4000-8000-000000000001'
const field = (page: Page) => page.getByLabel('Motif\u00a0: Hors territoire', { exact: true })

test('an administrator renames a refusal cause, and a past refusal shows the new label to the partner', async ({
  page,
  browser,
}) => {
  try {
    await page.goto('/v2/settings/refusal-causes')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Motifs de refus')
    await expect(field(page)).toHaveValue('Hors territoire')
    await expectNoSeriousA11yViolations(page)
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await shot(page, { path: test.info().outputPath(`refusal-causes-${width}.png`), fullPage: true })
    }
    await page.setViewportSize({ width: 1280, height: 720 })

    // Two causes with one label: refused, nothing saved.
    await field(page).fill('Refus du bénéficiaire')
    await page.getByRole('button', { name: 'Enregistrer les motifs' }).click()
    await expect(page.getByText('Deux motifs portent le même libellé.', { exact: true })).toHaveCount(2)
    await expect(field(page)).toHaveAttribute('aria-invalid', 'true')

    await field(page).fill('Hors du département')
    await page.getByRole('button', { name: 'Enregistrer les motifs' }).click()
    await expect(page.getByText('Motifs de refus enregistrés.').first()).toBeVisible()
    await page.reload()
    await expect(field(page)).toHaveValue('Hors du département')
    await expect(page.getByText('Libellé d’origine\u00a0: Hors territoire')).toBeVisible()

    const partnerContext = await browser.newContext({ storageState: storageStateOf('partenaire') })
    const partner = await partnerContext.newPage()
    await partner.goto(`${OFFER}?tab=REFUSED_STRUCTURE`)
    await expect(partner.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Hors du département' })).toHaveCount(
      1,
    )
    await expect(partner.getByRole('tabpanel').getByText('Hors territoire', { exact: true })).toHaveCount(0)
    await partnerContext.close()
  } finally {
    await onE2eDatabase(`delete from organisation_refusal_causes where code = 'outsideTerritory'`)
  }
})
