import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { encryptNir, nirBlindIndex } from '../lib/crypto/nir-cipher'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// An administrator exports the candidates to Excel in the background, watches it, downloads it, and the
// file holds no NIR and no live formula; the file's URL alone gives nothing.
test.use({ storageState: storageStateOf('admin') })

const ORGANISATION = '10000000-0000-4000-8000-000000000001'

test('an administrator exports the candidates to XLSX and reads it back: no NIR, formulas neutralised', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000)
  // A name a spreadsheet would run as a formula, typed in the sheet by someone (no screen refuses it).
  const nir = '299017612345678'
  const [odd] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, nir_encrypted, nir_blind_index, nir_prefix)
     values ($1, '=1+1', 'Formule', $2, $3, $4) returning id`,
    [ORGANISATION, encryptNir(nir), nirBlindIndex(nir), nir.slice(0, 5)],
  )
  try {
    await page.goto('/v2/settings/exports')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exports')
    await expect(page.getByText('Aucun export pour l’instant.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'exports')

    await expect(page.getByLabel('Données')).toHaveValue('candidates')
    await expect(page.getByRole('checkbox', { name: 'Nom', exact: true })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: /sécurité sociale/ })).toHaveCount(0)
    // Nothing chosen: a French message, no export — and what was chosen stays as it was (issue 42).
    await page.getByLabel('CSV (UTF-8, séparateur «\u00a0;\u00a0»)').check()
    await page.getByLabel(/: du$/).fill('2026-01-01')
    await page.getByRole('button', { name: 'Tout décocher' }).click()
    await page.getByRole('checkbox', { name: 'Nom', exact: true }).check()
    await page.getByRole('checkbox', { name: 'Nom', exact: true }).uncheck()
    await page.getByRole('button', { name: 'Lancer l’export' }).click()
    await expect(page.getByText('Choisissez au moins une colonne.')).toBeVisible()
    await expect(page.getByLabel('CSV (UTF-8, séparateur «\u00a0;\u00a0»)')).toBeChecked()
    await expect(page.getByLabel(/: du$/)).toHaveValue('2026-01-01')
    await expect(page.getByRole('checkbox', { name: 'Nom', exact: true })).not.toBeChecked()
    await page.getByLabel(/: du$/).fill('')
    await page.getByRole('button', { name: 'Tout cocher' }).click()
    await page.getByLabel('Excel (XLSX)').check()
    await page.getByRole('button', { name: 'Lancer l’export' }).click()
    await expect(page.getByText('Export lancé.')).toBeVisible()

    const row = page.getByRole('row').filter({ hasText: 'Excel (XLSX)' })
    await expect(row).toHaveCount(1)
    await expect(row.getByText(/^(En attente|En cours|Terminé)/)).toBeVisible()
    await expect(row.getByText(/^Terminé \(\d+ lignes\)$/)).toBeVisible({ timeout: 20_000 })
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'exports-done')

    const link = row.getByRole('link', { name: /^Télécharger passerelle-candidats-\d{4}-\d{2}-\d{2}\.xlsx/ })
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(/^passerelle-candidats-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(
      fs.readFileSync((await download.path())!) as unknown as Parameters<typeof workbook.xlsx.load>[0],
    )
    const sheet = workbook.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header.slice(0, 3)).toEqual(['Nom', 'Prénom', 'Genre'])
    expect(header.join(' ')).not.toMatch(/sécurité sociale|NIR/i)
    const cells: string[] = []
    sheet.eachRow((r) => r.eachCell((c) => cells.push(String(c.value))))
    expect(cells).toContain("'=1+1")
    expect(cells).not.toContain('=1+1')
    expect(cells.join(' ')).not.toContain('299017612345678')
    // The candidates of the organisation, and the header.
    const [count] = await onE2eDatabase<{ n: number }>(
      'select count(*)::int as n from candidates where organisation_id = $1',
      [ORGANISATION],
    )
    expect(sheet.actualRowCount).toBe(count!.n + 1)

    // The URL alone, without the session, gives nothing; the download was audited.
    const href = (await link.getAttribute('href'))!
    const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } })
    expect((await anonymous.request.get(href)).status()).toBe(401)
    await anonymous.close()
    const other = await browser.newContext({ storageState: storageStateOf('referent') })
    expect((await other.request.get(href)).status()).toBe(404)
    await other.close()
    const audit = await onE2eDatabase<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'export.downloaded' and entity_id = $1`,
      [href.split('/').at(-1)],
    )
    expect(audit[0]!.n).toBe(1)
  } finally {
    await onE2eDatabase('delete from candidates where id = $1', [odd!.id])
  }
})
