import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf } from './fixtures'

// The read journal: an administrator opens a candidate's sheet, finds that read under "Consultations", filters it by
// kind, downloads the list as CSV and the person's right-of-access file; a counsellor sees no such tab.
test.describe.configure({ mode: 'serial', retries: 0 })

let julien = ''

test.beforeAll(async () => {
  julien = (
    await onE2eDatabase<{ id: string }>(
      `select id from candidates where first_name = 'Julien' and last_name = 'Morel' and organisation_id = $1`,
      ['10000000-0000-4000-8000-000000000001'],
    )
  )[0]!.id
})

test.describe('as the administrator', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('a sheet read shows in Consultations, filtered by kind, as CSV and in the right-of-access file', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await page.goto(`/v2/candidate/${julien}/identite`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Julien Morel')

    const tabs = page.getByRole('navigation', { name: 'Sections de la fiche' })
    await tabs.getByRole('link', { name: 'Consultations', exact: true }).click()
    await expect(page).toHaveURL(`/v2/candidate/${julien}/consultations`)
    await expect(page.getByRole('heading', { name: 'Consultations du dossier' })).toBeVisible()
    const table = page.getByRole('table', { name: 'Consultations du dossier' })
    const identityRead = table.getByRole('row').filter({ hasText: 'Fiche – identité' })
    await expect(identityRead.first()).toContainText('Alice Martin')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'read-journal-candidate')

    // Filter by kind: it applies as it changes, the filter in the address.
    const filters = page.getByRole('search', { name: 'Filtrer les consultations' })
    await filters.getByLabel('Type de consultation').selectOption({ label: 'Fiche – identité' })
    await expect(page).toHaveURL(/kind=candidate\.identity/)
    const rows = table.locator('tbody tr')
    await expect(rows.first()).toContainText('Fiche – identité')
    for (const text of await rows.allTextContents()) expect(text).toContain('Fiche – identité')
    await expect(page.getByText(/consultations? correspondant aux filtres/)).toBeVisible()

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exporter en CSV' }).click(),
    ])
    expect(csv.suggestedFilename()).toMatch(/^passerelle-consultations-\d{4}-\d{2}-\d{2}\.csv$/)
    const csvText = fs.readFileSync((await csv.path())!, 'utf8')
    expect(csvText.startsWith('\uFEFFDate;Heure;Utilisateur;Consultation;Candidat;Personnes exportées\r\n')).toBe(true)
    expect(csvText).toContain(';Alice Martin;Fiche – identité;')
    expect(csvText).not.toContain('Fiche – vue d’ensemble')

    const [access] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exporter ses données' }).click(),
    ])
    expect(access.suggestedFilename()).toBe(
      `passerelle-droit-acces-${julien}-${access.suggestedFilename().slice(-15, -5)}.json`,
    )
    expect(access.suggestedFilename()).not.toMatch(/morel|julien/i)
    const document = JSON.parse(fs.readFileSync((await access.path())!, 'utf8'))
    expect(document['identité']).toMatchObject({ nom: 'Morel', prénom: 'Julien' })
    const kinds = (document.consultations as { consultation: string }[]).map((c) => c.consultation)
    expect(kinds).toContain('Fiche – identité')
    expect(kinds).toContain('Export du droit d’accès')

    // The administrator's own consultations, from the users' settings.
    await page.goto('/v2/settings/user/demo-admin')
    await page.getByRole('link', { name: 'Voir les dossiers consultés par cet utilisateur' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultations d’Alice Martin')
    await expect(page.getByRole('table').getByRole('link', { name: 'Julien Morel' }).first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'read-journal-user')
  })
})

test.describe('as a counsellor', () => {
  test.use({ storageState: storageStateOf('conseiller') })

  test('sees no Consultations tab, and its address is not found', async ({ page }) => {
    await page.goto(`/v2/candidate/${julien}`)
    const tabs = page.getByRole('navigation', { name: 'Sections de la fiche' })
    await expect(tabs.getByRole('link', { name: 'Identité', exact: true })).toBeVisible()
    await expect(tabs.getByRole('link', { name: 'Consultations', exact: true })).toHaveCount(0)
    const response = await page.goto(`/v2/candidate/${julien}/consultations`)
    expect(response?.status()).toBe(404)
    const download = await page.request.get(`/api/candidates/${julien}/access-export`)
    expect(download.status()).toBe(404)
    const csv = await page.request.get(`/api/read-journal?candidate=${julien}`)
    expect(csv.status()).toBe(404)
  })
})
