import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// The spec creates a candidate: a retry would meet it as a duplicate.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

// NIR keys worked out by hand for these specs (97 − the 13 digits mod 97): 2880476123789 → 82.
const NIR = '2 88 04 76 123 789 82'
const NIR_WRONG_KEY = '2 88 04 76 123 789 83'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const submit = (page: Page) => page.getByRole('button', { name: 'Créer le candidat' }).click()
/** The message is shown under its field and announced with it (aria-describedby). */
async function expectFieldError(page: Page, label: string, message: string) {
  await expect(page.getByText(message, { exact: true })).toBeVisible()
  await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true')
  await expect(field(page, label)).toHaveAccessibleDescription(
    // Spaces, plain or no-break (French typography), are any white space.
    new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[ \u00a0]/g, '\\s')),
  )
}

test('the referent creates a candidate: each validation message, the duplicate warning, then the sheet, the NIR and its history', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/v2/candidate/create')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un candidat')
  await expect(field(page, 'Référent')).toHaveValue('demo-referent')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'create')

  // Nothing typed: the required names and the organisation's required custom field; focus goes to the first.
  await submit(page)
  await expect(page.getByRole('alert').filter({ hasText: 'champs sont à corriger' })).toBeVisible()
  await expectFieldError(page, 'Prénom', 'Le prénom est obligatoire')
  await expectFieldError(page, 'Nom', 'Le nom est obligatoire')
  await expectFieldError(page, 'Niveau de français', 'Le champ « Niveau de français » est obligatoire')
  await expect(field(page, 'Prénom')).toBeFocused()

  // Malformed phone, email, NIR, CAF number and France Travail id.
  await field(page, 'Prénom').fill('elodie')
  await field(page, 'Nom').fill('DURAND')
  await field(page, 'Niveau de français').selectOption({ label: 'C1 - Avancé' })
  await field(page, 'Téléphone').fill('06 12 34')
  await field(page, 'Email').fill('elodie@')
  await field(page, 'Numéro de sécurité sociale (NIR)').fill('2 88 04 76')
  await field(page, 'Numéro CAF').fill('12345')
  await field(page, 'Identifiant France Travail').fill('12')
  await submit(page)
  await expectFieldError(page, 'Téléphone', "Le téléphone n'est pas complet")
  await expectFieldError(page, 'Email', "L'email n'est pas bien formaté")
  await expectFieldError(
    page,
    'Numéro de sécurité sociale (NIR)',
    'Le numéro de sécurité sociale doit comporter 13 caractères suivis d’une clé de 2 chiffres.',
  )
  await expectFieldError(page, 'Numéro CAF', 'Le numéro CAF comporte 7 chiffres')
  await expectFieldError(
    page,
    'Identifiant France Travail',
    'L’identifiant France Travail comporte 7 chiffres suivis d’un chiffre ou d’une lettre (8 caractères, ou 11 avec le code de l’agence)',
  )
  await expect(page.getByText('Le prénom est obligatoire')).toHaveCount(0)
  await expect(field(page, 'Téléphone')).toBeFocused()

  // The NIR's key, then its consistency with the gender.
  await field(page, 'Téléphone').fill('06 98 76 54 32')
  await field(page, 'Email').fill('elodie.durand2@exemple.test')
  await field(page, 'Numéro CAF').fill('7654321')
  await field(page, 'Identifiant France Travail').fill('7654321B')
  await field(page, 'Numéro de sécurité sociale (NIR)').fill(NIR_WRONG_KEY)
  await submit(page)
  await expectFieldError(
    page,
    'Numéro de sécurité sociale (NIR)',
    'La clé du numéro de sécurité sociale ne correspond pas aux 13 premiers caractères.',
  )
  await field(page, 'Numéro de sécurité sociale (NIR)').fill(NIR)
  await field(page, 'Genre').selectOption('M')
  await submit(page)
  await expectFieldError(
    page,
    'Numéro de sécurité sociale (NIR)',
    'Le numéro de sécurité sociale ne correspond pas au genre indiqué.',
  )

  // Valid now; the seeded Élodie Durand (12/04/1988) has the same names and birth date: a warning, nothing written.
  await field(page, 'Genre').selectOption('F')
  await field(page, 'Date de naissance').fill('1988-04-12')
  await field(page, 'Adresse').fill('5 place du Vieux-Marché, 76000 Rouen')
  await page.getByLabel('L’adresse est en quartier prioritaire de la ville (QPV)').check()
  await field(page, 'Lieu de résidence').selectOption({ label: 'Rouen' })
  await field(page, 'Statut').selectOption({ label: 'Nouveau' })
  await field(page, 'Enfants à charge').fill('2')
  await page.getByRole('checkbox', { name: 'Vélo' }).check()
  await submit(page)
  const warning = page.getByRole('alert').filter({ hasText: 'Ce candidat existe peut-être déjà' })
  await expect(warning).toBeVisible()
  await expect(warning).toBeFocused()
  await expect(warning.getByRole('link', { name: /Élodie Durand/ })).toHaveAttribute(
    'href',
    /^\/v2\/candidate\/[0-9a-f-]{36}$/,
  )
  await expect(warning).toContainText('né(e) le 12/04/1988')
  await expect(warning).toContainText('mêmes nom, prénom et date de naissance')
  const written = await onE2eDatabase<{ n: number }>(
    `select count(*)::int as n from candidates where last_name = 'DURAND'`,
  )
  expect(written[0]!.n).toBe(0)
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'create-duplicate')

  await warning.getByRole('button', { name: 'Créer quand même' }).click()
  await expect(page).toHaveURL(/\/v2\/candidate\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Candidat créé.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('elodie DURAND')
  expect(page.url()).not.toContain('76123789')

  // The sheet opens on its overview; the identity section: the NIR masked, shown on demand (an audited read).
  await page.getByRole('link', { name: 'Identité', exact: true }).click()
  await expect(page.getByRole('link', { name: 'Identité', exact: true })).toHaveAttribute('aria-current', 'page')
  const nirValue = page.getByTestId('nir-value')
  await expect(nirValue).toContainText('2 88 04 •• ••• ••• ••')
  await expect(page.getByText('76 123 789')).toHaveCount(0)
  await page.getByRole('button', { name: 'Afficher le NIR' }).click()
  await expect(nirValue).toHaveText(NIR)
  expect(page.url()).not.toContain('76123789')

  // The situation, with the custom fields as people read them.
  await page.getByRole('link', { name: 'Situation', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Situation et champs personnalisés' })).toBeVisible()
  for (const [label, value] of [
    ['Numéro CAF', '7654321'],
    ['Identifiant France Travail', '7654321B'],
    ['Lieu de résidence', 'Rouen'],
    ['Statut', 'Nouveau'],
    ['Référent', 'Romain Leroy'],
    ['Niveau de français', 'C1 - Avancé'],
    ['Enfants à charge', '2'],
    ['Moyens de déplacement', 'Vélo'],
  ]) {
    await expect(
      page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(value!)
  }

  // The history: the creation and the reading of the NIR, newest first, by Romain Leroy; no personal data.
  await page.getByRole('link', { name: 'Historique', exact: true }).click()
  const rows = page.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1)).toContainText('Consultation du numéro de sécurité sociale')
  await expect(rows.nth(2)).toContainText('Création de la fiche')
  await expect(rows.nth(1)).toContainText('Romain Leroy')
  await expect(page.getByRole('table')).not.toContainText('76 123')
  const audits = await onE2eDatabase<{ action: string; details: unknown }>(
    `select action, details from audit_log where entity_type = 'candidate' and entity_id = (select id::text from candidates where last_name = 'DURAND') order by at`,
  )
  expect(audits.map((a) => a.action).sort()).toEqual(['candidate.create', 'candidate.nir.read'])
  expect(JSON.stringify(audits)).not.toMatch(/DURAND|elodie|76123789/i)
})
