import { expect, test } from '@playwright/test'
import {
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  runScheduledJob,
  screenshots,
  sentMails,
  setAppClock,
  signIn,
  storageStateOf,
  waitForSentMails,
} from './fixtures'

// A partner who chose the daily digest on their account page gets no mail when three prescriptions arrive, then ONE
// mail listing the three when the 8:00 job runs (a fixed clock: a Tuesday), and nothing more from a second run.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const STRUCTURE = 'Recyclerie e2e du récapitulatif'
const OFFER = 'Vélo récapitulatif e2e'
const PARTNER = 'recap.quotidien@recyclerie-e2e.test'
const LAST_NAMES = ['Recapun', 'Recapdeux', 'Recaptrois']
const TUESDAY_8AM = '2026-12-01T07:00:00.000Z'
let structureId = ''
let partnerId = ''
const candidateIds: string[] = []

test.beforeAll(async () => {
  const [structure] = await onE2eDatabase<{ id: string }>(
    `insert into partner_structures (organisation_id, name) values ($1, $2) returning id`,
    [SEINE_MARITIME, STRUCTURE],
  )
  structureId = structure!.id
  await onE2eDatabase(`insert into organisation_partner_structures (organisation_id, structure_id) values ($1, $2)`, [
    SEINE_MARITIME,
    structureId,
  ])
  await onE2eDatabase(
    `insert into social_offers (structure_id, offer_id, name, source, provider_name) values ($1, 'e2e-recap', $2, 'test', $3)`,
    [structureId, OFFER, STRUCTURE],
  )
  // A partner user of the structure, on one mail per prescription until they choose, with the demo's password.
  const [partner] = await onE2eDatabase<{ id: string }>(
    `insert into "user" (id, name, email, email_verified, first_name, last_name, role, structure_id, onboarded_at, terms_version, terms_accepted_at, prescription_mails)
     select 'e2e-recap-partner', 'Rémi Récap', $1, true, 'Rémi', 'Récap', 'fullPartner', $2, onboarded_at, terms_version, terms_accepted_at, 'perPrescription'
     from "user" where id = 'demo-partenaire' returning id`,
    [PARTNER, structureId],
  )
  partnerId = partner!.id
  await onE2eDatabase(
    `insert into account (id, account_id, provider_id, user_id, password)
     select 'e2e-recap-partner-credential', $1, 'credential', $1, password from account where user_id = 'demo-partenaire' and provider_id = 'credential'`,
    [partnerId],
  )
  for (const lastName of LAST_NAMES) {
    const [c] = await onE2eDatabase<{ id: string }>(
      `insert into candidates (organisation_id, first_name, last_name, referent_id) values ($1, 'Yanis', $2, 'demo-referent') returning id`,
      [SEINE_MARITIME, lastName],
    )
    candidateIds.push(c!.id)
  }
})

test.afterAll(async () => {
  setAppClock(null)
  const applies = `(select id from social_applies where structure_id = '${structureId}')`
  await onE2eDatabase(`delete from fups where social_apply_id in ${applies}`)
  await onE2eDatabase(`delete from social_applies where structure_id = $1`, [structureId])
  await onE2eDatabase(`delete from audit_log where entity_id = any($1::text[])`, [candidateIds])
  await onE2eDatabase(`delete from read_journal where candidate_id = any($1::uuid[])`, [candidateIds]).catch(() => {})
  await onE2eDatabase(`delete from candidates where id = any($1::uuid[])`, [candidateIds])
  await onE2eDatabase(`delete from social_offers where structure_id = $1`, [structureId])
  for (const table of ['audit_log', 'outbound_mails', 'read_journal'])
    await onE2eDatabase(`delete from ${table} where structure_id = $1`, [structureId])
  // Its sessions, identities and digests go with it (on delete cascade).
  await onE2eDatabase(`delete from "user" where id = $1`, [partnerId])
  await onE2eDatabase(`delete from organisation_partner_structures where structure_id = $1`, [structureId])
  await onE2eDatabase(`delete from partner_structures where id = $1`, [structureId])
})

test('the partner chooses the daily digest on their account page', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  const page = await context.newPage()
  await signIn(page, PARTNER)
  await page.goto('/change-password')
  const section = page.getByRole('region', { name: 'Mails de prescriptions' })
  await expect(section.getByRole('radio', { name: /Un mail par prescription/ })).toBeChecked()
  await section.getByRole('radio', { name: /Un récapitulatif par jour/ }).check()
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'account-prescription-mails')
  await section.getByRole('button', { name: 'Enregistrer ce choix' }).click()
  await expect(page.getByText('Votre choix de mails de prescriptions est enregistré.')).toBeVisible()
  await page.reload()
  await expect(
    page
      .getByRole('region', { name: 'Mails de prescriptions' })
      .getByRole('radio', { name: /Un récapitulatif par jour/ }),
  ).toBeChecked()
  expect(
    await onE2eDatabase(`select 1 from "user" where id = $1 and prescription_mails = 'daily'`, [partnerId]),
  ).toHaveLength(1)
  await context.close()
})

test('three prescriptions, no mail at once; the 8:00 job sends one digest listing the three', async ({ page }) => {
  test.setTimeout(90_000)
  for (const [k, candidateId] of candidateIds.entries()) {
    await page.goto(`/v2/candidate/${candidateId}/prescriptions`)
    await page.getByRole('button', { name: 'Prescrire à une offre' }).click()
    const dialog = page.getByRole('dialog', { name: `Prescrire Yanis ${LAST_NAMES[k]} à une offre` })
    await dialog.getByLabel('Offre sociale').selectOption({ label: `${OFFER} — ${STRUCTURE}` })
    await dialog.getByLabel('Objectif de la prescription').fill('Un vélo pour aller au travail.')
    await dialog.getByLabel('Je valide cette prescription').check()
    await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
    await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
    await expect(dialog).toBeHidden()
  }
  expect(
    await onE2eDatabase(`select 1 from social_applies where structure_id = $1 and state = 'PRESCRIPTION_FILLED'`, [
      structureId,
    ]),
  ).toHaveLength(3)
  // On the daily digest: nothing queued for the partner at prescription time.
  expect(
    await onE2eDatabase(`select 1 from outbound_mails where to_address = $1 and kind like 'prescription%'`, [PARTNER]),
  ).toHaveLength(0)

  setAppClock(TUESDAY_8AM)
  await runScheduledJob(
    'partner-digest',
    `select 1 from partner_digests where user_id = $1 and period = '2026-12-01'`,
    [partnerId],
  )
  const [digest, ...more] = await waitForSentMails((m) => m.includes(`To: ${PARTNER}`))
  expect(more).toHaveLength(0)
  expect(digest).toContain(`3 prescriptions faites à «\u00a0${STRUCTURE}\u00a0» attendent votre réponse`)
  expect(digest!.match(new RegExp(`«\u00a0${OFFER}\u00a0», prescription du`, 'g'))).toHaveLength(3)
  expect(digest).toContain('pour Y.\u00a0R.')
  expect(digest).toContain('/partners/structure/dashboard')
  for (const lastName of LAST_NAMES) expect(digest).not.toContain(lastName)

  // A second run that morning (a retry): nothing more.
  await runScheduledJob(
    'partner-digest',
    `select 1 from pgboss.job where name = 'partner-digest' and state = 'completed' having count(*) >= 2`,
  )
  expect(sentMails().filter((m) => m.includes(`To: ${PARTNER}`))).toHaveLength(1)
  expect(
    await onE2eDatabase(`select 1 from outbound_mails where to_address = $1 and kind like 'prescription%'`, [PARTNER]),
  ).toHaveLength(1)
})
