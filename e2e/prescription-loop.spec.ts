import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import {
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  waitForSentMails,
  storageStateOf,
  waitForMail,
  shot,
} from './fixtures'

// The demo seed's fixed id of "Permis de conduire solidaire" (lib/db/seed.ts).
const OFFER_PERMIS = '30000000-0000-4000-8000-000000000001'
const SCREENS = `test-results/screens-${process.env.E2E_PORT ?? 3210}`

// The loop changes the demo data (a prescription, an answer): a retry would find it done.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

/** Chromium screenshots of a screen at 1440 px and 390 px wide, to look at. */
async function screens(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true })
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, { path: `${SCREENS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

let antoineId = ''
let applyId = ''

test('the referent prescribes Antoine Blanc to « Permis de conduire solidaire » from the directory', async ({
  page,
}) => {
  const [antoine] = await onE2eDatabase<{ id: string }>(
    "select id from candidates where first_name = 'Antoine' and last_name = 'Blanc'",
  )
  antoineId = antoine!.id
  const since = Date.now()

  await page.goto('/v2/offers/dashboard/social')
  await expect(page.getByRole('heading', { level: 1, name: 'Offres sociales' })).toBeVisible()
  // Five seeded offers, the one of the structure without an account (db/seed/answer-links.ts) and the one with a
  // waitlist (db/seed/waitlist.ts).
  await expect(page.getByText('7 offres')).toBeVisible()
  // Expired offers are shown, not prescribable.
  const expired = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Atelier vélo 2025' }) })
  await expect(expired).toContainText('Offre expirée')
  await expect(expired.getByRole('button', { name: /Prescrire/ })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await screens(page, 'directory')

  // Filters live in the URL; the search applies after the debounce.
  await page.getByLabel('Rechercher une offre').fill('permis')
  await expect(page).toHaveURL(/q=permis/)
  await expect(page.getByText('1 offre correspondant aux filtres')).toBeVisible()
  await page.getByRole('button', { name: /Mode de financement/ }).click()
  await page.getByRole('checkbox', { name: 'FSE+' }).check()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/financing=fse/)
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Permis de conduire solidaire' }) })
  await expect(card).toContainText('Mobilité Solidaire')
  await expect(card).toContainText('05/01/2026 - 31/12/2028')
  await expect(card.getByRole('link', { name: 'Permis de conduire solidaire' })).toHaveAttribute(
    'href',
    `/offer/social/${OFFER_PERMIS}`,
  )

  await card.getByRole('button', { name: 'Prescrire à l’offre Permis de conduire solidaire' }).click()
  const dialog = page.getByRole('dialog', { name: 'Prescrire à l’offre « Permis de conduire solidaire »' })
  await expect(dialog).toBeVisible()
  // Prefilled from the signed-in referent and the organisation.
  await expect(dialog.getByLabel('Référent RSA')).toHaveValue('Romain Leroy')
  await expect(dialog.getByLabel('Structure')).toHaveValue('Département de Seine-Maritime')
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('referent@passerelle.test')

  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('pas-un-email')
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(dialog.getByText('Choisissez le candidat à prescrire')).toBeVisible()
  await expect(dialog.getByText('L’objectif de la prescription est obligatoire')).toBeVisible()
  await expect(dialog.getByText("L'email n'est pas bien formaté")).toBeVisible()
  await expect(dialog.getByText('Vous devez valider la prescription')).toBeVisible()
  await expect(dialog.getByText('L’accord du bénéficiaire pour cette demande est obligatoire')).toBeVisible()

  await dialog.getByLabel('Rechercher un candidat').fill('blanc')
  await dialog.getByRole('radio', { name: /Blanc Antoine/ }).check()
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('referent@passerelle.test')
  await dialog.getByLabel('Objectif de la prescription').fill('Passer le permis B pour un poste d’aide à domicile.')
  await dialog.getByLabel('Je valide cette prescription').check()
  await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await expectNoSeriousA11yViolations(page)
  await screens(page, 'prescribe-dialog')
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(
    page.getByText('Prescription envoyée au partenaire de l’offre « Permis de conduire solidaire ».'),
  ).toBeVisible()
  await expect(dialog).toBeHidden()

  // The partner structure's user gets the deep link, and nothing about the candidate.
  const mail = await waitForMail('partenaire@passerelle.test', since, /socialApplyId=[0-9a-f-]{36}/)
  expect(mail).toContain('Subject: Une nouvelle prescription vous attend')
  expect(mail).not.toContain('Blanc')
  applyId = new RegExp(`/offer/social/${OFFER_PERMIS}\\?socialApplyId=([0-9a-f-]{36})`).exec(mail)![1]!

  // A second prescription of the same candidate to the same offer is refused.
  await page.goto('/v2/offers/dashboard/social?q=permis')
  await page.getByRole('button', { name: 'Prescrire à l’offre Permis de conduire solidaire' }).click()
  await dialog.getByLabel('Rechercher un candidat').fill('blanc')
  await dialog.getByRole('radio', { name: /Blanc Antoine/ }).check()
  await dialog.getByLabel('Objectif de la prescription').fill('Encore')
  await dialog.getByLabel('Je valide cette prescription').check()
  await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Ce candidat a déjà une prescription en cours pour cette offre.')
})

test('the partner opens the emailed link and answers: integrated', async ({ browser }) => {
  const partner = await browser.newContext({ storageState: storageStateOf('partenaire') })
  const page = await partner.newPage()
  const since = Date.now()
  await page.goto(`/offer/social/${OFFER_PERMIS}?socialApplyId=${applyId}`)
  const dialog = page.getByRole('dialog', { name: 'Compléter la prescription d’Antoine Blanc' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Passer le permis B pour un poste d’aide à domicile.')).toBeVisible()
  // Her own name is already there: she is signed in.
  await expect(dialog.getByLabel('Prénom et nom de l’accompagnateur')).toHaveValue('Paula Moreau')
  await dialog.getByLabel('Email').fill('permis@mobilite-solidaire.test')
  await dialog.getByRole('radio', { name: 'Intégré', exact: true }).check()
  await dialog.getByLabel('Date du 1er accueil').fill('2026-12-01')
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(
    page.getByText(
      'Votre réponse à la prescription a bien été transmise au référent. Retrouvez-là dans la page ci-dessous.',
    ),
  ).toBeVisible()
  // The mail's link again: the answer, read-only, not a blank form.
  await page.goto(`/offer/social/${OFFER_PERMIS}?socialApplyId=${applyId}`)
  const answered = page.getByRole('dialog', { name: 'Prescription d’Antoine Blanc' })
  await expect(answered.getByRole('status')).toContainText('Cette prescription a reçu sa réponse le')
  await expect(answered).toContainText('Intégré')
  await expect(answered).toContainText('Paula Moreau')
  await expect(answered.getByRole('link', { name: 'Réponse du partenaire (PDF)' })).toBeVisible()
  await expect(answered.getByRole('button', { name: 'Envoyer la réponse' })).toHaveCount(0)
  const mail = await waitForMail('referent@passerelle.test', since, /a répondu à votre prescription/)
  expect(mail).toContain('le candidat est intégré')
  expect(mail).toContain(`/v2/candidate/${antoineId}/prescriptions`)
  await partner.close()
})

test('the referent sees the answer in the FUP list, the actions dashboard and the candidate sheet', async ({
  page,
}) => {
  await page.goto('/v2/candidates/fup')
  await expect(page.getByRole('heading', { level: 1, name: 'Suivi des prescriptions' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Blanc Antoine' })
  await expect(row).toContainText('Permis de conduire solidaire')
  await expect(row).toContainText('Intégré')
  await expect(row.getByRole('link', { name: /Réponse du partenaire \(PDF\)/ })).toBeVisible()
  // Filters apply as they change, kept in the URL.
  await page.getByLabel('État').selectOption({ label: 'Intégré' })
  await expect(page).toHaveURL(/state=INTEGRATED_CANDIDATE/)
  await expect(page.getByRole('row').filter({ hasText: 'Blanc Antoine' })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: 'Durand Élodie' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await screens(page, 'fup')

  await page.goto('/v2/actions/dashboard')
  const answers = page.getByRole('table', { name: 'Réponses reçues' })
  await expect(answers.getByRole('row').filter({ hasText: 'Blanc Antoine' })).toContainText('Non lue')
  const unanswered = page.getByRole('table', { name: 'Prescriptions sans réponse depuis plus de 10 jours' })
  // The referent's oldest prescription still waiting (other specs answer some of the seeded ones).
  const [waiting] = await onE2eDatabase<{ name: string }>(
    `select c.last_name || ' ' || c.first_name as name from social_applies a join candidates c on c.id = a.candidate_id
     where a.author_id = 'demo-referent' and a.state = 'PRESCRIPTION_FILLED' and not a.archived and a.prescription_date < now() - interval '10 days'
     order by a.prescription_date limit 1`,
  )
  await expect(unanswered.getByRole('row').filter({ hasText: waiting!.name })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screens(page, 'actions')
  await page.getByRole('button', { name: 'Tout marquer comme lu' }).click()
  // Other specs' answers may be unread too: one or several are marked.
  await expect(page.getByText(/^(Réponse marquée comme lue|\d+ réponses marquées comme lues)\.$/)).toBeVisible()
  await expect(answers.getByRole('row').filter({ hasText: 'Blanc Antoine' })).not.toContainText('Non lue')

  await page.goto(`/v2/candidate/${antoineId}/prescriptions`)
  const sheetRow = page.getByRole('row').filter({ hasText: 'Permis de conduire solidaire' })
  await expect(sheetRow).toContainText('Intégré')
  await expect(sheetRow).toContainText('1er accueil le 01/12/2026')
  const download = page.waitForEvent('download')
  await sheetRow.getByRole('link', { name: /Fiche\.pdf/ }).click()
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await (await download).path(), '-']).toString()
  expect(text).toContain('Antoine Blanc')
  expect(text).toContain('Passer le permis B pour un poste d’aide à domicile.')
  await expectNoSeriousA11yViolations(page)
  await screens(page, 'sheet-prescriptions')

  // The sink received both emails of the loop.
  const partnerMails = await waitForSentMails(
    (m) => m.includes('To: partenaire@passerelle.test') && m.includes(`socialApplyId=${applyId}`),
  )
  expect(partnerMails).toHaveLength(1)
  const referentMails = await waitForSentMails(
    (m) => m.includes('To: referent@passerelle.test') && m.includes(`/v2/candidate/${antoineId}/prescriptions`),
  )
  expect(referentMails).toHaveLength(1)
})

test('from the sheet: a manual prescription, then its status recorded by the referent', async ({ page }) => {
  await page.goto(`/v2/candidate/${antoineId}/prescriptions`)
  await page.getByRole('button', { name: 'Prescrire à une offre' }).click()
  const dialog = page.getByRole('dialog', { name: 'Prescrire Antoine Blanc à une offre' })
  // The offers arrive once the dialog is open; among them, no expired one.
  await expect(
    dialog.getByRole('combobox', { name: /Offre sociale/ }).locator('option', { hasText: 'Garage solidaire' }),
  ).toHaveCount(1)
  await expect(
    dialog.getByRole('combobox', { name: /Offre sociale/ }).locator('option', { hasText: 'Atelier vélo 2025' }),
  ).toHaveCount(0)
  await dialog
    .getByRole('combobox', { name: /Offre sociale/ })
    .selectOption({ label: 'Garage solidaire — Mobilité Solidaire' })
  await dialog.getByRole('radio', { name: /Prescription manuelle/ }).check()
  await dialog.getByRole('button', { name: 'Enregistrer la prescription manuelle' }).click()
  await expect(page.getByText('Prescription manuelle enregistrée.')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Garage solidaire' })
  await expect(row).toContainText('En attente de réponse')
  await expect(row).toContainText('Prescription manuelle')

  await row
    .getByRole('button', { name: 'Mettre à jour le statut de la prescription à l’offre Garage solidaire' })
    .click()
  const status = page.getByRole('dialog', { name: 'Mettre à jour le statut' })
  await status.getByRole('radio', { name: 'Refusé' }).check()
  await status.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(status.getByText('Le motif est obligatoire')).toBeVisible()
  await status.getByRole('combobox', { name: /Motif/ }).selectOption({ label: 'A retrouvé un emploi' })
  await expectNoSeriousA11yViolations(page)
  await status.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Statut de la prescription mis à jour.')).toBeVisible()
  await expect(row).toContainText('Refusé')
  await expect(row).toContainText('A retrouvé un emploi')
})
