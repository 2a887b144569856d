import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// Data·inclusion as its API serves it. An administrator imports a structures file (one created, one refused
// for its SIRET) and previews a services file across structures, then imports a search page of services through the
// structure's sheet and reads an offer's description and information as a counsellor would.
// The files are tests/fixtures/data-inclusion/ (their origin is named in its README).
test.describe.configure({ mode: 'serial', retries: 0 })

const SIRET = '76475938700658'
const FIXTURES = join(process.cwd(), 'tests/fixtures/data-inclusion')
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'))
const file = (name: string, value: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(value)),
})

async function cleanUp() {
  const structure = `(select id from partner_structures where siret = '${SIRET}')`
  await onE2eDatabase(`delete from social_offers where structure_id in ${structure}`)
  await onE2eDatabase(`delete from organisation_partner_structures where structure_id in ${structure}`)
  await onE2eDatabase(
    `delete from audit_log where entity_id in (select id::text from partner_structures where siret = '${SIRET}') or action = 'partnerStructures.imported'`,
  )
  await onE2eDatabase(`delete from partner_structures where siret = '${SIRET}'`)
}
test.beforeAll(cleanUp)
test.afterAll(cleanUp)

test('an administrator imports structures and services from data·inclusion; the offer page reads as text', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const admin = await (await browser.newContext({ storageState: storageStateOf('admin') })).newPage()
  await admin.goto('/partners/structure/default')
  await admin.getByRole('link', { name: 'Importer depuis data·inclusion' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Importer depuis data·inclusion')

  // 1. Structures: the API's /structures page, plus the schema's v0 example whose SIRET key is wrong.
  const structures = {
    ...fixture('structures-v1-list-page.json'),
    items: [...fixture('structures-v1-list-page.json').items, ...fixture('structures-schema-examples-v0.json')],
  }
  await admin
    .getByLabel('Fichier des structures (data·inclusion, .json)')
    .setInputFiles(file('structures.json', structures))
  await admin
    .getByRole('region', { name: '1. Les structures' })
    .getByRole('button', { name: 'Vérifier le fichier' })
    .click()
  const check = admin.getByRole('table', { name: 'Vérification des structures' })
  await expect(check.getByRole('row').nth(1)).toContainText(['1', 'Perrin', SIRET, 'Créée'].join(''))
  await expect(check.getByRole('row').nth(2)).toContainText('Refusée')
  await expect(check.getByRole('row').nth(2)).toContainText('SIRET «\u00a060487647500499\u00a0» invalide')
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'structure-import')
  await admin.getByRole('button', { name: 'Importer 1\u00a0structure' }).click()
  await expect(admin.getByText('1\u00a0structure créée, 0\u00a0rattachée.').first()).toBeVisible()

  // 2. Services across structures: the search page names two structures; only Perrin is a partner.
  await admin
    .getByLabel('Fichier des services (data·inclusion, .json)')
    .setInputFiles(file('services.json', fixture('services-v1-search-page.json')))
  await admin
    .getByRole('region', { name: '2. Leurs services' })
    .getByRole('button', { name: 'Vérifier le fichier' })
    .click()
  await expect(admin.getByRole('table', { name: 'Offres par structure' }).getByRole('row').nth(1)).toContainText(
    'Perrin1',
  )
  await expect(admin.getByRole('table', { name: 'Lignes écartées' })).toContainText(
    'La structure de ce service («\u00a0Centre social Le Tournesol\u00a0») n’est pas parmi vos partenaires',
  )
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'services-across-structures')

  // 3. Through the structure's sheet: the markup fixture (a search page), then the offer page.
  await admin.goto('/partners/structure/default?q=Perrin')
  await admin.getByRole('link', { name: 'Perrin', exact: true }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Perrin')
  await admin.getByRole('link', { name: 'Importer des offres' }).click()
  await admin
    .getByLabel('Fichier des offres de Perrin')
    .setInputFiles(file('services.json', fixture('services-markup-search-page.json')))
  await admin.getByRole('button', { name: 'Vérifier le fichier' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'offres valides' })).toContainText('4 offres valides')
  await admin.getByRole('button', { name: 'Importer 4 offres' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Perrin')
  await admin
    .getByRole('table', { name: 'Offres sociales de Perrin' })
    .getByRole('link', { name: 'Accompagnement des familles' })
    .click()

  const presentation = admin.getByRole('region', { name: 'Présentation' })
  await expect(presentation.locator('strong')).toHaveText('Accompagnement global')
  const text = await presentation.locator('.offer-description').first().innerText()
  expect(text).toContain(
    'Accompagnement global des familles à domicile.\nSur rendez-vous - gratuit pour les bénéficiaires du RSA.',
  )
  for (const mark of ['<br', '**', '\\-', '<!--']) expect(text).not.toContain(mark)
  const info = admin.getByRole('region', { name: 'Informations utiles' })
  await expect(info.getByRole('link', { name: 'Orienter en ligne' })).toHaveAttribute('href', 'https://teixeira.fr/')
  await expect(info.getByRole('link', { name: 'Orienter en ligne' })).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(info).toContainText('Gratuit · Camarade il.')
  await expect(info).toContainText("Femmes · Femme en situation d'insertion")
  await expect(info).toContainText('À distance')
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'imported-offer')

  // The link written as [text](<url>) is a safe link; the comment left no trace.
  await admin.goBack()
  await admin
    .getByRole('table', { name: 'Offres sociales de Perrin' })
    .getByRole('link', { name: 'Aide au permis de conduire' })
    .click()
  const link = admin
    .getByRole('region', { name: 'Présentation' })
    .getByRole('link', { name: 'le site de l’association' })
  await expect(link).toHaveAttribute('href', 'https://exemple.org/inscription%20permis')
  await expect(link).toHaveAttribute('rel', /noopener noreferrer/)
  await expect(admin.getByRole('region', { name: 'Présentation' })).not.toContainText('horaires à compléter')
})
