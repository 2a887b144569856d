import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, storageStateOf } from './fixtures'

// Settings › Freins: an administrator reads each challenge's tags by their names (the data·inclusion
// thématique, never its identifier), a free tag said to be one; nothing is cut; each card holds its buttons. Nothing is
// saved here: the demo's challenges stay the product's defaults (drizzle/0023).
test.use({ storageState: storageStateOf('admin') })

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) })

for (const width of [1440, 1024, 390]) {
  test(`at ${width} px the tags read as names, wrap whole, and every card holds its buttons`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/v2/settings/challenges')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Freins')

    const housing = page.getByRole('list', { name: 'Étiquettes du frein 2', exact: true })
    await expect(housing.getByRole('listitem')).toHaveText(['Logement et hébergement', 'logement — étiquette libre'])
    await expect(housing).not.toContainText('logement-hebergement')
    await expect(
      housing.getByRole('button', {
        name: 'Retirer l’étiquette Logement et hébergement du frein Logement et hébergement',
      }),
    ).toBeVisible()

    // The longest name is shown whole, inside its card, on as many lines as it needs.
    const longest = card(page, 'Remobilisation').getByRole('listitem').filter({
      hasText: 'Accompagnement social et professionnel personnalisé',
    })
    await longest.scrollIntoViewIfNeeded()
    const clipped = await longest.evaluate((li) =>
      [li, ...li.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1),
    )
    expect(clipped).toBe(false)
    const remobilisation = (await card(page, 'Remobilisation').boundingBox())!
    const chip = (await longest.boundingBox())!
    expect(chip.x + chip.width).toBeLessThanOrEqual(remobilisation.x + remobilisation.width)

    // Each card's "Retirer" (and its other buttons) within the card.
    for (const heading of await page.getByRole('heading', { level: 2 }).allTextContents()) {
      const box = (await card(page, heading).boundingBox())!
      const remove = (await card(page, heading)
        .getByRole('button', { name: `Retirer ${heading}`, exact: true })
        .boundingBox())!
      expect(remove.x, heading).toBeGreaterThanOrEqual(box.x)
      expect(remove.x + remove.width, heading).toBeLessThanOrEqual(box.x + box.width)
      expect(remove.y + remove.height, heading).toBeLessThanOrEqual(box.y + box.height)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    if (width !== 1024) await expectNoSeriousA11yViolations(page)
  })
}

test('a thématique is added by its name and removed by its name; a new word becomes a free tag', async ({ page }) => {
  await page.goto('/v2/settings/challenges')
  const mobility = page.getByRole('list', { name: 'Étiquettes du frein 1', exact: true })
  await expect(mobility.getByRole('listitem')).toHaveText(['Mobilité', 'permis — étiquette libre'])
  const add = page.getByRole('combobox', { name: 'Ajouter une étiquette au frein Mobilité', exact: true })
  // Typed without its accent, a thématique's name is still found.
  await add.fill('numerique')
  await add.press('Enter')
  await add.fill('Vélo solidaire')
  await page.getByRole('button', { name: 'Ajouter l’étiquette au frein Mobilité' }).click()
  await expect(mobility.getByRole('listitem')).toHaveText([
    'Mobilité',
    'permis — étiquette libre',
    'Numérique',
    'velo-solidaire — étiquette libre',
  ])
  await mobility.getByRole('button', { name: 'Retirer l’étiquette Numérique du frein Mobilité' }).click()
  await expect(mobility.getByRole('listitem')).toHaveText([
    'Mobilité',
    'permis — étiquette libre',
    'velo-solidaire — étiquette libre',
  ])
  await add.fill('Numérique')
  await add.press('Enter')
  await expect(mobility.getByRole('listitem').last()).toHaveText('Numérique')
  // Twice the same: said, not added.
  await add.fill('numérique')
  await add.press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: '« Numérique » est déjà une étiquette de ce frein.' }),
  ).toBeVisible()
  await expect(mobility.getByRole('listitem')).toHaveCount(4)
  await mobility.getByRole('button', { name: 'Retirer l’étiquette Mobilité du frein Mobilité' }).click()
  await expect(mobility.getByRole('listitem').first()).toHaveText('permis — étiquette libre')
  await expectNoSeriousA11yViolations(page)
})
