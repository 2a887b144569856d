import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf } from './fixtures'

// Two people of the partner structure open the same prescription: one answers; the other's answer is not sent, and the
// dialog says so and shows the answer that was given instead of the form. And a prescription that expired unanswered
// is still found by the partner, on its dashboard.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('partenaire') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const MOBILITE = '20000000-0000-4000-8000-000000000001'
const OFFER_PERMIS = '30000000-0000-4000-8000-000000000001'
const LAST_NAME = 'Doublereponse'
let candidateId = ''
let applyId = ''

test.beforeAll(async () => {
  const [c] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, referent_id) values ($1, 'Lou', $2, 'demo-referent') returning id`,
    [SEINE_MARITIME, LAST_NAME],
  )
  candidateId = c!.id
  const [a] = await onE2eDatabase<{ id: string }>(
    `insert into social_applies (organisation_id, structure_id, social_offer_id, candidate_id, state, prescription_date, author_id)
     values ($1, $2, $3, $4, 'PRESCRIPTION_FILLED', now() - interval '2 days', 'demo-referent') returning id`,
    [SEINE_MARITIME, MOBILITE, OFFER_PERMIS, candidateId],
  )
  applyId = a!.id
  // Another of hers, expired unanswered two days ago.
  await onE2eDatabase(
    `insert into social_applies (organisation_id, structure_id, social_offer_id, candidate_id, state, prescription_date, expired_at, author_id)
     values ($1, $2, $3, $4, 'EXPIRED', now() - interval '62 days', now() - interval '2 days', 'demo-referent')`,
    [SEINE_MARITIME, MOBILITE, OFFER_PERMIS, candidateId],
  )
  // The sheet of a seeded pending prescription to the same offer, as this one's.
  await onE2eDatabase(
    `insert into fups (social_apply_id, name, beneficiary, prescription, sponsors_logo)
     select $1, f.name, f.beneficiary, f.prescription, f.sponsors_logo from fups f
     join social_applies a on a.id = f.social_apply_id
     where a.social_offer_id = $2 and a.state = 'PRESCRIPTION_FILLED' limit 1`,
    [applyId, OFFER_PERMIS],
  )
})

test.afterAll(async () => {
  await onE2eDatabase(`delete from notifications where payload->>'applyId' = $1`, [applyId])
  await onE2eDatabase(`delete from fups where social_apply_id = $1`, [applyId])
  await onE2eDatabase(`delete from social_applies where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from audit_log where entity_id = $1 or entity_id = $2`, [applyId, candidateId])
  await onE2eDatabase(`delete from candidates where id = $1`, [candidateId])
})

test('an answer given meanwhile by a colleague: the second is not sent, and the dialog shows the first', async ({
  page,
  browser,
}) => {
  await page.goto(`/offer/social/${OFFER_PERMIS}?socialApplyId=${applyId}`)
  const dialog = page.getByRole('dialog', { name: `Compléter la prescription de Lou ${LAST_NAME}` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: 'Intégré', exact: true }).check()
  await dialog.getByLabel('Date du 1er accueil').fill('2026-12-02')

  // Meanwhile, a colleague answers it elsewhere.
  const colleague = await browser.newContext({ storageState: storageStateOf('partenaire') })
  const other = await colleague.newPage()
  await other.goto(`/offer/social/${OFFER_PERMIS}?socialApplyId=${applyId}`)
  const theirs = other.getByRole('dialog', { name: `Compléter la prescription de Lou ${LAST_NAME}` })
  await theirs.getByLabel('Prénom et nom de l’accompagnateur').fill('Collègue Mobilité')
  await theirs.getByRole('radio', { name: 'Non intégré', exact: true }).check()
  await theirs.getByLabel('Motif').selectOption({ label: 'Hors territoire' })
  await theirs.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(theirs).toBeHidden()
  await colleague.close()

  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
  const closed = page.getByRole('dialog', { name: `Prescription de Lou ${LAST_NAME}` })
  await expect(closed.getByRole('status')).toContainText(
    'Votre réponse n’a pas été envoyée\u00a0: cette prescription a reçu sa réponse le',
  )
  await expect(closed).toContainText('Non intégré')
  await expect(closed).toContainText('Hors territoire')
  await expect(closed).toContainText('Collègue Mobilité')
  await expectNoSeriousA11yViolations(page)
  // The footer's button (the dialog's corner has its own "Fermer").
  await closed.getByRole('button', { name: 'Fermer' }).last().click()
  await expect(closed).toBeHidden()
})

test('a prescription that expired unanswered stays on the partner’s dashboard, out of the three tabs', async ({
  page,
}) => {
  await page.goto('/partners/structure/dashboard')
  const expired = page.getByRole('table', { name: 'Prescriptions expirées sans réponse' })
  await expect(expired.getByRole('row').filter({ hasText: `${LAST_NAME} Lou` })).toContainText(
    'Permis de conduire solidaire',
  )
  await expectNoSeriousA11yViolations(page)
})
