import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf } from './fixtures'

// These specs change a seeded candidate (its NIR, its phone): a retry would find them changed.
test.describe.configure({ mode: 'serial', retries: 0 })

// Karim Benali (M, 03/11/1979) gets a NIR for these specs; its key worked out by hand: 97 − (1791176451089 mod 97) = 81.
const NIR = '179117645108981'
let karim = ''
let lyonCandidate = ''

test.beforeAll(async () => {
  const [row] = await onE2eDatabase<{ id: string }>(`update candidates set social_security_number = $1 where first_name = 'Karim' and last_name = 'Benali' returning id`, [NIR])
  karim = row!.id
  lyonCandidate = (await onE2eDatabase<{ id: string }>(`select id from candidates where last_name = 'Rousseau'`))[0]!.id
})

const dd = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

async function screenshots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test.describe('as the referent', () => {
  test.use({ storageState: storageStateOf('referent') })

  test('the sheet’s sections, the NIR on demand, an edit that keeps then clears the NIR, and the history', async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto(`/v2/candidate/${karim}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Karim Benali')
    await expect(page.getByRole('link', { name: 'Identité', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(dd(page, 'Date de naissance')).toHaveText('03/11/1979')
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 •• ••• ••• ••')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-identite')

    await page.getByRole('button', { name: 'Afficher le NIR' }).click()
    await expect(page.getByTestId('nir-value')).toHaveText('1 79 11 76 451 089 81')
    await page.getByRole('button', { name: 'Masquer le NIR' }).click()
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 ••')

    // Edit, keyboard first: the form is prefilled, the NIR is not.
    await page.getByRole('link', { name: /^Modifier/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/v2/candidate/${karim}/identite?edit=1`)
    await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue('Karim')
    const nirInput = page.getByLabel('Numéro de sécurité sociale (NIR)', { exact: true })
    await expect(nirInput).toHaveValue('')
    await expect(nirInput).toHaveAccessibleDescription('Laisser vide pour conserver le numéro enregistré')
    expect(await page.content()).not.toContain('645108981')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-edit')

    await page.getByLabel('Téléphone', { exact: true }).fill('07 00')
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click()
    await expect(page.getByText("Le téléphone n'est pas complet")).toBeVisible()
    await expect(page.getByLabel('Téléphone', { exact: true })).toBeFocused()
    await page.getByLabel('Téléphone', { exact: true }).fill('07 11 22 33 44')
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click()
    await expect(page.getByText('Fiche du candidat mise à jour.')).toBeVisible()
    await expect(page).toHaveURL(`/v2/candidate/${karim}/identite`)
    await expect(dd(page, 'Téléphone')).toHaveText('07 11 22 33 44')
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 ••')
    expect((await onE2eDatabase<{ nir: string }>(`select social_security_number as nir from candidates where id = $1`, [karim]))[0]!.nir).toBe(NIR)

    // Clearing the NIR is an explicit choice.
    await page.getByRole('link', { name: /^Modifier/ }).click()
    await page.getByLabel('Effacer le NIR').check()
    await expect(nirInput).toBeDisabled()
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click()
    await expect(page).toHaveURL(`/v2/candidate/${karim}/identite`)
    await expect(dd(page, 'Numéro de sécurité sociale \\(NIR\\)')).toHaveText('-')
    expect((await onE2eDatabase<{ nir: string | null }>(`select social_security_number as nir from candidates where id = $1`, [karim]))[0]!.nir).toBeNull()

    await page.getByRole('link', { name: 'Situation', exact: true }).click()
    await expect(page).toHaveURL(`/v2/candidate/${karim}/situation`)
    await expect(dd(page, 'Niveau de français')).toHaveText('B1 - Intermédiaire')
    await expect(dd(page, 'Permis B')).toHaveText('Non')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-situation')

    await page.getByRole('link', { name: 'Historique', exact: true }).click()
    const rows = page.getByRole('table').getByRole('row')
    await expect(rows).toHaveCount(4)
    await expect(rows.nth(1)).toContainText('Modification de la fiche')
    await expect(rows.nth(1)).toContainText('Champs modifiés : Numéro de sécurité sociale (NIR)')
    await expect(rows.nth(2)).toContainText('Champs modifiés : Téléphone')
    await expect(rows.nth(3)).toContainText('Consultation du numéro de sécurité sociale')
    for (const i of [1, 2, 3]) await expect(rows.nth(i)).toContainText('Romain Leroy')
    await expect(page.getByRole('table')).not.toContainText('07 11')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-historique')
  })

  test('an unknown section, an id that is not a uuid and another organisation’s candidate are not found', async ({ page }) => {
    for (const path of [`/v2/candidate/${karim}/inconnue`, '/v2/candidate/pas-un-identifiant', `/v2/candidate/${lyonCandidate}`, `/v2/candidate/${lyonCandidate}/historique`, `/v2/candidate/${lyonCandidate}/identite?edit=1`]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable')
    }
  })
})

test.describe('as a counsellor (no candidate.nir.visualize)', () => {
  test.use({ storageState: storageStateOf('conseiller') })

  test('sees the NIR masked, without the button', async ({ page }) => {
    const [row] = await onE2eDatabase<{ id: string }>(`update candidates set social_security_number = $1 where first_name = 'Karim' and last_name = 'Benali' returning id`, [NIR])
    await page.goto(`/v2/candidate/${row!.id}/identite`)
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 •• ••• ••• ••')
    await expect(page.getByRole('button', { name: 'Afficher le NIR' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Modifier/ })).toBeVisible()
  })
})
