import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, storageStateOf } from './fixtures'

// Issue 15 §3: /homePage is the user's day — what is unread, what came since the last visit, what is late.
test.use({ storageState: storageStateOf('referent') })

test('the referent’s day: unread answers, answers since the last visit, late prescriptions', async ({ page }) => {
  await page.goto('/homePage')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Romain')
  await expect(page.getByRole('heading', { name: /^À lire/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /réponses? de partenaires? non lues?/ })).toHaveAttribute('href', '/v2/actions/dashboard')
  await expect(page.getByRole('heading', { name: /Réponses reçues depuis votre dernière visite/ })).toBeVisible()
  // The seed's prescriptions of the referent older than the reminder delay are late.
  const late = page.getByRole('table', { name: 'Prescriptions en retard' })
  await expect(late.getByRole('row').nth(1)).toContainText('En attente de réponse')
  await expectNoSeriousA11yViolations(page)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`home-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
  // The visit is remembered: the next one says when it was.
  await page.reload()
  await expect(page.getByRole('heading', { name: /Réponses reçues depuis votre dernière visite \(le \d{2}\/\d{2}\/\d{4}/ })).toBeVisible()
})
