import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'
import { baseURL } from '../playwright.config'

/** The app's own pages send their Origin (lib/http/same-origin.ts): these calls do as they do. */
const SAME_ORIGIN = { origin: baseURL }

const IMPORT = '/v2/candidates/import'
const ORG = '10000000-0000-4000-8000-000000000001'
const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures-files')
/** The last names this spec imports; removed at the end so that other specs find the demo data as seeded. */
const IMPORTED = ['Importé', 'Testimport', '=1+1', 'Lefèvre-Import']

// The spec imports candidates: a retry would find them there already (duplicates).
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

test.afterAll(async () => {
  await onE2eDatabase('DELETE FROM candidates WHERE organisation_id = $1 AND last_name = ANY($2)', [ORG, IMPORTED])
})

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) })
const fieldOf = (page: Page, column: string) => page.getByLabel(`Champ du candidat pour la colonne « ${column} »`)
const candidatesNamed = (lastName: string) =>
  onE2eDatabase<{
    first_name: string
    birth_date: string
    place: string | null
    status: string | null
    referent_id: string | null
    custom_fields: Record<string, unknown>
  }>(
    `SELECT c.first_name, to_char(c.birth_date, 'YYYY-MM-DD') AS birth_date, p.label AS place, s.label AS status, c.referent_id, c.custom_fields
     FROM candidates c LEFT JOIN places p ON p.id = c.place_id LEFT JOIN candidate_statuses s ON s.id = c.status_id
     WHERE c.organisation_id = $1 AND c.last_name = $2 ORDER BY c.first_name`,
    [ORG, lastName],
  )

test('the referent imports a CSV with good and bad rows: mapping, errors by line, confirmation, toast, report', async ({
  page,
}) => {
  await page.goto(IMPORT)
  await expect(page.getByRole('heading', { level: 1, name: 'Importer des candidats' })).toBeVisible()
  await expect(stepHeading(page, 'Choisir le fichier')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'import-file')

  // Nothing chosen: a French message, nothing sent.
  await page.getByRole('button', { name: 'Analyser le fichier' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Choisissez' })).toHaveText(
    'Choisissez un fichier CSV ou Excel (.xlsx) à importer.',
  )

  await page.getByLabel('Fichier CSV ou Excel (.xlsx)').setInputFiles(path.join(FILES, 'candidats-import.csv'))
  await page.getByRole('button', { name: 'Analyser le fichier' }).click()

  // Step 2: the columns guessed from their titles, and the first rows.
  await expect(stepHeading(page, 'Associer les colonnes')).toBeVisible()
  await expect(page.getByText(/^Fichier «\s*candidats-import\.csv\s*»$/)).toBeVisible()
  await expect(fieldOf(page, 'Nom')).toHaveValue('lastName')
  await expect(fieldOf(page, 'Prénom')).toHaveValue('firstName')
  await expect(fieldOf(page, 'Sexe')).toHaveValue('gender')
  await expect(fieldOf(page, 'Courriel')).toHaveValue('email')
  await expect(fieldOf(page, 'Lieu de résidence')).toHaveValue('place')
  await expect(fieldOf(page, 'Référent')).toHaveValue('referent')
  await expect(fieldOf(page, 'Niveau de français')).toHaveValue('custom:frenchLevel')
  await expect(page.getByRole('heading', { name: 'Aperçu des 5 premières lignes' })).toBeVisible()
  await expect(page.getByRole('table', { name: /Premières lignes du fichier/ })).toContainText('Anaïs')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'import-mapping')

  // Step 3: the rows in error with their line numbers (header = line 1) and reasons; the duplicate.
  await page.getByRole('button', { name: 'Vérifier les lignes' }).click()
  await expect(stepHeading(page, 'Vérifier les lignes')).toBeVisible()
  const errors = page.getByTestId('import-errors').locator('tbody tr')
  await expect(errors).toHaveCount(3)
  await expect(errors.nth(0)).toHaveText(/^4\s*Erreur\s*Cyril\s*La date de naissance n’est pas valide$/)
  await expect(errors.nth(1)).toHaveText(/^5\s*Mauvais\s*Dora\s*Le téléphone n'est pas complet$/)
  await expect(errors.nth(2)).toHaveText(
    /^6\s*Ailleurs\s*Emma\s*Le lieu de résidence «\s*Villeurbanne\s*» n’existe pas dans les réglages de l’organisation$/,
  )
  const duplicates = page.getByTestId('import-duplicates').locator('tbody tr')
  await expect(duplicates).toHaveCount(1)
  await expect(duplicates.first()).toContainText('7')
  await expect(duplicates.first()).toContainText('Ce candidat existe déjà dans l’organisation')
  await expect(page.getByText('Rien n’a encore été enregistré.')).toBeVisible()
  expect((await candidatesNamed('Importé')).length).toBe(0)
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'import-report')

  // The report: every line, its status and reasons; the formula cell neutralised.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le rapport' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('rapport-import-candidats.csv')
  const report = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
  expect(report[0]).toBe('Ligne;Nom;Prénom;Statut;Motifs')
  expect(report).toContain('2;Importé;Anaïs;Valide;')
  expect(report).toContain('4;Erreur;Cyril;Erreur;La date de naissance n’est pas valide')
  expect(report).toContain(
    '7;DURAND;elodie;Doublon;Ce candidat existe déjà dans l’organisation (même NIR, ou mêmes nom, prénom et date de naissance)',
  )
  expect(report).toContain("8;'=1+1;Formule;Valide;")

  // Confirmation: the 3 valid rows, the duplicate skipped.
  await page.getByRole('button', { name: 'Importer les 3 lignes valides' }).click()
  await expect(page.locator('[data-toast]').filter({ hasText: '3 candidats importés.' })).toBeVisible()
  await expect(stepHeading(page, 'Import terminé')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'import-done')

  expect(await candidatesNamed('Importé')).toEqual([
    {
      first_name: 'Anaïs',
      birth_date: '1991-02-14',
      place: 'Rouen',
      status: 'Nouveau',
      referent_id: 'demo-referent',
      custom_fields: { frenchLevel: 'b1' },
    },
  ])
  expect(await candidatesNamed('Testimport')).toEqual([
    {
      first_name: 'Bastien',
      birth_date: '1987-07-03',
      place: 'Le Havre',
      status: 'En accompagnement',
      referent_id: null,
      custom_fields: { frenchLevel: 'a1' },
    },
  ])
  expect((await candidatesNamed('=1+1')).map((c) => [c.first_name, c.place])).toEqual([['Formule', 'Fécamp']])
  expect(await candidatesNamed('Durand')).toHaveLength(1)
  expect(await candidatesNamed('Erreur')).toHaveLength(0)
  const [audit] = await onE2eDatabase<{ details: Record<string, unknown> }>(
    `SELECT details FROM audit_log WHERE action = 'candidate.import' ORDER BY at DESC LIMIT 1`,
  )
  expect(audit!.details).toEqual({
    format: 'csv',
    mode: 'valid',
    includeDuplicates: false,
    rows: 7,
    imported: 3,
    invalid: 3,
    duplicates: 1,
  })

  // The final report says what happened to each line.
  const [after] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le rapport' }).click(),
  ])
  const finalReport = fs.readFileSync((await after.path())!, 'utf8')
  expect(finalReport).toContain('2;Importé;Anaïs;Importée;')
  expect(finalReport).toContain('7;DURAND;elodie;Doublon non importé;')

  // The dashboard finds them.
  await page.getByRole('link', { name: 'Voir les candidats' }).click()
  await page.getByLabel('Rechercher un candidat').fill('testimport')
  await expect(page.getByRole('link', { name: 'Testimport Bastien' })).toBeVisible()
})

test('a Latin-1 (Windows) file with commas is read with its accents', async ({ page }) => {
  await page.goto(IMPORT)
  await page.getByLabel('Fichier CSV ou Excel (.xlsx)').setInputFiles(path.join(FILES, 'candidats-latin1.csv'))
  await page.getByRole('button', { name: 'Analyser le fichier' }).click()
  await expect(stepHeading(page, 'Associer les colonnes')).toBeVisible()
  await expect(fieldOf(page, 'Prénom')).toHaveValue('firstName')
  await expect(fieldOf(page, 'Genre')).toHaveValue('gender')
  await expect(page.getByRole('table', { name: /Premières lignes du fichier/ })).toContainText('Lefèvre-Import')
  await expect(page.getByRole('table', { name: /Premières lignes du fichier/ })).toContainText('Zoé')
  await page.getByRole('button', { name: 'Vérifier les lignes' }).click()
  await expect(page.getByText('Toutes les lignes sont valides.')).toBeVisible()
  await page.getByRole('button', { name: 'Importer la ligne valide' }).click()
  await expect(page.locator('[data-toast]').filter({ hasText: '1 candidat importé.' })).toBeVisible()
  expect(await candidatesNamed('Lefèvre-Import')).toEqual([
    {
      first_name: 'Zoé',
      birth_date: '1993-03-01',
      place: 'Fécamp',
      status: null,
      referent_id: null,
      custom_fields: { frenchLevel: 'b1' },
    },
  ])
})

test('crafted requests: a 50 MB body is refused in French without being read, a partner is refused', async ({
  page,
  browser,
}) => {
  const big = await page.request.post('/api/candidate-imports/preview', {
    headers: SAME_ORIGIN,
    multipart: { file: { name: 'enorme.csv', mimeType: 'text/csv', buffer: Buffer.alloc(50 * 1024 * 1024, 0x61) } },
  })
  expect(big.status()).toBe(413)
  expect(await big.json()).toEqual({
    error: 'Le fichier dépasse la taille maximale de 10 Mo. Découpez-le en plusieurs fichiers.',
  })

  const partner = await browser.newContext({ storageState: storageStateOf('partenaire') })
  const refused = await partner.request.post('/api/candidate-imports/commit', {
    headers: SAME_ORIGIN,
    multipart: {
      file: { name: 'c.csv', mimeType: 'text/csv', buffer: fs.readFileSync(path.join(FILES, 'candidats-latin1.csv')) },
      mapping: '["lastName","firstName"]',
      mode: 'valid',
      includeDuplicates: 'false',
    },
  })
  expect(refused.status()).toBe(403)
  await partner.close()
})
