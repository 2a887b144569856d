import { expect, test, type Page } from '@playwright/test'
import { addCalendarDays, parisInstant, parisToday } from '../lib/dates'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf } from './fixtures'

// Issue 40 §3, the waiting time seen by both sides: the partner's pending tab says how long each prescription has
// waited (oldest first), the referent filters the actions dashboard by waiting time and finds the expired ones, with
// "Prescrire à nouveau". Three prescriptions of this spec's own candidates to the demo offer "Permis de conduire
// solidaire", removed afterwards (the other specs share the database).
const ORG = '10000000-0000-4000-8000-000000000001'
const STRUCTURE = '20000000-0000-4000-8000-000000000001'
const OFFER_PERMIS = '30000000-0000-4000-8000-000000000001'
const AUTHOR = 'demo-referent'
const FIRST_NAME = 'Attentee2e'
const LAST_NAMES = ['Nonantejours', 'Douzejours', 'Expiree']

/** Noon in Paris `days` calendar days ago: "En attente depuis {days} jours" whatever the hour the spec runs. */
const daysAgo = (days: number) => parisInstant(addCalendarDays(parisToday(new Date()), -days), 12 * 60)

test.describe.configure({ mode: 'serial' })

async function removeOwnData() {
  const mine = `select id from candidates where organisation_id = $1 and first_name = $2`
  await onE2eDatabase(
    `delete from notifications where (payload->>'applyId')::uuid in
    (select id from social_applies where candidate_id in (${mine}))`,
    [ORG, FIRST_NAME],
  )
  await onE2eDatabase(`delete from social_applies where candidate_id in (${mine})`, [ORG, FIRST_NAME])
  await onE2eDatabase(`delete from read_journal where candidate_id in (${mine})`, [ORG, FIRST_NAME])
  await onE2eDatabase(`delete from candidates where organisation_id = $1 and first_name = $2`, [ORG, FIRST_NAME])
}

test.beforeAll(async () => {
  await removeOwnData()
  const rows: [string, string, Date, Date | null][] = [
    [LAST_NAMES[0]!, 'PRESCRIPTION_FILLED', daysAgo(90), null],
    [LAST_NAMES[1]!, 'PRESCRIPTION_FILLED', daysAgo(12), null],
    [LAST_NAMES[2]!, 'EXPIRED', daysAgo(100), daysAgo(40)],
  ]
  for (const [lastName, state, prescribedAt, expiredAt] of rows) {
    const [candidate] = await onE2eDatabase<{ id: string }>(
      `insert into candidates (organisation_id, first_name, last_name, referent_id) values ($1, $2, $3, $4) returning id`,
      [ORG, FIRST_NAME, lastName, AUTHOR],
    )
    await onE2eDatabase(
      `insert into social_applies (organisation_id, structure_id, social_offer_id, candidate_id, author_id, state,
         prescription_date, expired_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [ORG, STRUCTURE, OFFER_PERMIS, candidate!.id, AUTHOR, state, prescribedAt, expiredAt],
    )
  }
})

test.afterAll(removeOwnData)

const rowOf = (page: Page, lastName: string) => page.getByRole('row').filter({ hasText: lastName })

test.describe('the partner', () => {
  test.use({ storageState: storageStateOf('partenaire') })

  test('sees how long each prescription has waited on the pending tab, the longest-waiting first', async ({ page }) => {
    await page.goto(`/offer/social/${OFFER_PERMIS}`)
    const table = page.getByRole('table', { name: 'Prescriptions en cours' })
    await expect(table).toBeVisible()
    await expect(rowOf(page, LAST_NAMES[0]!)).toContainText('En attente depuis 90 jours')
    await expect(rowOf(page, LAST_NAMES[1]!)).toContainText('En attente depuis 12 jours')
    // Oldest first: the 90-day-old one heads the list (the demo's pending ones are more recent), the 12-day-old one
    // comes after the demo's.
    const names = await table.getByRole('row').allInnerTexts()
    const body = names.slice(1)
    expect(body[0]).toContain(LAST_NAMES[0]!)
    expect(body.findIndex((r) => r.includes(LAST_NAMES[1]!))).toBe(body.length - 1)
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'partner-pending-waiting')
  })

  test('sees on its dashboard how many answers are due this week', async ({ page }) => {
    await page.goto('/partners/structure/dashboard')
    const due = page.getByRole('region', { name: 'Réponses attendues cette semaine' })
    await expect(due).toBeVisible()
    await expect(due).toContainText(/\d/)
    await expect(rowOf(page, LAST_NAMES[1]!)).toContainText('En attente depuis 12 jours')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'partner-dashboard-due')
  })
})

test.describe('the referent', () => {
  test.use({ storageState: storageStateOf('referent') })

  test('filters the actions dashboard by waiting time, and prescribes an expired one again', async ({ page }) => {
    await page.goto('/v2/actions/dashboard')
    const filters = page.getByRole('search', { name: 'Filtrer les prescriptions sans réponse' })
    const show = filters.getByLabel('Afficher les prescriptions')
    // By default: the organisation's reminder delay (10 days).
    await expect(show).toHaveValue('10')

    await show.selectOption({ label: 'Sans réponse depuis plus de 30 jours' })
    await expect(page).toHaveURL(/waiting=30/)
    const over30 = page.getByRole('table', { name: 'Prescriptions sans réponse depuis plus de 30 jours' })
    await expect(over30).toBeVisible()
    await expect(over30.getByRole('row').filter({ hasText: LAST_NAMES[0]! })).toContainText(
      'En attente depuis 90 jours',
    )
    await expect(over30.getByRole('row').filter({ hasText: LAST_NAMES[1]! })).toHaveCount(0)

    await show.selectOption({ label: 'Sans réponse depuis plus de 7 jours' })
    await expect(page).toHaveURL(/waiting=7/)
    const over7 = page.getByRole('table', { name: 'Prescriptions sans réponse depuis plus de 7 jours' })
    await expect(over7.getByRole('row').filter({ hasText: LAST_NAMES[1]! })).toContainText('En attente depuis 12 jours')
    // Kept in the URL: back-button safe.
    await page.goBack()
    await expect(page.getByRole('table', { name: 'Prescriptions sans réponse depuis plus de 30 jours' })).toBeVisible()

    await show.selectOption({ label: 'Expirées sans réponse' })
    await expect(page).toHaveURL(/waiting=expired/)
    const expired = page.getByRole('table', { name: 'Prescriptions expirées sans réponse' })
    const row = expired.getByRole('row').filter({ hasText: LAST_NAMES[2]! })
    await expect(row).toContainText('Expirée')
    // Expired 40 days ago, as dd/mm/yyyy.
    await expect(row).toContainText(addCalendarDays(parisToday(new Date()), -40).split('-').reverse().join('/'))
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'actions-dashboard-expired')

    await row
      .getByRole('button', {
        name: `Prescrire à nouveau ${FIRST_NAME} ${LAST_NAMES[2]} à l’offre Permis de conduire solidaire`,
      })
      .click()
    const dialog = page.getByRole('dialog', { name: `Prescrire ${FIRST_NAME} ${LAST_NAMES[2]} à une offre` })
    await expect(dialog).toBeVisible()
    // The same offer, chosen; the referent's details prefilled.
    await expect(dialog.getByLabel('Offre sociale')).toHaveValue(OFFER_PERMIS)
    await expect(dialog.getByLabel('Référent RSA')).toHaveValue('Romain Leroy')
    await dialog.getByRole('button', { name: 'Annuler' }).click()
    await expect(dialog).toBeHidden()
  })
})
