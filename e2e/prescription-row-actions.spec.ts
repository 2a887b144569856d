import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, waitForSentMails } from './fixtures'

// The referent's actions on a candidate's prescriptions: "Relancer le partenaire" on one that waits (once a week at
// most), "Prescrire à une autre offre" on a refused one. The partner here has no account: the reminder goes to its
// contact address with a signed link, so no other spec's partner mailbox is touched.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const STRUCTURE = 'Relais e2e des relances'
const CONTACT = 'contact@relais-relances.test'
const LAST_NAME = 'Actionsligne'
let candidateId = ''

test.beforeAll(async () => {
  const [structure] = await onE2eDatabase<{ id: string }>(
    `insert into partner_structures (organisation_id, name, email) values ($1, $2, $3) returning id`,
    [SEINE_MARITIME, STRUCTURE, CONTACT],
  )
  await onE2eDatabase(`insert into organisation_partner_structures (organisation_id, structure_id) values ($1, $2)`, [
    SEINE_MARITIME,
    structure!.id,
  ])
  const offers = await onE2eDatabase<{ id: string; name: string }>(
    `insert into social_offers (structure_id, offer_id, name, source, provider_name)
     values ($1, 'e2e-relance-a', 'Accueil de jour e2e', 'test', $2), ($1, 'e2e-relance-b', 'Épicerie e2e', 'test', $2)
     returning id, name`,
    [structure!.id, STRUCTURE],
  )
  const [c] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, referent_id) values ($1, 'Noa', $2, 'demo-referent') returning id`,
    [SEINE_MARITIME, LAST_NAME],
  )
  candidateId = c!.id
  for (const [offer, state] of [
    [offers[0]!.id, 'PRESCRIPTION_FILLED'],
    [offers[1]!.id, 'REFUSED_STRUCTURE'],
  ]) {
    const [a] = await onE2eDatabase<{ id: string }>(
      `insert into social_applies (organisation_id, structure_id, social_offer_id, candidate_id, state, prescription_date, response_date, cause, author_id)
       values ($1, $2, $3, $4, $5::apply_state, now() - interval '12 days',
               case when $5::text = 'REFUSED_STRUCTURE' then now() - interval '2 days' end,
               case when $5::text = 'REFUSED_STRUCTURE' then 'outsideTerritory' end, 'demo-referent') returning id`,
      [SEINE_MARITIME, structure!.id, offer, candidateId, state],
    )
    // A seeded sheet, as this prescription's.
    await onE2eDatabase(
      `insert into fups (social_apply_id, name, beneficiary, prescription, sponsors_logo)
       select $1, name, beneficiary, prescription, sponsors_logo from fups limit 1`,
      [a!.id],
    )
  }
})

test.afterAll(async () => {
  const applies = `(select id from social_applies where candidate_id = '${candidateId}')`
  await onE2eDatabase(`delete from fups where social_apply_id in ${applies}`)
  await onE2eDatabase(`delete from social_applies where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from audit_log where entity_id = $1`, [candidateId])
  await onE2eDatabase(`delete from candidates where id = $1`, [candidateId])
  const structure = `(select id from partner_structures where name = '${STRUCTURE}')`
  await onE2eDatabase(`delete from social_offers where structure_id in ${structure}`)
  for (const table of ['audit_log', 'outbound_mails', 'organisation_partner_structures'])
    await onE2eDatabase(`delete from ${table} where structure_id in ${structure}`)
  await onE2eDatabase(`delete from partner_structures where name = $1`, [STRUCTURE])
})

test('the referent nudges the partner of a waiting prescription once, and prescribes elsewhere after a refusal', async ({
  page,
}) => {
  await page.goto(`/v2/candidate/${candidateId}/prescriptions`)
  const table = page.getByRole('table', { name: `Prescriptions de Noa ${LAST_NAME}` })
  await expect(table).toContainText('En attente depuis 12\u00a0jours')
  await expectNoSeriousA11yViolations(page)
  await table.getByRole('button', { name: 'Relancer le partenaire pour l’offre Accueil de jour e2e' }).click()
  await expect(
    page.getByText('Partenaire relancé\u00a0: il a reçu un rappel de cette prescription.').first(),
  ).toBeVisible()
  await expect(table).toContainText('Partenaire relancé le')
  const [mail] = await waitForSentMails((m) => m.includes(`To: ${CONTACT}`))
  expect(mail).toMatch(/\/reponse\/\S+/)
  // Once a week at most.
  await table.getByRole('button', { name: 'Relancer le partenaire pour l’offre Accueil de jour e2e' }).click()
  await expect(page.getByText(/une relance par semaine au plus/).first()).toBeVisible()

  await table.getByRole('button', { name: `Prescrire Noa ${LAST_NAME} à une autre offre que Épicerie e2e` }).click()
  await expect(page.getByRole('dialog', { name: `Prescrire Noa ${LAST_NAME} à une offre` })).toBeVisible()
})
