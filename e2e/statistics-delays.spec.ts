import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf } from './fixtures'

// The partners' answer delays (issue 40 §5): the organisation's section with its table and CSV, and the partner's own
// figures on its dashboard.
const ORGANISATION = '10000000-0000-4000-8000-000000000001'
// June to October 2026 (Paris): the demo's answered prescriptions (and db/seed/answer-delays.ts's, when seeded).
const PERIOD = '/v2/statistics?period=custom&from=2026-06&to=2026-10'
const HEADER =
  'Structure partenaire;Offre;Prescriptions avec fiche de suivi;Réponses;Délai médian (jours);90e centile (jours);' +
  'Part répondue en 10 jours ou moins;Part répondue en 30 jours ou moins;Part expirée sans réponse;Part intégrée'

/**
 * The organisation's prescriptions of the period with a follow-up sheet, answered and expired, as the database holds
 * them; one in an offer's line waits for a place, not an answer (lib/prescriptions/waitlist.ts).
 */
async function counted() {
  const [row] = await onE2eDatabase<{ prescribed: number; answered: number; expired: number }>(
    `select count(*)::int as prescribed,
            count(*) filter (where a.state in ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'))::int as answered,
            count(*) filter (where a.state = 'EXPIRED')::int as expired
     from social_applies a join fups f on f.social_apply_id = a.id
     where a.organisation_id = $1 and a.prescription_date >= '2026-05-31T22:00:00Z' and a.prescription_date < '2026-10-31T23:00:00Z'
       and a.state <> 'WAITLISTED'`,
    [ORGANISATION],
  )
  return row!
}

test.describe('the organisation', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('reads the partners’ answer delays, their table and their CSV', async ({ page }) => {
    await page.goto(PERIOD)
    const section = page.getByRole('region', { name: 'Délais de réponse des partenaires' })
    await expect(section.getByRole('heading', { level: 2, name: 'Délais de réponse des partenaires' })).toBeVisible()
    await expect(section.getByRole('list', { name: 'Délais de réponse de la période' })).toContainText('Délai médian')
    await expect(
      section.getByText(/prescriptions manuelles \(sans fiche de suivi\) ne sont pas comptées/),
    ).toBeVisible()
    const card = page.getByRole('region', { name: 'Délais de réponse par structure et par offre' })
    const db = await counted()
    expect(db.answered).toBeGreaterThan(0)
    await expect(card).toContainText(`${db.prescribed} prescriptions avec fiche de suivi, ${db.answered} réponses`)

    await card.getByText('Tableau des données').click()
    const total = card.getByRole('table').getByRole('row').filter({ hasText: 'Toutes les structures' })
    await expect(total).toBeVisible()
    const cells = (await total.getByRole('cell').allTextContents()).map((c) => c.trim())
    expect(cells[2]).toBe(String(db.prescribed))
    expect(cells[3]).toBe(String(db.answered))
    await expect(card.getByRole('table').getByRole('cell', { name: 'Permis de conduire solidaire' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card
        .getByRole('button', {
          name: 'Télécharger les données de « Délais de réponse par structure et par offre » en CSV',
        })
        .click(),
    ])
    expect(download.suggestedFilename()).toBe('statistiques-delais-de-reponse-partenaires.csv')
    const csv = fs.readFileSync((await download.path())!)
    const lines = csv.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines[0]).toBe(HEADER)
    expect(lines.at(-1)!.split(';').slice(0, 4)).toEqual([
      'Toutes les structures',
      '–',
      String(db.prescribed),
      String(db.answered),
    ])
    // The phone first, once the charts have followed the narrower screen (a full-page shot taken while a chart still
    // has the wider width would capture, and keep, that width).
    await page.setViewportSize({ width: 390, height: 900 })
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshots(page, 'statistics-delays', [390, 1440])
  })
})

test.describe('the organisation, over a preset period', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('reads the hourly summary and says when it was computed; a custom period is computed live', async ({ page }) => {
    // The summary is written by the job the app sends once at start (then every hour): a moment after the server came up.
    const section = page.getByRole('region', { name: 'Délais de réponse des partenaires' })
    await expect(async () => {
      await page.goto('/v2/statistics')
      await expect(section.getByText(/^Chiffres à jour à \d{2}:\d{2}, recalculés chaque heure\.$/)).toBeVisible({
        timeout: 1_000,
      })
    }).toPass({ timeout: 30_000 })
    await expect(section.getByRole('list', { name: 'Délais de réponse de la période' })).toContainText('Délai médian')
    await screenshots(page, 'statistics-summary', [390, 1440])
    await page.goto(PERIOD)
    await expect(section.getByRole('list', { name: 'Délais de réponse de la période' })).toContainText('Délai médian')
    await expect(section.getByText(/Chiffres à jour/)).toHaveCount(0)
  })
})

test.describe('the partner', () => {
  test.use({ storageState: storageStateOf('partenaire') })

  test('sees its own structure’s answer delays on its dashboard', async ({ page }) => {
    await page.goto('/partners/structure/dashboard')
    const block = page.getByRole('region', { name: 'Vos délais de réponse sur 12 mois' })
    await expect(block).toBeVisible()
    await expect(block.getByText('Délai médian de réponse')).toBeVisible()
    await expect(block.getByText('Réponse en 10 jours ou moins')).toBeVisible()
    await expect(block.getByText('Expirées sans réponse')).toBeVisible()
    await expect(block).toContainText('toutes organisations prescriptrices confondues')
    // From the hourly summary too, once the job sent at start has run: the block says when it was computed.
    await expect(async () => {
      await page.reload()
      await expect(block.getByText(/Chiffres à jour à \d{2}:\d{2}, recalculés chaque heure\./)).toBeVisible({
        timeout: 1_000,
      })
    }).toPass({ timeout: 30_000 })
    // The other helper's block stays.
    await expect(page.getByRole('heading', { name: 'Réponses attendues cette semaine' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'partner-dashboard-delays')
  })
})
