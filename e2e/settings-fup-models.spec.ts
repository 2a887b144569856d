import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// An administrator builds a FUP model with two additional fields; a referent fills them when
// prescribing; the partner reads them in the FUP and its PDF.
test.describe.configure({ mode: 'serial', retries: 0 })

const SCOOTER = '30000000-0000-4000-8000-000000000002'
const MODEL = 'Fiche scooter'

test.afterAll(async () => {
  await onE2eDatabase(
    `delete from fups where social_apply_id in (select id from social_applies where social_offer_id = $1)`,
    [SCOOTER],
  )
  await onE2eDatabase(`delete from social_applies where social_offer_id = $1`, [SCOOTER])
  await onE2eDatabase(`delete from fup_models where name = $1`, [MODEL])
})

test('the administrator builds a model, the referent fills its fields, the partner reads them in the FUP and its PDF', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const admin = await (await browser.newContext({ storageState: storageStateOf('admin') })).newPage()
  await admin.goto('/v2/settings/modeles')
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Modèles de documents')
  // The demo's model of Habitat Relais.
  await expect(admin.getByRole('table', { name: 'Modèles de fiches de prescription' })).toContainText(
    'Fiche logement Habitat Relais',
  )
  await admin.getByRole('button', { name: 'Créer un modèle' }).click()
  const create = admin.getByRole('dialog', { name: 'Créer un modèle' })
  await create.getByLabel('Nom du modèle').fill(MODEL)
  await create.getByLabel('Structure partenaire').selectOption({ label: 'Mobilité Solidaire' })
  await create.getByLabel('Offre').selectOption({ label: 'Location de scooters à 1 €' })
  await create.getByRole('button', { name: 'Créer le modèle' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(MODEL)

  await admin.getByRole('button', { name: 'Ajouter un champ' }).click()
  await admin.getByLabel('Libellé du champ 1').fill('Permis AM obtenu')
  await admin.getByLabel('Type du champ 1').selectOption({ label: 'Oui / non' })
  await admin.getByLabel('Champ 1 obligatoire').check()
  await admin.getByRole('button', { name: 'Ajouter un champ' }).click()
  await admin.getByLabel('Libellé du champ 2').fill('Trajet quotidien')
  await admin.getByLabel('Type du champ 2').selectOption({ label: 'Liste' })
  // A list without choices is refused.
  await admin.getByRole('button', { name: 'Enregistrer le modèle' }).click()
  await expect(admin.getByText('Une liste a au moins un choix\u00a0: écrivez-en un par ligne.')).toBeVisible()
  await admin.getByLabel('Choix du champ 2').fill('Moins de 10 km\nDe 10 à 30 km\nPlus de 30 km')
  await admin.getByRole('button', { name: 'Ajouter un logo' }).click()
  await admin.getByLabel('Libellé du logo 1').fill('Région Normandie')
  await admin.getByLabel('Valeur du logo 1').fill('region-normandie')
  await admin.getByLabel('Adresse de l’image du logo 1').fill('/logos/region-normandie.svg')
  await expectNoSeriousA11yViolations(admin)
  await admin.getByRole('button', { name: 'Enregistrer le modèle' }).click()
  await expect(admin.getByText('Modèle enregistré. Les prochaines prescriptions le suivent.').first()).toBeVisible()
  await admin.reload()
  await expect(admin.getByLabel('Libellé du champ 2')).toHaveValue('Trajet quotidien')
  await screenshots(admin, 'fup-model')

  // The referent prescribes Fatou Camara to the scooters: the model's fields are asked.
  const referent = await (await browser.newContext({ storageState: storageStateOf('referent') })).newPage()
  await referent.goto('/v2/candidates/dashboard?q=camara')
  await referent
    .getByRole('link', { name: /Camara Fatou/ })
    .first()
    .click()
  // The overview has its own "Prescrire à une offre": wait for the Prescriptions tab, or the click may open the
  // overview's dialog just before the navigation replaces it.
  await referent
    .getByRole('link', { name: /Prescriptions/ })
    .first()
    .click()
  await expect(referent).toHaveURL(/\/prescriptions$/)
  await expect(referent.getByRole('link', { name: 'Prescriptions', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await referent.getByRole('button', { name: 'Prescrire à une offre' }).click()
  const dialog = referent.getByRole('dialog', { name: 'Prescrire Fatou Camara à une offre' })
  await dialog
    .getByRole('combobox', { name: /Offre sociale/ })
    .selectOption({ label: 'Location de scooters à 1 € — Mobilité Solidaire' })
  await expect(dialog.getByRole('group', { name: 'Informations demandées par le partenaire' })).toBeVisible()
  await dialog.getByLabel('Objectif de la prescription').fill('Se rendre à son nouvel emploi à Elbeuf.')
  await dialog.getByLabel('Je valide cette prescription').check()
  await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(dialog.getByText('Le champ « Permis AM obtenu » est obligatoire')).toBeVisible()
  await dialog.getByRole('combobox', { name: /Permis AM obtenu/ }).selectOption({ label: 'Oui' })
  await dialog.getByRole('combobox', { name: /Trajet quotidien/ }).selectOption({ label: 'De 10 à 30 km' })
  await expectNoSeriousA11yViolations(referent)
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(
    referent.getByText('Prescription envoyée au partenaire de l’offre « Location de scooters à 1 € ».'),
  ).toBeVisible()

  // The partner reads them in the FUP dialog, answers with the model's logo, and finds them on the answered PDF.
  const partner = await (await browser.newContext({ storageState: storageStateOf('partenaire') })).newPage()
  await partner.goto(`/offer/social/${SCOOTER}`)
  await partner.getByRole('button', { name: 'Compléter la prescription de Fatou Camara' }).click()
  const fup = partner.getByRole('dialog', { name: 'Compléter la prescription de Fatou Camara' })
  // The dialog opens on the decision; the beneficiary's part, with the model's fields, is one click away.
  await fup.locator('summary', { hasText: 'Bénéficiaire' }).click()
  await expect(fup.getByText('Permis AM obtenu', { exact: true })).toBeVisible()
  await expect(fup.getByText('De 10 à 30 km', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(partner)
  await fup.getByLabel('Prénom et nom de l’accompagnateur').fill('Paula Moreau')
  await fup.getByLabel('Nom du partenaire').fill('Mobilité Solidaire')
  await fup.getByLabel('Email').fill('permis@mobilite-solidaire.test')
  await fup.getByRole('radio', { name: 'Intégré', exact: true }).check()
  await fup.getByLabel('Date du 1er accueil').fill('2026-11-20')
  await fup.getByRole('checkbox', { name: /Région Normandie/ }).check()
  await fup.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(fup).toBeHidden()
  await expect(partner.getByRole('tab', { name: /Candidats intégrés/ })).toHaveAttribute('aria-selected', 'true')
  await partner.goto(`/offer/social/${SCOOTER}?tab=INTEGRATED_CANDIDATE`)
  const row = partner.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Camara Fatou' })
  const download = partner.waitForEvent('download')
  await row.getByRole('link', { name: 'Fiche.pdf' }).click()
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await (await download).path(), '-'])
    .toString()
    .replace(/\s+/g, ' ')
  expect(text).toContain('Permis AM obtenu : Oui')
  expect(text).toContain('Trajet quotidien : De 10 à 30 km')
  expect(text).toContain('Intégré')
  expect(text).toContain('Financeurs Région Normandie')
})

// A logo shows its image, not only its address.
test('a sponsor logo is shown as its image; a missing or outside image says so', async ({ browser }) => {
  const admin = await (await browser.newContext({ storageState: storageStateOf('admin') })).newPage()
  await admin.goto('/v2/settings/modeles')
  await admin.getByRole('link', { name: 'Fiche logement Habitat Relais' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Fiche logement Habitat Relais')
  const address = admin.getByLabel('Adresse de l’image du logo 1')
  const logos = admin
    .getByRole('region', { name: 'Logos des financeurs' })
    .or(admin.locator('section[aria-labelledby="model-logos"]'))
  // The demo's logo is drawn from its file; an address that names no file of Passerelle's says so.
  await expect(address).toHaveValue('/logos/region-normandie.svg')
  const image = logos.getByRole('img', { name: 'Logo Région Normandie' })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await address.fill('/logos/introuvable.svg')
  await expect(logos.getByText('Image introuvable')).toBeVisible()

  await address.fill('https://exemple.test/logo.png')
  await expect(logos.getByText('Aperçu indisponible (image d’un autre site)')).toBeVisible()
  await expect(logos.getByRole('img')).toHaveCount(0)
  await admin.context().close()
})
