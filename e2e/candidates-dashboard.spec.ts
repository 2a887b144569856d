import fs from 'node:fs'
import { expect, test, type Page, type Request } from '@playwright/test'
import { encryptNir, nirBlindIndex } from '../lib/crypto/nir-cipher'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// The demo seed (lib/db/seed.ts): 12 candidates in Seine-Maritime, Léa Rousseau in Lyon.
const DASHBOARD = '/v2/candidates/dashboard'
const ORG = '10000000-0000-4000-8000-000000000001'
const EXTRA = 'Zeta-e2e'
const NIR = '288047512345621'

// These specs change the demo data (extra rows, statuses) and put it back: a retry would start from a changed state.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

const table = (page: Page) => page.getByRole('table')
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const column = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true })

/** What the organisation holds now (other specs may have created candidates): counted straight in the database. */
async function countOf(where = 'true', values: unknown[] = []): Promise<number> {
  const [row] = await onE2eDatabase<{ n: number }>(
    `SELECT count(*)::int AS n FROM candidates c LEFT JOIN places p ON p.id = c.place_id WHERE c.organisation_id = $1 AND ${where}`,
    [ORG, ...values],
  )
  return row!.n
}
/** The first candidate ('Last First') in place-label order, as a spreadsheet would sort it. */
async function firstByPlace(direction: 'asc' | 'desc'): Promise<string> {
  const [row] = await onE2eDatabase<{ name: string }>(
    `SELECT c.last_name || ' ' || c.first_name AS name FROM candidates c LEFT JOIN places p ON p.id = c.place_id
     WHERE c.organisation_id = $1 ORDER BY p.label ${direction} NULLS LAST, c.last_name, c.first_name, c.id LIMIT 1`,
    [ORG],
  )
  return row!.name
}
const countText = (n: number) => `${n} candidat${n > 1 ? 's' : ''}`

test('the referent searches (debounced, never in the URL), filters, sorts and pages the candidates (filters, sort and page in the URL)', async ({
  page,
}) => {
  // The seed's 12, plus any another spec created before this one.
  const total = await countOf()
  expect(total).toBeGreaterThanOrEqual(12)
  expect(total).toBeLessThanOrEqual(50)
  await page.goto(DASHBOARD)
  await expect(page.getByRole('heading', { level: 1, name: 'Candidats' })).toBeVisible()
  await expect(page.getByText(countText(total), { exact: true })).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(total)
  await expect(page.getByRole('link', { name: 'Créer un candidat' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Importer' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0) // one page
  await expect(bodyRows(page).first().getByRole('link', { name: 'Benali Karim' })).toHaveAttribute(
    'href',
    /\/v2\/candidate\/[0-9a-f-]{36}$/,
  )
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'dashboard')
  // On a phone (390 px): name with the phone under it, and the status; the table fits without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 900 })
  await expect(column(page, 'Email')).toBeHidden()
  await expect(column(page, 'Résidence')).toBeHidden()
  await expect(column(page, 'Statut')).toBeVisible()
  // Karim Benali's phone, whatever another spec changed it to.
  await expect(bodyRows(page).first()).toContainText(/0\d( \d\d){4}/)
  expect(
    await table(page).evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
  ).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 1280, height: 720 })

  // The search text (a name, a phone number) must appear in no address the browser asks for, nor in the page's URL.
  const addresses: string[] = []
  page.on('request', (r) => addresses.push(r.url()))
  const searched = (r: Request) => r.url().endsWith('/api/candidates/search') && r.method() === 'POST'

  // One character: nothing happens, even after the debounce.
  const search = page.getByLabel('Rechercher un candidat')
  await search.fill('l')
  await page.waitForTimeout(1200)
  await expect(bodyRows(page)).toHaveCount(total)
  expect(addresses.filter((a) => a.includes('/api/candidates/search'))).toEqual([])
  // Two and more: applied 750 ms after the last keystroke, accent- and case-insensitive, through a POST body.
  const posted = page.waitForRequest(searched)
  await search.fill('LEFEVRE')
  await expect(bodyRows(page)).toHaveCount(total) // not before the debounce
  expect((await posted).postDataJSON()).toMatchObject({ search: 'LEFEVRE', placeIds: [], page: 1 })
  await expect(bodyRows(page)).toHaveCount(1)
  await expect(bodyRows(page).first()).toContainText('Lefèvre Sophie')
  await expect(page.getByRole('status').filter({ hasText: 'trouvé' })).toHaveText('1 candidat trouvé')
  await expect(table(page)).toHaveAttribute('aria-busy', 'false')
  expect(page.url()).toMatch(/\/v2\/candidates\/dashboard$/)
  // A phone typed with spaces.
  await search.fill('06 12 34 56 81')
  await expect(bodyRows(page).first()).toContainText('Blanc Antoine')
  await expect(bodyRows(page)).toHaveCount(1)
  await search.fill('zzzz')
  await expect(page.getByText('Aucun candidat ne correspond à ces critères.')).toBeVisible()
  await expect(page.getByText('0 candidat trouvé', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click()
  await expect(bodyRows(page)).toHaveCount(total)
  await expect(search).toHaveValue('')
  await expect(page.getByText(countText(total), { exact: true })).toBeVisible()

  // While a search is on, sort and filters go through the POST too, and only they go into the URL.
  const withOu = await countOf(`(c.last_name || ' ' || c.first_name || ' ' || coalesce(c.email, '')) ILIKE '%ou%'`)
  const withOuInRouen = await countOf(
    `p.label = 'Rouen' AND (c.last_name || ' ' || c.first_name || ' ' || coalesce(c.email, '')) ILIKE '%ou%'`,
  )
  expect(withOuInRouen).toBeGreaterThanOrEqual(2) // the seed's Fatou Camara and Thomas Roux
  await search.fill('ou')
  await expect(bodyRows(page)).toHaveCount(withOu)
  await expect(table(page)).toContainText('Diallo Mamadou') // Elbeuf
  await column(page, 'Candidat').getByRole('button').click()
  await expect(column(page, 'Candidat')).toHaveAttribute('aria-sort', 'descending')
  await expect(page).toHaveURL(/\?dir=desc$/)
  await expect(bodyRows(page)).toHaveCount(withOu)
  await page.getByRole('button', { name: /Lieu de résidence/ }).click()
  await page.getByRole('checkbox', { name: 'Rouen' }).check()
  await page.keyboard.press('Escape')
  await expect(bodyRows(page)).toHaveCount(withOuInRouen)
  await expect(table(page)).toContainText('Roux Thomas')
  await expect(table(page)).toContainText('Camara Fatou')
  await expect(table(page)).not.toContainText('Diallo Mamadou')
  await expect(table(page)).not.toContainText('Durand Élodie') // Rouen, no « ou »
  await expect(page).toHaveURL(/place=[0-9a-f-]{36}/)
  await expect(
    page.getByText(countText(withOuInRouen) + ' trouvé' + (withOuInRouen > 1 ? 's' : ''), { exact: true }),
  ).toBeVisible()
  // Back: the filter goes, the search stays.
  await page.goBack()
  await expect(page).toHaveURL(/\?dir=desc$/)
  await expect(search).toHaveValue('ou')
  await expect(bodyRows(page)).toHaveCount(withOu)
  await page.goForward()
  await expect(bodyRows(page)).toHaveCount(withOuInRouen)
  // Off to a candidate's sheet and back: the search comes back from the history entry.
  await table(page).getByRole('link', { name: 'Roux Thomas' }).click()
  await expect(page).toHaveURL(/\/v2\/candidate\/[0-9a-f-]{36}$/)
  await page.goBack()
  await expect(search).toHaveValue('ou')
  await expect(bodyRows(page)).toHaveCount(withOuInRouen)
  await expect(table(page)).not.toContainText('Durand Élodie')
  await screenshots(page, 'dashboard-search')
  for (const address of addresses) {
    expect(new URL(address).searchParams.has('q'), address).toBe(false)
    expect(decodeURIComponent(address).toLowerCase(), address).not.toMatch(
      /lefevre|zzzz|0612345681|06 12 34 56 81|[?&]ou\b/,
    )
  }
  await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click()
  await expect(bodyRows(page)).toHaveCount(total)
  await expect(search).toHaveValue('')
  await expect(page).toHaveURL(/\?dir=desc$/)
  await column(page, 'Candidat').getByRole('button').click()
  await expect(page).toHaveURL(/\/v2\/candidates\/dashboard$/)

  // An old bookmark with the search in its URL: ignored, and taken out of the address.
  await page.goto(`${DASHBOARD}?q=Durand&sort=place`)
  await expect(page).toHaveURL(/\/v2\/candidates\/dashboard\?sort=place$/)
  await expect(bodyRows(page)).toHaveCount(total)
  await expect(search).toHaveValue('')
  await page.goto(DASHBOARD)

  // Place filter (the seed's Rouen: Durand, Roux, Camara), in the URL; the back button restores the state before it.
  const inRouen = await countOf(`p.label = 'Rouen'`)
  expect(inRouen).toBeGreaterThanOrEqual(3)
  await page.getByRole('button', { name: /Lieu de résidence/ }).click()
  await page.getByRole('checkbox', { name: 'Rouen' }).check()
  await page.keyboard.press('Escape')
  await expect(bodyRows(page)).toHaveCount(inRouen)
  await expect(table(page)).toContainText('Durand Élodie')
  await expect(table(page)).not.toContainText('Benali Karim') // Le Havre
  await expect(page).toHaveURL(/place=[0-9a-f-]{36}/)
  await expect(page.getByRole('button', { name: /Lieu de résidence/ })).toContainText('Rouen')
  await page.goBack()
  await expect(bodyRows(page)).toHaveCount(total)
  await page.goForward()
  await expect(bodyRows(page)).toHaveCount(inRouen)
  await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click()
  await expect(bodyRows(page)).toHaveCount(total)

  // "Placé sur une offre": a checkbox of the same filter bar, a search landmark; kept in the URL.
  const placedCount = await countOf(
    `exists (select 1 from job_placements jp where jp.candidate_id = c.id and jp.status in ('proposed', 'interview', 'hired'))`,
  )
  expect(placedCount).toBeGreaterThan(0)
  const placed = page
    .getByRole('search', { name: 'Filtrer les candidats' })
    .getByRole('checkbox', { name: 'Placé sur une offre' })
  await placed.check()
  await expect(page).toHaveURL(/placed=1/)
  await expect(bodyRows(page)).toHaveCount(placedCount)
  await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click()
  await expect(placed).not.toBeChecked()
  await expect(bodyRows(page)).toHaveCount(total)

  // Sort by place (seed: Dieppe first, Lefèvre; descending: Rouen first, Camara), then back by name.
  await expect(column(page, 'Candidat')).toHaveAttribute('aria-sort', 'ascending')
  await column(page, 'Résidence').getByRole('button').click()
  await expect(column(page, 'Résidence')).toHaveAttribute('aria-sort', 'ascending')
  await expect(column(page, 'Candidat')).toHaveAttribute('aria-sort', 'none')
  await expect(bodyRows(page).first()).toContainText(await firstByPlace('asc'))
  await column(page, 'Résidence').getByRole('button').click()
  await expect(column(page, 'Résidence')).toHaveAttribute('aria-sort', 'descending')
  const lastPlaceFirst = await firstByPlace('desc')
  await expect(bodyRows(page).first()).toContainText(lastPlaceFirst)
  await expect(page).toHaveURL(/sort=place&dir=desc/)
  // The URL alone gives the same page (shareable).
  await page.reload()
  await expect(bodyRows(page).first()).toContainText(lastPlaceFirst)
})

test('pages of 50, with the keyboard', async ({ page }) => {
  await onE2eDatabase(
    `INSERT INTO candidates (organisation_id, first_name, last_name) SELECT $1, 'Test ' || lpad(n::text, 2, '0'), $2 FROM generate_series(1, 45) n`,
    [ORG, EXTRA],
  )
  try {
    const total = await countOf()
    expect(total).toBeGreaterThan(50)
    expect(total).toBeLessThanOrEqual(100)
    await page.goto(DASHBOARD)
    await expect(page.getByText(countText(total), { exact: true })).toBeVisible()
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await expect(pagination).toContainText('Page 1 sur 2')
    await expect(pagination.getByRole('button', { name: 'Page précédente' })).toBeDisabled()
    await pagination.getByRole('button', { name: 'Page suivante' }).focus()
    await page.keyboard.press('Enter')
    await expect(pagination).toContainText('Page 2 sur 2')
    await expect(bodyRows(page)).toHaveCount(total - 50)
    await expect(page).toHaveURL(/page=2/)
    await expect(pagination.getByRole('button', { name: 'Page suivante' })).toBeDisabled()
    await pagination.getByRole('button', { name: 'Page précédente' }).focus()
    await page.keyboard.press('Enter')
    await expect(pagination).toContainText('Page 1 sur 2')
    await expect(bodyRows(page)).toHaveCount(50)
  } finally {
    await onE2eDatabase('DELETE FROM candidates WHERE last_name = $1', [EXTRA])
  }
})

test('the referent selects two candidates, exports them (no NIR) and changes their status', async ({ page }) => {
  const before = await onE2eDatabase<{
    id: string
    last_name: string
    status_id: string
    nir_encrypted: string | null
    nir_blind_index: string | null
    nir_prefix: string | null
  }>(
    `SELECT id, last_name, status_id, nir_encrypted, nir_blind_index, nir_prefix FROM candidates WHERE organisation_id = $1 AND last_name IN ('Durand', 'Benali')`,
    [ORG],
  )
  // Stored as the app stores it (lib/crypto/nir-cipher.ts), under the e2e server's key (playwright.config.ts).
  await onE2eDatabase(
    `UPDATE candidates SET nir_encrypted = $1, nir_blind_index = $2, nir_prefix = $3 WHERE organisation_id = $4 AND last_name = 'Durand'`,
    [encryptNir(NIR), nirBlindIndex(NIR), NIR.slice(0, 5), ORG],
  )
  try {
    await page.goto(DASHBOARD)
    const all = page.getByRole('checkbox', { name: 'Sélectionner tous les candidats de la page' })
    await page.getByRole('checkbox', { name: 'Sélectionner Durand Élodie' }).check()
    await page.getByRole('checkbox', { name: 'Sélectionner Benali Karim' }).check()
    await expect(page.getByText('2 candidats sélectionnés')).toBeVisible()
    expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true)
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'dashboard-selection')

    // Export: a CSV for French spreadsheets, never the NIR.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Exporter la sélection' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^candidats-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = fs.readFileSync((await download.path())!, 'utf8')
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    const lines = csv.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Nom;Prénom;Date de naissance;Téléphone;Email;Adresse;Quartier prioritaire;Lieu de résidence;Statut;Référent;Date de création',
    )
    expect(lines).toHaveLength(3)
    // (the phone: whatever candidate-sheet.spec.ts left there)
    expect(lines[1]).toMatch(/^Benali;Karim;03\/11\/1979;[^;]*;karim\.benali@exemple\.test;/)
    expect(lines[2]).toMatch(/^Durand;Élodie;12\/04\/1988;/)
    expect(csv).not.toContain(NIR)

    // Change of status.
    await page.getByRole('button', { name: 'Changer le statut' }).click()
    const dialog = page.getByRole('dialog', { name: 'Changer le statut' })
    await expect(dialog).toContainText('Le nouveau statut s’appliquera à 2 candidats.')
    await dialog.getByRole('button', { name: 'Appliquer' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Choisissez le nouveau statut.')
    await dialog.getByLabel('Nouveau statut').selectOption({ label: 'Sorti du dispositif' })
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Appliquer' }).click()
    await expect(page.getByText('Statut mis à jour pour 2 candidats.')).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText('2 candidats sélectionnés')).toHaveCount(0)
    await expect(table(page).getByRole('row', { name: /Durand Élodie/ })).toContainText('Sorti du dispositif')
    await expect(table(page).getByRole('row', { name: /Benali Karim/ })).toContainText('Sorti du dispositif')
    await expect(all).not.toBeChecked()
  } finally {
    for (const c of before) {
      await onE2eDatabase(
        'UPDATE candidates SET status_id = $1, nir_encrypted = $2, nir_blind_index = $3, nir_prefix = $4 WHERE id = $5',
        [c.status_id, c.nir_encrypted, c.nir_blind_index, c.nir_prefix, c.id],
      )
    }
  }
})

/** The organisation's own permissions for its counsellors (/v2/settings/permissions), or back to the defaults. */
async function setCounsellorPermissions(permissions: string[] | null) {
  const org = '10000000-0000-4000-8000-000000000001'
  if (!permissions) {
    const remove = 'delete from organisation_role_permissions where organisation_id = $1 and role = $2'
    await onE2eDatabase(remove, [org, 'counsellor'])
    return
  }
  const insert = 'insert into organisation_role_permissions (organisation_id, role, permissions) values ($1, $2, $3)'
  await onE2eDatabase(insert, [org, 'counsellor', permissions])
}

// Spec §6 filters.authors: the "Référent" filter offers the organisation's staff, or the user alone.
test.describe('the Référent filter, as a counsellor', () => {
  test.use({ storageState: storageStateOf('conseiller') })
  const referentFilter = (page: Page) => page.getByRole('button', { name: /^Référent/ })

  test('offers the staff with filters.authors, else the user alone; a colleague in a link drops', async ({ page }) => {
    await page.goto(DASHBOARD)
    await referentFilter(page).click()
    for (const name of ['Cédric Fontaine', 'Romain Leroy', 'Alice Martin', 'Sans référent']) {
      await expect(page.getByRole('checkbox', { name })).toHaveCount(1)
    }
    await page.getByRole('checkbox', { name: 'Romain Leroy' }).check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/referent=demo-referent/)
    const romains = await countOf(`c.referent_id = 'demo-referent'`)
    await expect(bodyRows(page)).toHaveCount(Math.min(romains, 50))
    const link = page.url()

    await setCounsellorPermissions(['candidate.visualize', 'candidate.modify', 'candidate.prescribe'])
    try {
      // The same link, without filters.authors: the colleague is not a choice, and does not filter.
      await page.goto(link)
      await expect(page.getByText(countText(await countOf()), { exact: true })).toBeVisible()
      await referentFilter(page).click()
      await expect(page.getByRole('checkbox', { name: 'Cédric Fontaine' })).not.toBeChecked()
      await expect(page.getByRole('checkbox', { name: 'Sans référent' })).toHaveCount(1)
      for (const name of ['Romain Leroy', 'Alice Martin']) {
        await expect(page.getByRole('checkbox', { name })).toHaveCount(0)
      }
      await expectNoSeriousA11yViolations(page)
    } finally {
      await setCounsellorPermissions(null)
    }
  })
})
