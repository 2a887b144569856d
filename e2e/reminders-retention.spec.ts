import { expect, test, type Page } from '@playwright/test'
import {
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  runScheduledJob,
  setAppClock,
  storageStateOf,
  waitForMail,
} from './fixtures'

// With a fixed clock: a pending prescription is reminded to its partner, then expires with the
// referent told; an inactive candidate is anonymised by the retention job, and the statistics' totals do not change.
// The instants are chosen so that only this spec's records are concerned (the seed's prescriptions date from October 2026).
test.use({ storageState: storageStateOf('referent') })
test.describe.configure({ mode: 'serial', retries: 0 })

const SM = '10000000-0000-4000-8000-000000000001'
const HABITAT = '20000000-0000-4000-8000-000000000002'
const OFFER_HABITAT = '30000000-0000-4000-8000-000000000005'
const PRESCRIBED = '2026-08-01T09:00:00Z'
const REMINDED_AT = '2026-08-15T10:00:00Z' // past the 10-day reminder delay
const EXPIRED_AT = '2026-10-05T10:00:00Z' // past the 60-day expiry delay; the seed's prescriptions are not yet reminded

let marcel: string
let paulette: string
let applyId: string

test.beforeAll(async () => {
  // The demo's Habitat Relais partner reads a daily digest; this spec follows the reminder mailed on its own.
  await onE2eDatabase(
    `update "user" set prescription_mails = 'perPrescription' where email = 'partenaire.habitat@passerelle.test'`,
  )
  const [place] = await onE2eDatabase<{ id: string }>(
    `select id from places where organisation_id = $1 order by label limit 1`,
    [SM],
  )
  const [status] = await onE2eDatabase<{ id: string }>(
    `select id from candidate_statuses where organisation_id = $1 order by position limit 1`,
    [SM],
  )
  marcel = (
    await onE2eDatabase<{ id: string }>(
      `insert into candidates (organisation_id, first_name, last_name, gender, referent_id, place_id, status_id) values ($1, 'Marcel', 'Relance', 'M', 'demo-referent', $2, $3) returning id`,
      [SM, place!.id, status!.id],
    )
  )[0]!.id
  // Inactive since January 2024: past the organisation's 730 days at the spec's instants.
  paulette = (
    await onE2eDatabase<{ id: string }>(
      `insert into candidates (organisation_id, first_name, last_name, gender, phone, email, birth_date, referent_id, place_id, status_id, created_at, updated_at)
     values ($1, 'Paulette', 'Oubli', 'F', '0611223344', 'paulette.oubli@exemple.test', '1970-03-04', 'demo-referent', $2, $3, '2024-01-10', '2024-01-10') returning id`,
      [SM, place!.id, status!.id],
    )
  )[0]!.id
  applyId = (
    await onE2eDatabase<{ id: string }>(
      `insert into social_applies (organisation_id, structure_id, social_offer_id, candidate_id, author_id, accompaniement, prescription_date, created_at, updated_at)
     values ($1, $2, $3, $4, 'demo-referent', 'Habitat Relais', $5, $5, $5) returning id`,
      [SM, HABITAT, OFFER_HABITAT, marcel, PRESCRIBED],
    )
  )[0]!.id
  await onE2eDatabase(
    `insert into fups (social_apply_id, name, beneficiary, prescription) values ($1, 'Fiche de prescription', $2, $3)`,
    [
      applyId,
      JSON.stringify({
        gender: 'M',
        birthDate: null,
        address: null,
        phone: null,
        email: null,
        socialSecurityNumber: null,
        cafNumber: null,
        poleEmploiNumber: null,
        additionalFields: [],
      }),
      JSON.stringify({
        rsaReferentName: 'Romain Leroy',
        email: 'referent@passerelle.test',
        phone: '',
        structure: 'Département de Seine-Maritime',
        address: '',
        goal: 'Un logement près de l’emploi.',
        validatePrescription: true,
        approveDemand: true,
        prescriptionDate: PRESCRIBED,
      }),
    ],
  )
})

test.afterAll(async () => {
  setAppClock(null)
  await onE2eDatabase(
    `update "user" set prescription_mails = 'daily' where email = 'partenaire.habitat@passerelle.test'`,
  )
})

async function historyOf(page: Page, candidateId: string) {
  await page.goto(`/v2/candidate/${candidateId}/historique`)
  return page.getByRole('main')
}

test('reminded once, then expired with the referent told; an inactive candidate anonymised, the statistics unchanged', async ({
  page,
}) => {
  test.setTimeout(90_000)
  // 1. Fifteen days after the prescription, the hourly run reminds Habitat Relais, once.
  setAppClock(REMINDED_AT)
  const since = Date.now()
  await runScheduledJob(
    'prescription-reminders',
    `select 1 from social_applies where id = $1 and reminded_at is not null`,
    [applyId],
  )
  const reminder = await waitForMail(
    'partenaire.habitat@passerelle.test',
    since,
    new RegExp(`socialApplyId=${applyId}`),
  )
  expect(reminder).toContain('attend votre réponse depuis 14 jours')
  expect(reminder).not.toContain('Marcel')
  await expect(
    (await historyOf(page, marcel)).getByText('Relance du partenaire (prescription sans réponse)').first(),
  ).toBeVisible()
  // A second run sends nothing more.
  await runScheduledJob(
    'prescription-reminders',
    `select 1 from pgboss.job where name = 'prescription-reminders' and state = 'completed' having count(*) >= 2`,
  )
  expect(
    (await onE2eDatabase(`select 1 from audit_log where entity_id = $1 and action = 'prescription.reminded'`, [marcel]))
      .length,
  ).toBe(1)

  // 2. Past the 60-day delay, it expires: "Expirée" on the sheet, in the history, and the referent is told.
  setAppClock(EXPIRED_AT)
  const expirySince = Date.now()
  await runScheduledJob('prescription-reminders', `select 1 from social_applies where id = $1 and state = 'EXPIRED'`, [
    applyId,
  ])
  await waitForMail('referent@passerelle.test', expirySince, new RegExp(`/v2/candidate/${marcel}/prescriptions`))
  await page.goto(`/v2/candidate/${marcel}/prescriptions`)
  await expect(page.getByRole('row').filter({ hasText: 'Logement temporaire jeunes actifs' })).toContainText('Expirée')
  await expect(
    (await historyOf(page, marcel)).getByText('Expiration de la prescription sans réponse').first(),
  ).toBeVisible()
  await page.goto('/v2/actions/dashboard')
  await expect(
    page.getByRole('table', { name: 'Réponses reçues' }).getByRole('row').filter({ hasText: 'Relance Marcel' }),
  ).toContainText('Expirée')
  await expectNoSeriousA11yViolations(page)

  // 3. The nightly retention run anonymises Paulette Oubli (inactive since 2024); the statistics' figures stay.
  const statistics = async () => {
    await page.goto('/v2/statistics')
    const tables = []
    for (const title of ['Candidats par statut', 'Candidats par lieu de résidence']) {
      // Each chart's table is drawn when its "Tableau des données" is opened.
      const chart = page.getByRole('region', { name: title })
      await chart.getByText('Tableau des données').click()
      tables.push(await chart.getByRole('table').textContent())
    }
    return tables
  }
  const before = await statistics()
  expect(before.every((t) => t && /\d/.test(t))).toBe(true)
  await runScheduledJob('anonymise-inactive', `select 1 from candidates where id = $1 and anonymised_at is not null`, [
    paulette,
  ])
  expect(await statistics()).toEqual(before)
  await page.goto(`/v2/candidate/${paulette}/identite`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Anonyme')
  await expect(page.getByText('paulette.oubli@exemple.test')).toHaveCount(0)
  await expect(page.getByText('06 11 22 33 44')).toHaveCount(0)
  // Marcel, active (his prescription moved this year), keeps his name.
  expect(await onE2eDatabase(`select first_name from candidates where id = $1`, [marcel])).toEqual([
    { first_name: 'Marcel' },
  ])
})
