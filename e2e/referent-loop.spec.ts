import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, waitForSentMails, storageStateOf, waitForMail } from './fixtures'

/*
 * The loop in one test, as a referent lives it: create a candidate, import a list, prescribe the new candidate
 * to « Permis de conduire solidaire » from the sheet, the partner refuses it (has moved), and the referent finds the
 * answer in /v2/candidates/fup and on the sheet; the SMTP sink holds both emails. (Each validation message of the
 * form is walked through in candidate-create.spec.ts, the import's bad rows in candidates-import.spec.ts.)
 */
const ORG = '10000000-0000-4000-8000-000000000001'
const OFFER_PERMIS = '30000000-0000-4000-8000-000000000001'
const CSV = [
  'Nom;Prénom;Date de naissance;Téléphone;Lieu de résidence;Niveau de français',
  'Boucleimport;Agathe;09/09/1990;06 10 20 30 40;Rouen;B1 - Intermédiaire',
  'Boucleimport;Basile;31/13/1990;;Rouen;B1 - Intermédiaire',
  'Boucleimport;Céleste;10/10/1991;0610;Rouen;b1',
].join('\r\n')

test.describe.configure({ mode: 'serial', retries: 0 })

test.afterAll(async () => {
  await onE2eDatabase("DELETE FROM candidates WHERE organisation_id = $1 AND last_name = 'Boucleimport'", [ORG])
})

test('a referent creates, imports, prescribes; the partner answers; the referent reads the answer', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const since = Date.now()
  const referent = await browser.newContext({ storageState: storageStateOf('referent') })
  const page = await referent.newPage()

  // 1. Create: a server-side refusal first (the phone), then the candidate.
  await page.goto('/v2/candidate/create')
  await page.getByLabel('Prénom', { exact: true }).fill('Louise')
  await page.getByLabel('Nom', { exact: true }).fill('Bouclier')
  await page.getByLabel('Genre', { exact: true }).selectOption('F')
  await page.getByLabel('Date de naissance', { exact: true }).fill('1993-03-21')
  await page.getByLabel('Téléphone', { exact: true }).fill('06 12')
  await page.getByLabel('Niveau de français', { exact: true }).selectOption({ label: 'B1 - Intermédiaire' })
  await page.getByRole('button', { name: 'Créer le candidat' }).click()
  await expect(page.getByText("Le téléphone n'est pas complet", { exact: true })).toBeVisible()
  await page.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78')
  await page.getByRole('button', { name: 'Créer le candidat' }).click()
  await expect(page.getByText('Candidat créé.')).toBeVisible()
  await page.waitForURL(/\/v2\/candidate\/[0-9a-f-]{36}/)
  const candidateId = /\/v2\/candidate\/([0-9a-f-]{36})/.exec(page.url())![1]!
  const [created] = await onE2eDatabase<{ phone: string }>(
    'SELECT phone FROM candidates WHERE id = $1 AND organisation_id = $2',
    [candidateId, ORG],
  )
  expect(created?.phone).toBe('06 12 34 56 78')

  // 2. Import: one good row, two bad ones with their line numbers; only the good one is written.
  await page.goto('/v2/candidates/import')
  await page
    .getByLabel('Fichier CSV ou Excel (.xlsx)')
    .setInputFiles({ name: 'boucle.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') })
  await page.getByRole('button', { name: 'Analyser le fichier' }).click()
  await page.getByRole('button', { name: 'Vérifier les lignes' }).click()
  const errors = page.getByTestId('import-errors').locator('tbody tr')
  await expect(errors).toHaveCount(2)
  await expect(errors.nth(0)).toContainText('3')
  await expect(errors.nth(0)).toContainText('La date de naissance n’est pas valide')
  await expect(errors.nth(1)).toContainText('4')
  await expect(errors.nth(1)).toContainText("Le téléphone n'est pas complet")
  await page.getByRole('button', { name: 'Importer la ligne valide' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 candidat importé.' }).first()).toBeVisible()
  const imported = await onE2eDatabase<{ first_name: string }>(
    "SELECT first_name FROM candidates WHERE organisation_id = $1 AND last_name = 'Boucleimport'",
    [ORG],
  )
  expect(imported.map((r) => r.first_name)).toEqual(['Agathe'])

  // 3. Prescribe the created candidate from the sheet.
  await page.goto(`/v2/candidate/${candidateId}/prescriptions`)
  await page.getByRole('button', { name: 'Prescrire à une offre' }).click()
  const prescribe = page.getByRole('dialog', { name: 'Prescrire Louise Bouclier à une offre' })
  await prescribe
    .getByRole('combobox', { name: /Offre sociale/ })
    .selectOption({ label: 'Permis de conduire solidaire — Mobilité Solidaire' })
  await prescribe.getByLabel('Objectif de la prescription').fill('Obtenir le permis B pour un emploi de livreuse.')
  await prescribe.getByLabel('Je valide cette prescription').check()
  await prescribe.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await prescribe.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(
    page.getByText('Prescription envoyée au partenaire de l’offre « Permis de conduire solidaire ».'),
  ).toBeVisible()
  const partnerMail = await waitForMail('partenaire@passerelle.test', since, /socialApplyId=[0-9a-f-]{36}/)
  const applyId = new RegExp(`/offer/social/${OFFER_PERMIS}\\?socialApplyId=([0-9a-f-]{36})`).exec(partnerMail)![1]!

  // 4. The partner follows the emailed link and refuses: the candidate has moved.
  const partnerContext = await browser.newContext({ storageState: storageStateOf('partenaire') })
  const partner = await partnerContext.newPage()
  await partner.goto(`/offer/social/${OFFER_PERMIS}?socialApplyId=${applyId}`)
  const fup = partner.getByRole('dialog', { name: 'Compléter la prescription de Louise Bouclier' })
  await expect(fup.getByText('Obtenir le permis B pour un emploi de livreuse.')).toBeVisible()
  await fup.getByLabel('Prénom et nom de l’accompagnateur').fill('Paula Moreau')
  await fup.getByRole('radio', { name: 'Non intégré', exact: true }).check()
  await fup.getByRole('combobox', { name: /Motif/ }).selectOption({ label: 'A déménagé' })
  await fup.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(
    partner.getByText(
      'Votre réponse à la prescription a bien été transmise au référent. Retrouvez-là dans la page ci-dessous.',
    ),
  ).toBeVisible()
  await partnerContext.close()

  // 5. The referent reads the answer: the FUP list, then the sheet with the answered sheet's PDF.
  await waitForMail('referent@passerelle.test', since, /a répondu à votre prescription/)
  await page.goto('/v2/candidates/fup')
  const row = page.getByRole('row').filter({ hasText: 'Bouclier Louise' })
  await expect(row).toContainText('Permis de conduire solidaire')
  await expect(row).toContainText('Refusé')
  await expect(row).toContainText('A déménagé')
  await expectNoSeriousA11yViolations(page)

  await page.goto(`/v2/candidate/${candidateId}/prescriptions`)
  const sheetRow = page.getByRole('row').filter({ hasText: 'Permis de conduire solidaire' })
  await expect(sheetRow).toContainText('Refusé')
  await expect(sheetRow).toContainText('A déménagé')
  const download = page.waitForEvent('download')
  await sheetRow.getByRole('link', { name: /Fiche\.pdf/ }).click()
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', (await (await download).path())!, '-']).toString()
  expect(text).toContain('Louise Bouclier')
  expect(text).toContain('Obtenir le permis B pour un emploi de livreuse.')

  // The sink received both emails of the loop: the partner's deep link and the referent's answer.
  const partnerMails = await waitForSentMails(
    (m) => m.includes('To: partenaire@passerelle.test') && m.includes(`socialApplyId=${applyId}`),
  )
  expect(partnerMails).toHaveLength(1)
  const referentMails = await waitForSentMails(
    (m) => m.includes('To: referent@passerelle.test') && m.includes(`/v2/candidate/${candidateId}/prescriptions`),
  )
  expect(referentMails).toHaveLength(1)
  await referent.close()
})
