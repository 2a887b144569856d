import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, shot } from './fixtures'

// An administrator reads the statistics with a filter kept in the URL, and downloads a chart's CSV.
test.use({ storageState: storageStateOf('admin') })

const ORGANISATION = '10000000-0000-4000-8000-000000000001'

const shots = async (page: Page, name: string) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, {
      path: `test-results/screens-${process.env.E2E_PORT ?? 3210}/${name}-${width}.png`,
      fullPage: true,
    })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

/** The organisation's prescriptions made in October 2026 (Paris), counted in the database, of one author when given. */
async function octoberPrescriptions(authorId?: string) {
  const [row] = await onE2eDatabase<{ n: number }>(
    `select count(*)::int as n from social_applies
     where organisation_id = $1 and prescription_date >= '2026-09-30T22:00:00Z' and prescription_date < '2026-10-31T23:00:00Z' and ($2::text is null or author_id = $2)`,
    [ORGANISATION, authorId ?? null],
  )
  return row!.n
}

const keyFigure = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Chiffres clés de la période' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })

test('an administrator filters the statistics by period and referent, reads a chart’s table and downloads its CSV', async ({
  page,
}) => {
  await page.goto('/v2/statistics')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistiques')
  await expect(page.getByRole('heading', { name: 'Prescriptions par mois et par issue' })).toBeVisible()
  // The lists' one filter bar, a search landmark whose every control is labelled.
  const filters = page.getByRole('search', { name: 'Filtrer les statistiques' })
  for (const label of ['Période', 'Référent', 'Structure partenaire'])
    await expect(filters.getByRole('combobox', { name: label, exact: true })).toBeVisible()
  for (const label of ['Du mois (période personnalisée)', 'Au mois (période personnalisée)'])
    await expect(filters.getByLabel(label, { exact: true })).toBeVisible()
  // One filter model (issue 42 §2): no submit button, each change applies; « Réinitialiser » beside them.
  await expect(filters.getByRole('button', { name: 'Appliquer' })).toHaveCount(0)
  await expect(filters.getByRole('button', { name: 'Réinitialiser' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Période', { exact: true }).selectOption('custom')
  await page.getByLabel('Du mois (période personnalisée)').fill('2026-10')
  await page.getByLabel('Au mois (période personnalisée)').fill('2026-10')
  await expect(page).toHaveURL(/period=custom&from=2026-10&to=2026-10/)
  await expect(keyFigure(page, 'Prescriptions')).toContainText(String(await octoberPrescriptions()))
  await shots(page, 'statistics')

  // The filter is kept in the URL: a referent's own prescriptions.
  await page.getByLabel('Référent', { exact: true }).selectOption({ label: 'Romain Leroy' })
  await expect(page).toHaveURL(/referent=demo-referent/)
  await expect(keyFigure(page, 'Prescriptions')).toContainText(String(await octoberPrescriptions('demo-referent')))
  await page.reload()
  await expect(page.getByLabel('Référent', { exact: true })).toHaveValue('demo-referent')

  // Every chart has its table: the refusal causes, as the database counts them.
  const causes = page.getByRole('region', { name: 'Motifs de refus' })
  await causes.getByText('Tableau des données').click()
  const [refused] = await onE2eDatabase<{ n: number }>(
    `select count(*)::int as n from social_applies where organisation_id = $1 and author_id = 'demo-referent' and state = 'REFUSED_STRUCTURE'
       and prescription_date >= '2026-09-30T22:00:00Z' and prescription_date < '2026-10-31T23:00:00Z'`,
    [ORGANISATION],
  )
  const tableTotal = await causes.getByRole('table').locator('tbody tr td:nth-child(2)').allTextContents()
  expect(tableTotal.reduce((t, v) => t + Number(v.replace(/\s/g, '')), 0)).toBe(refused!.n)
  await expectNoSeriousA11yViolations(page)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    causes.getByRole('button', { name: 'Télécharger les données de « Motifs de refus » en CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('statistiques-motifs-de-refus.csv')
  const csv = fs.readFileSync((await download.path())!)
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = csv.subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines[0]).toBe('Motif;Refus')
  expect(lines.slice(1).reduce((t, l) => t + Number(l.split(';')[1]), 0)).toBe(refused!.n)

  // The workshops' attendance: November's, as the database holds it.
  await page.goto('/v2/statistics?period=custom&from=2026-11&to=2026-11')
  const attendance = page.getByRole('region', { name: 'Présence aux ateliers par mois' })
  await attendance.getByText('Tableau des données').click()
  const [marked] = await onE2eDatabase<{ present: number; excused: number }>(
    `select count(*) filter (where r.attendance = 'present')::int as present, count(*) filter (where r.attendance = 'excused')::int as excused
       from workshop_registrations r join workshops w on w.id = r.workshop_id
      where w.organisation_id = $1 and w.status = 'scheduled' and r.status = 'registered' and w.starts_at >= '2026-10-31T23:00:00Z' and w.starts_at < least(now(), '2026-11-30T23:00:00Z')`,
    [ORGANISATION],
  )
  const cells = await attendance.getByRole('table').locator('tbody tr td').allTextContents()
  expect(cells.slice(0, 3)).toEqual(['nov. 2026', String(marked!.present), String(marked!.excused)])
  await expectNoSeriousA11yViolations(page)
})

test('another organisation’s structure in the URL is dropped: the figures stay the organisation’s own', async ({
  page,
}) => {
  await page.goto('/v2/statistics?period=custom&from=2026-10&to=2026-10&structure=20000000-0000-4000-8000-000000000099')
  await expect(page.getByLabel('Structure partenaire', { exact: true })).toHaveValue('')
  await expect(keyFigure(page, 'Prescriptions')).toContainText(String(await octoberPrescriptions()))
})

test('a partner structure is searched by a part of its name, accents aside, and picked; « Toutes » lifts the filter', async ({
  page,
}) => {
  await page.goto('/v2/statistics?period=custom&from=2026-10&to=2026-10')
  const filters = page.getByRole('search', { name: 'Filtrer les statistiques' })
  const structure = filters.getByRole('combobox', { name: 'Structure partenaire', exact: true })
  const choices = filters.getByRole('listbox', { name: 'Choix pour « Structure partenaire »' })
  // No list of every structure in the page: the box opens on the first ones, by name.
  await expect(choices).toBeHidden()
  await structure.click()
  await expect(choices.getByRole('option', { name: 'Toutes' })).toBeVisible()
  await expect(choices.getByRole('option', { name: 'Mobilité Solidaire' })).toBeVisible()
  await structure.fill('mobilite')
  await expect(choices.getByRole('option', { name: 'Habitat Relais' })).toHaveCount(0)
  await choices.getByRole('option', { name: 'Mobilité Solidaire' }).click()
  await expect(page).toHaveURL(/structure=20000000-0000-4000-8000-000000000001/)
  await expect(structure).toHaveValue('Mobilité Solidaire')
  await expect(filters.getByLabel('Offre', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A name no structure prescribed to bears: said so, and Échap gives the box its choice back.
  await structure.fill('zzz')
  await expect(filters.getByText('Aucune structure prescrite ne porte ce nom.')).toBeVisible()
  await structure.press('Escape')
  await expect(structure).toHaveValue('Mobilité Solidaire')

  await structure.click()
  await choices.getByRole('option', { name: 'Toutes' }).click()
  await expect(page).not.toHaveURL(/structure=/)
  await expect(structure).toHaveValue('')
  await expect(filters.getByLabel('Offre', { exact: true })).toHaveCount(0)
})

test('on a phone, a chart’s categories are named whole, wrapped beside their bars', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/v2/statistics')
  const causes = page.getByRole('region', { name: 'Motifs de refus' })
  const ticks = causes.locator('svg text[data-category-tick]')
  await expect(ticks.first()).toBeVisible()
  // The axis' labels as a person reads them (each line of a label is a tspan), against the chart's own table.
  const labels = await ticks.evaluateAll((texts) =>
    texts.map((t) => [...t.querySelectorAll('tspan')].map((s) => s.textContent).join(' ')),
  )
  await causes.getByText('Tableau des données').click()
  // The table is read once it is open (the rows are read at once, without waiting).
  await expect(
    causes.getByRole('table').getByRole('cell', { name: 'N’a pas répondu aux 3 convocations' }),
  ).toBeVisible()
  const rows = await causes.getByRole('table').getByRole('row').all()
  const names = (await Promise.all(rows.slice(1).map((r) => r.getByRole('cell').first().textContent()))).map((n) =>
    (n ?? '').trim(),
  )
  expect(names).toContain('N’a pas répondu aux 3 convocations')
  expect(labels.sort()).toEqual(names.sort())
  for (const text of await ticks.locator('tspan').allTextContents()) expect(text.length).toBeLessThanOrEqual(16)
})
