import { expect, test } from '@playwright/test'
import {
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  signIn,
  completeOnboarding,
  storageStateOf,
  waitForMail,
  screenshots,
} from './fixtures'

// The directory: an administrator creates a partner structure, invites its partner and writes a social offer
// (a challenge, the FSE mode); the partner edits its own offer; a referent finds it through the challenge filter and
// prescribes to it; a counsellor creates an enterprise and a job offer, places two candidates and hires one, which
// fills the offer.
test.describe.configure({ mode: 'serial', retries: 0 })

const STRUCTURE = 'Épicerie Solidaire du Robec'
const SIRET = '71234567800015'
const OFFER = 'Ateliers numériques du Robec'
const PARTNER_EMAIL = 'partenaire.robec@passerelle.test'
const PARTNER_PASSWORD = 'Robec-Partenaire-2026!'
const ENTERPRISE = 'Menuiserie Caron'
const JOB = 'Aide menuisier'
const IMPORT_STRUCTURE = 'Atelier Vélo Solidaire'
const IMPORT_SIRET = '81234567800005'
const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const HABITAT = '20000000-0000-4000-8000-000000000002'

test.afterAll(async () => {
  const structure = `(select id from partner_structures where siret in ('${SIRET}', '${IMPORT_SIRET}'))`
  await onE2eDatabase(
    `delete from fups where social_apply_id in (select id from social_applies where structure_id in ${structure})`,
  )
  await onE2eDatabase(
    `delete from notifications where user_id in (select id from "user" where structure_id in ${structure})`,
  )
  await onE2eDatabase(`delete from social_applies where structure_id in ${structure}`)
  await onE2eDatabase(`delete from social_offers where structure_id in ${structure}`)
  await onE2eDatabase(`delete from organisation_partner_structures where structure_id in ${structure}`)
  await onE2eDatabase(`delete from outbound_mails where structure_id in ${structure}`)
  await onE2eDatabase(
    `delete from audit_log where structure_id in ${structure} or actor_id in (select id from "user" where structure_id in ${structure})`,
  )
  await onE2eDatabase(`delete from "user" where structure_id in ${structure}`)
  await onE2eDatabase(`delete from partner_structures where siret in ('${SIRET}', '${IMPORT_SIRET}')`)
  const enterprise = `(select id from enterprises where name = '${ENTERPRISE}')`
  await onE2eDatabase(
    `delete from job_placement_events where placement_id in (select p.id from job_placements p join job_offers j on j.id = p.job_offer_id where j.enterprise_id in ${enterprise})`,
  )
  await onE2eDatabase(
    `delete from job_placements where job_offer_id in (select id from job_offers where enterprise_id in ${enterprise})`,
  )
  await onE2eDatabase(`delete from job_offers where enterprise_id in ${enterprise}`)
  await onE2eDatabase(`delete from enterprises where name = '${ENTERPRISE}'`)
  await onE2eDatabase(`delete from social_offers where source = 'import-csv' and offer_id like 'e2e-%'`)
  await onE2eDatabase(`delete from challenges where organisation_id = $1`, [SEINE_MARITIME])
})

test('an administrator creates a partner structure, invites its partner and writes a social offer; the partner edits it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const admin = await (await browser.newContext({ storageState: storageStateOf('admin') })).newPage()
  await admin.goto('/partners/structure/default')
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Structures partenaires')
  await expect(admin.getByRole('table', { name: 'Structures partenaires' })).toContainText('Mobilité Solidaire')
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'structures')
  await admin.getByRole('link', { name: 'Ajouter une structure' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Ajouter une structure partenaire')
  await admin.getByLabel('Nom de la structure').fill(STRUCTURE)
  await admin.getByLabel('SIRET').fill('712 345 678 00016')
  await admin.getByRole('button', { name: 'Créer la structure' }).click()
  await expect(admin.getByText('Le SIRET doit compter 14 chiffres et sa clé doit être juste.').first()).toBeVisible()
  // An existing SIRET links the structure Passerelle already knows: here, one the organisation already works with.
  await admin.getByLabel('SIRET').fill('412 345 678 00012')
  await admin.getByRole('button', { name: 'Créer la structure' }).click()
  await expect(admin.locator('main').getByRole('alert')).toContainText(
    'Cette structure fait déjà partie de vos partenaires.',
  )
  await expect(admin.getByRole('link', { name: 'Ouvrir sa fiche' })).toBeVisible()
  await admin.getByLabel('SIRET').fill('712 345 678 00015')
  await admin.getByLabel('Adresse').fill('12 rue Eau-de-Robec, 76000 Rouen')
  await admin.getByLabel('Email').fill('contact@robec.test')
  await admin.getByLabel('Présentation').fill('Épicerie solidaire et ateliers d’inclusion numérique.')
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'structure-create')
  await admin.getByRole('button', { name: 'Créer la structure' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(STRUCTURE)
  await expect(admin.getByText('SIRET 712 345 678 00015')).toBeVisible()
  const structureUrl = admin.url()
  await expect(
    admin.getByText(/Gérée par «\u00a0Département de Seine-Maritime\u00a0» tant qu’elle n’a pas/),
  ).toBeVisible()

  // The partner's invitation: a 72-hour link by mail.
  const since = Date.now()
  await admin.getByRole('button', { name: 'Inviter un utilisateur' }).click()
  const invite = admin.getByRole('dialog', { name: 'Inviter un utilisateur de la structure' })
  await invite.getByLabel('Prénom').fill('Rose')
  await invite.getByRole('textbox', { name: 'Nom', exact: true }).fill('Caron')
  await invite.getByLabel('Email').fill(PARTNER_EMAIL)
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click()
  await expect(admin.getByText(`Invitation envoyée à ${PARTNER_EMAIL}.`).first()).toBeVisible()
  await expect(
    admin
      .getByRole('region', { name: 'Utilisateurs de la structure' })
      .or(admin.locator('section', { hasText: 'Utilisateurs de la structure' })),
  ).toContainText(PARTNER_EMAIL)

  // The social offer: rich text, a challenge, the FSE mode.
  await admin.getByRole('link', { name: 'Ajouter une offre sociale' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Nouvelle offre sociale')
  await admin.getByLabel('Nom de l’offre').fill(OFFER)
  const description = admin.getByRole('textbox', { name: 'Description' })
  await description.click()
  await admin.keyboard.type('Apprendre à utiliser un smartphone. ')
  await admin.getByRole('button', { name: 'Gras' }).click()
  // As a person does: bold is on and the caret back in the text before typing (the editor gives the focus back on the
  // next frame; keys typed before went to the button).
  await expect(admin.getByRole('button', { name: 'Gras' })).toHaveAttribute('aria-pressed', 'true')
  await expect(description).toBeFocused()
  await admin.keyboard.type('Gratuit')
  await admin.getByLabel('Début du service').fill('2026-12-01')
  await admin.getByLabel('Fin du service').fill('2026-11-01')
  await admin.getByRole('checkbox', { name: 'Numérique' }).check()
  await admin.getByRole('checkbox', { name: 'FSE+' }).check()
  // Tags by their names: a thématique typed as a person writes it, and a word of the organisation's own.
  const tags = admin.getByRole('list', { name: 'Étiquettes' }).getByRole('listitem')
  const addTag = admin.getByRole('combobox', { name: 'Ajouter une étiquette à l’offre' })
  await addTag.fill('creer une entreprise')
  await addTag.press('Enter')
  await addTag.fill('Smartphone')
  await admin.getByRole('button', { name: 'Ajouter l’étiquette à l’offre' }).click()
  await expect(tags).toHaveText(['Créer une entreprise', 'smartphone — étiquette libre'])
  // A word typed but not added is not lost when the form is sent.
  await addTag.fill('Tablette')
  await admin.getByRole('button', { name: 'Créer l’offre' }).click()
  await expect(tags).toHaveText(['Créer une entreprise', 'smartphone — étiquette libre', 'tablette — étiquette libre'])
  await expect(admin.getByText('La date de fin ne peut pas précéder la date de début.')).toBeVisible()
  await admin.getByLabel('Fin du service').fill('2027-06-30')
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'social-offer-form')
  await admin.getByRole('button', { name: 'Créer l’offre' }).click()
  await expect(admin.getByRole('heading', { level: 1, name: OFFER })).toBeVisible()
  await expect(admin.getByText('01/12/2026 - 30/06/2027')).toBeVisible()
  await expect(admin.locator('main')).toContainText('Numérique')
  await expect(admin.locator('main')).toContainText('FSE+')
  await expect(admin.locator('main strong', { hasText: 'Gratuit' })).toBeVisible()

  // The partner chooses a password from the mail, signs in and edits its own offer's description.
  const mail = await waitForMail(PARTNER_EMAIL, since, /\/new-password\?token=/)
  expect(mail).toContain('Département de Seine-Maritime')
  const link = /(http:\/\/\S+\/new-password\?token=\S+)/.exec(mail)![1]!
  const partner = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage()
  await partner.goto(link)
  await partner.getByLabel('Nouveau mot de passe').fill(PARTNER_PASSWORD)
  await partner.getByLabel('Confirmer le mot de passe').fill(PARTNER_PASSWORD)
  await partner.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click()
  await expect(partner.locator('main').getByRole('status')).toBeVisible()
  await signIn(partner, PARTNER_EMAIL, PARTNER_PASSWORD)
  // A new partner user goes through onboarding first, then lands on its structure.
  await completeOnboarding(partner, 'Animatrice numérique')
  await partner.getByRole('link', { name: 'Accéder à Passerelle' }).click()
  await expect(partner).toHaveURL('/partners/structure/dashboard')
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText(STRUCTURE)
  // Rose took up her account: the structure is hers to run now, no longer Seine-Maritime's.
  await admin.goto(structureUrl)
  await expect(admin.getByText('Gérée par ses propres utilisateurs\u00a0: Rose Caron.')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Modifier la structure' })).toHaveCount(0)
  await expect(admin.getByRole('button', { name: 'Inviter un utilisateur' })).toHaveCount(0)
  await partner.getByRole('link', { name: OFFER }).click()
  // As a person does: the offer's page is shown before its « Modifier » is pressed. Two lanes of the suite on 2 cores
  // can make the edit page's server render slower than an expectation's 10 s: its address is waited for longer.
  await expect(partner.getByRole('heading', { level: 1, name: OFFER })).toBeVisible()
  await partner.getByRole('link', { name: `Modifier l’offre ${OFFER}` }).click()
  await expect(partner).toHaveURL(/\/edit$/, { timeout: 30_000 })
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Modifier l’offre sociale')
  const editor = partner.getByRole('textbox', { name: 'Description' })
  await expect(editor).toContainText('Apprendre à utiliser un smartphone.')
  await expect(partner.getByRole('list', { name: 'Étiquettes' }).getByRole('listitem')).toHaveText([
    'Créer une entreprise',
    'smartphone — étiquette libre',
    'tablette — étiquette libre',
  ])
  await editor.click()
  await partner.keyboard.press('Control+End')
  await partner.keyboard.press('Enter')
  await partner.keyboard.type('Sur inscription, le jeudi après-midi.')
  await partner.getByRole('button', { name: 'Enregistrer l’offre' }).click()
  await expect(partner.getByRole('heading', { level: 1, name: OFFER })).toBeVisible()
  await expect(partner.locator('main')).toContainText('Sur inscription, le jeudi après-midi.')

  // Another partner (Mobilité Solidaire) cannot open the edit page: "not found".
  const offerId = new URL(partner.url()).pathname.split('/').at(-1)!
  const mobilite = await (await browser.newContext({ storageState: storageStateOf('partenaire') })).newPage()
  const response = await mobilite.goto(`/offer/social/${offerId}/edit`)
  expect(response?.status()).toBe(404)
})

test('a referent finds the offer through the challenge filter and prescribes to it', async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: storageStateOf('referent') })).newPage()
  await page.goto('/v2/offers/dashboard/social')
  await page.getByRole('button', { name: /Défi/ }).click()
  await page.getByRole('checkbox', { name: 'Numérique' }).check()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/challenge=/)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: OFFER }) })
  await expect(card).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Permis de conduire solidaire' })).toHaveCount(0)
  await card.getByRole('button', { name: `Prescrire à l’offre ${OFFER}` }).click()
  const dialog = page.getByRole('dialog', { name: `Prescrire à l’offre « ${OFFER} »` })
  await dialog.getByLabel('Rechercher un candidat').fill('fournier')
  await dialog.getByRole('radio', { name: /Fournier Inès/ }).check()
  await dialog.getByLabel('Objectif de la prescription').fill('Prendre en main les démarches en ligne.')
  await dialog.getByLabel('Je valide cette prescription').check()
  await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(page.getByText(`Prescription envoyée au partenaire de l’offre « ${OFFER} ».`)).toBeVisible()
})

test('a counsellor creates an enterprise and a job offer, places two candidates and hires one: the offer is filled', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const page = await (await browser.newContext({ storageState: storageStateOf('conseiller') })).newPage()
  await page.goto('/v2/enterprises/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entreprises')
  await expect(page.getByRole('table', { name: 'Entreprises' })).toContainText('Boulangerie Durand & Fils')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'enterprises')
  await page.getByRole('link', { name: 'Créer une entreprise' }).click()
  await page.getByLabel('Nom de l’entreprise').fill(ENTERPRISE)
  // A SIRET the organisation already has points to the existing sheet.
  await page.getByLabel('SIRET').fill('51234567800019')
  await page.getByRole('button', { name: 'Créer l’entreprise' }).click()
  await expect(page.locator('main').getByRole('alert')).toContainText(
    'Cette entreprise existe déjà dans votre organisation\u00a0: Boulangerie Durand & Fils.',
  )
  await page.getByLabel('SIRET').fill('')
  await page.getByLabel('Code NAF').fill('16.23Z')
  await page.getByRole('button', { name: 'Ajouter un contact' }).click()
  await page.getByLabel('Nom du contact 1').fill('Louis Caron')
  await page.getByLabel('Fonction du contact 1').fill('Gérant')
  await page.getByLabel('Téléphone du contact 1').fill('06 11 22 33 44')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'enterprise-create')
  await page.getByRole('button', { name: 'Créer l’entreprise' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ENTERPRISE)
  await expect(page.locator('main')).toContainText('Louis Caron')

  // Each empty section says why, with the button that fills it (the header keeps its own).
  await expect(page.getByRole('button', { name: 'Créer une offre d’emploi' })).toBeVisible()
  const offers = page.getByRole('region', { name: 'Offres d’emploi (0)' })
  await expect(offers.getByText('Aucune offre d’emploi pour cette entreprise.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Candidats positionnés (0)' })).toContainText(
    'Aucun candidat positionné sur les offres de cette entreprise.',
  )
  await expectNoSeriousA11yViolations(page)
  await offers.getByRole('button', { name: 'Créer sa première offre d’emploi' }).click()
  const form = page.getByRole('dialog', { name: 'Nouvelle offre d’emploi' })
  await form.getByLabel('Intitulé du poste').fill(JOB)
  await form.getByLabel('Code ROME').fill('H2206')
  await form.getByRole('combobox', { name: 'Contrat', exact: true }).selectOption({ label: 'CDD' })
  await form.getByRole('combobox', { name: 'Lieu', exact: true }).selectOption({ label: 'Rouen' })
  await form.getByLabel('Nombre de postes').fill('1')
  await expectNoSeriousA11yViolations(page)
  await form.getByRole('button', { name: 'Créer l’offre d’emploi' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(JOB)
  await expect(page.locator('main')).toContainText('0 / 1 poste pourvu')

  // Two candidates placed at once from the search.
  await page.getByRole('button', { name: 'Positionner des candidats' }).click()
  const place = page.getByRole('dialog', { name: 'Positionner des candidats' })
  await place.getByLabel('Rechercher un candidat').fill('durand')
  await place.getByRole('checkbox', { name: /Durand Élodie/ }).check()
  await place.getByLabel('Rechercher un candidat').fill('benali')
  await place.getByRole('checkbox', { name: /Benali Karim/ }).check()
  await expect(place).toContainText('Élodie Durand, Karim Benali')
  await place.getByRole('button', { name: 'Positionner 2 candidats' }).click()
  await expect(page.getByText('2 candidats positionnés.').first()).toBeVisible()
  const placed = page.getByRole('table', { name: `Candidats positionnés sur ${JOB}` })
  await expect(placed.getByRole('row')).toHaveCount(3)
  // The suggestions (read once the page is shown) leave them out, and give their reasons.
  const suggestions = page.locator('section[aria-labelledby="suggestions-title"]')
  await expect(suggestions).toHaveAttribute('aria-busy', 'false')
  await expect(suggestions).toContainText('Habite Rouen')
  await expect(suggestions).not.toContainText('Durand Élodie')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'job-offer')

  await placed.getByRole('button', { name: 'Changer le statut d’Élodie Durand' }).click()
  const status = page.getByRole('dialog', { name: 'Statut d’Élodie Durand' })
  await status.getByLabel('Statut').selectOption({ label: 'Embauché' })
  await status.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(
    page.getByText('Embauche enregistrée\u00a0: tous les postes de l’offre sont pourvus.').first(),
  ).toBeVisible()
  await expect(page.locator('main')).toContainText('1 / 1 poste pourvu')
  await expect(page.locator('main')).toContainText('Pourvue')
  // A filled offer takes no more placements; the second hire would be refused (integration test).
  await expect(page.getByRole('button', { name: 'Positionner des candidats' })).toHaveCount(0)

  // The list, and the candidate sheet's "Emploi".
  await page.goto('/v2/offers/dashboard/job')
  await page.getByLabel('Statut').selectOption({ label: 'Pourvue' })
  await expect(page).toHaveURL(/status=filled/)
  await expect(page.getByRole('table', { name: 'Offres d’emploi' })).toContainText(JOB)
  // The enterprise is searched as one types (an organisation has thousands), chosen with the keyboard.
  const filters = page.getByRole('search', { name: 'Filtrer les offres d’emploi' })
  const enterprise = filters.getByRole('combobox', { name: 'Entreprise', exact: true })
  await enterprise.fill('menuiserie car')
  const choices = filters.getByRole('listbox', { name: 'Choix pour « Entreprise »' })
  await expect(choices.getByRole('option', { name: ENTERPRISE })).toBeVisible()
  await enterprise.press('Enter')
  await expect(page).toHaveURL(/status=filled.*enterprise=|enterprise=.*status=filled/)
  await expect(enterprise).toHaveValue(ENTERPRISE)
  await expect(page.getByRole('table', { name: 'Offres d’emploi' })).toContainText(JOB)
  await page.reload()
  await expect(enterprise).toHaveValue(ENTERPRISE)
  await enterprise.fill('aucune entreprise de ce nom')
  await expect(filters.getByText('Aucune entreprise ayant des offres ne correspond.')).toBeVisible()
  await enterprise.press('Escape')
  // Another organisation's enterprise (or none) in a link filters nothing.
  await page.goto('/v2/offers/dashboard/job?enterprise=00000000-0000-4000-8000-0000000000ff')
  await expect(enterprise).toHaveValue('')
  await expect(page.getByRole('table', { name: 'Offres d’emploi' })).toContainText(JOB)
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'job-offers')
  const [elodie] = await onE2eDatabase<{ id: string }>(
    "select id from candidates where first_name = 'Élodie' and last_name = 'Durand'",
  )
  await page.goto(`/v2/candidate/${elodie!.id}/emploi`)
  await expect(page.getByRole('heading', { name: 'Emploi' })).toBeVisible()
  const history = page.getByRole('list', { name: `Historique du positionnement sur ${JOB}` })
  await expect(history).toContainText('Proposé')
  await expect(history).toContainText('Embauché')
  await expectNoSeriousA11yViolations(page)
})

test('an administrator edits the challenges, imports offers into a structure; another organisation finds nothing of it', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const admin = await (await browser.newContext({ storageState: storageStateOf('admin') })).newPage()
  await admin.goto('/v2/settings')
  await admin.getByRole('link', { name: 'Freins' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Freins')
  await admin.getByRole('textbox', { name: 'Nom du frein 1', exact: true }).fill('Mobilité et permis')
  await admin.getByRole('button', { name: 'Ajouter un frein' }).click()
  const last = await admin.getByRole('textbox', { name: /^Nom du frein \d+$/ }).count()
  await admin.getByRole('textbox', { name: `Nom du frein ${last}`, exact: true }).fill('Accès aux droits')
  await admin.getByRole('combobox', { name: `Icône du frein ${last}`, exact: true }).selectOption({ label: 'Balance' })
  await admin.getByRole('button', { name: 'Enregistrer les freins' }).click()
  await expect(admin.getByText('Choisissez au moins une thématique ou une étiquette.')).toBeVisible()
  // A thématique is chosen by its name, and shown by it.
  await admin
    .getByRole('combobox', { name: 'Ajouter une étiquette au frein Accès aux droits', exact: true })
    .fill('Accès aux droits et citoyenneté')
  await admin.getByRole('button', { name: 'Ajouter l’étiquette au frein Accès aux droits' }).click()
  await expect(admin.getByRole('list', { name: `Étiquettes du frein ${last}` }).getByRole('listitem')).toHaveText([
    'Accès aux droits et citoyenneté',
  ])
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'challenges')
  await admin.getByRole('button', { name: 'Enregistrer les freins' }).click()
  await expect(admin.getByText('Freins enregistrés.').first()).toBeVisible()
  await admin.reload()
  await expect(admin.getByRole('textbox', { name: 'Nom du frein 1', exact: true })).toHaveValue('Mobilité et permis')
  await expect(admin.getByRole('textbox', { name: `Nom du frein ${last}`, exact: true })).toHaveValue(
    'Accès aux droits',
  )
  await expect(admin.getByRole('list', { name: `Étiquettes du frein ${last}` }).getByRole('listitem')).toHaveText([
    'Accès aux droits et citoyenneté',
  ])

  // Another's structure: Habitat Relais is run by its own partner, so the organisation sees it without changing it.
  await admin.goto(`/partners/structure/${HABITAT}`)
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Habitat Relais')
  await expect(admin.getByRole('heading', { name: 'Réactivité' })).toBeVisible()
  await expect(admin.getByText('Gérée par ses propres utilisateurs\u00a0: Hugo Petit.')).toBeVisible()
  await expect(admin.getByRole('link', { name: 'Importer des offres' })).toHaveCount(0)
  await expect(admin.getByRole('button', { name: 'Modifier la structure' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'structure-sheet')
  // A structure it creates runs until a partner of its own takes it up: the import.
  await admin.goto('/partners/structure/create')
  await admin.getByLabel('Nom de la structure').fill(IMPORT_STRUCTURE)
  await admin.getByLabel('SIRET').fill(IMPORT_SIRET)
  await admin.getByRole('button', { name: 'Créer la structure' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(IMPORT_STRUCTURE)
  await admin.getByRole('link', { name: 'Importer des offres' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Importer des offres sociales')
  const csv = [
    'identifiant;nom;date de début;date de fin;étiquettes',
    'e2e-1;Colocation solidaire;01/01/2027;31/12/2027;logement',
    'e2e-2;Sans dates correctes;01/12/2027;01/01/2027;logement',
  ].join('\n')
  await admin
    .getByLabel(`Fichier des offres d’${IMPORT_STRUCTURE}`)
    .setInputFiles({ name: 'offres.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await admin.getByRole('button', { name: 'Vérifier le fichier' }).click()
  const errors = admin.getByRole('table', { name: 'Lignes en erreur' })
  await expect(errors).toContainText('3')
  await expect(errors).toContainText('La date de fin précède la date de début')
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'offer-import')
  await admin.getByRole('button', { name: 'Importer 1 offre' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(IMPORT_STRUCTURE)
  await expect(admin.getByRole('table', { name: `Offres sociales d’${IMPORT_STRUCTURE}` })).toContainText(
    'Colocation solidaire',
  )

  // The enterprise's sheet.
  await admin.goto('/v2/enterprises/dashboard')
  await admin.getByRole('link', { name: 'Boulangerie Durand & Fils' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Boulangerie Durand & Fils')
  await expect(admin.locator('main')).toContainText('Vendeur ou vendeuse en boulangerie')
  await expect(admin.getByRole('heading', { name: 'Historique' })).toBeVisible()
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'enterprise-sheet')
  const enterpriseUrl = admin.url()

  // Lyon's referent: Seine-Maritime's enterprise and structure are "not found".
  const lyon = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage()
  await signIn(lyon, 'referent.lyon@passerelle.test')
  expect((await lyon.goto(enterpriseUrl))?.status()).toBe(404)
  expect((await lyon.goto(`/partners/structure/${HABITAT}`))?.status()).toBe(404)
})
