import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf, waitForSentMails } from './fixtures'

// A structure without an account (imported, no partner user) answers a prescription from the signed link that the
// prescription sent to its contact address: the referent is told where it goes before sending; the link, read out of
// the mail sink, opens the follow-up sheet signed out; the answer goes back to the referent.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const STRUCTURE = 'Atelier mécanique e2e sans compte'
const OFFER = 'Réparation solidaire e2e'
const CONTACT = 'accueil@garage-sans-compte.test'
const LAST_NAME = 'Lienrepondu'
let candidateId = ''
let link = ''

test.beforeAll(async () => {
  const [structure] = await onE2eDatabase<{ id: string }>(
    `insert into partner_structures (organisation_id, name, email) values ($1, $2, $3) returning id`,
    [SEINE_MARITIME, STRUCTURE, CONTACT],
  )
  await onE2eDatabase(`insert into organisation_partner_structures (organisation_id, structure_id) values ($1, $2)`, [
    SEINE_MARITIME,
    structure!.id,
  ])
  await onE2eDatabase(
    `insert into social_offers (structure_id, offer_id, name, source, provider_name) values ($1, 'e2e-lien', $2, 'test', $3)`,
    [structure!.id, OFFER, STRUCTURE],
  )
  const [c] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, referent_id) values ($1, 'Yanis', $2, 'demo-referent') returning id`,
    [SEINE_MARITIME, LAST_NAME],
  )
  candidateId = c!.id
})

test.afterAll(async () => {
  const applies = `(select id from social_applies where candidate_id = '${candidateId}')`
  await onE2eDatabase(`delete from notifications where payload->>'candidateId' = $1`, [candidateId])
  await onE2eDatabase(`update fups set answer_document_id = null where social_apply_id in ${applies}`)
  await onE2eDatabase(`delete from fups where social_apply_id in ${applies}`)
  await onE2eDatabase(`delete from social_applies where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from audit_log where entity_id = $1`, [candidateId])
  await onE2eDatabase(`delete from candidates where id = $1`, [candidateId])
  await onE2eDatabase(`delete from social_offers where name = $1`, [OFFER])
  const structure = `(select id from partner_structures where name = '${STRUCTURE}')`
  for (const table of ['audit_log', 'outbound_mails', 'read_journal', 'structure_account_requests'])
    await onE2eDatabase(`delete from ${table} where structure_id in ${structure}`)
  await onE2eDatabase(
    `delete from organisation_partner_structures where structure_id in (select id from partner_structures where name = $1)`,
    [STRUCTURE],
  )
  await onE2eDatabase(`delete from partner_structures where name = $1`, [STRUCTURE])
})

test('the referent sees where the prescription goes, and the structure’s contact address gets the signed link', async ({
  page,
}) => {
  await page.goto(`/v2/candidate/${candidateId}/prescriptions`)
  await page.getByRole('button', { name: 'Prescrire à une offre' }).click()
  const dialog = page.getByRole('dialog', { name: `Prescrire Yanis ${LAST_NAME} à une offre` })
  await dialog.getByLabel('Offre sociale').selectOption({ label: `${OFFER} — ${STRUCTURE}` })
  await expect(dialog).toContainText(`Envoyée à ${CONTACT}, la structure n’a pas de compte`)
  await dialog.getByLabel('Objectif de la prescription').fill('Réparer la voiture pour aller au travail.')
  await dialog.getByLabel('Je valide cette prescription').check()
  await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(dialog).toBeHidden()

  const [mail] = await waitForSentMails((m) => m.includes(`To: ${CONTACT}`))
  expect(mail).toContain(`l’offre «\u00a0${OFFER}\u00a0»`)
  expect(mail).not.toContain(LAST_NAME)
  link = /https?:\/\/\S+\/reponse\/\S+/.exec(mail!)![0]
})

test('signed out, the structure opens the link, answers, and the referent finds the answer', async ({
  browser,
  page,
}) => {
  const signedOut = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  const partner = await signedOut.newPage()
  await partner.goto(new URL(link).pathname)
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Une prescription attend votre réponse')
  await expect(partner.getByRole('heading', { name: `Prescription de Yanis ${LAST_NAME}` })).toBeVisible()
  await expectNoSeriousA11yViolations(partner)
  await screenshots(partner, 'answer-link')
  // The structure asks for an account from the same page.
  await partner.getByText('Demander un compte pour la structure').click()
  await partner.getByLabel('Prénom').fill('Jeanne')
  await partner.getByLabel('Nom', { exact: true }).fill('Garage')
  await partner.getByLabel('Email').fill('jeanne@garage-sans-compte.test')
  await partner.getByRole('button', { name: 'Envoyer la demande' }).click()
  await expect(partner.getByRole('status').filter({ hasText: 'Demande envoyée' })).toBeVisible()
  await partner.getByRole('button', { name: 'Répondre à la prescription' }).click()
  const dialog = partner.getByRole('dialog', { name: `Compléter la prescription de Yanis ${LAST_NAME}` })
  await dialog.getByLabel('Prénom et nom de l’accompagnateur').fill('Jeanne Garage')
  await dialog.getByRole('radio', { name: 'Intégré', exact: true }).check()
  await dialog.getByLabel('Date du 1er accueil').fill('2026-12-01')
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(partner.getByRole('status').filter({ hasText: 'Réponse envoyée' })).toContainText(
    'le référent est prévenu',
  )
  // The same link once answered: nothing of the person.
  await partner.reload()
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Cette prescription a déjà reçu une réponse')
  await expect(partner.getByText(LAST_NAME)).toHaveCount(0)
  // A link whose signature was changed opens nothing.
  await partner.goto(`${new URL(link).pathname.slice(0, -3)}abc`)
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Lien introuvable')
  await signedOut.close()

  await page.goto(`/v2/candidate/${candidateId}/prescriptions`)
  await expect(page.getByRole('main')).toContainText('Intégré')
  const [journal] = await onE2eDatabase<{ n: number }>(
    `select count(*)::int as n from read_journal where candidate_id = $1 and kind = 'fup.link'`,
    [candidateId],
  )
  expect(journal!.n).toBeGreaterThanOrEqual(1)
})
