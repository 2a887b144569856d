import { expect, test } from '@playwright/test'
import { onE2eDatabase, storageStateOf } from './fixtures'

// Spec §2 route guards and partner redirects, for each demo account.
// Counsellors hold the workshop permissions (they run group sessions), not the exports or the home page.
const GUARDED = ['/v2/settings/exports', '/homePage']

test.describe('conseiller (no exports or home page permission)', () => {
  test.use({ storageState: storageStateOf('conseiller') })
  for (const path of GUARDED) {
    test(`${path} redirects to the candidates dashboard`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL('/v2/candidates/dashboard')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Candidats')
    })
  }
  test('the partner pages send a non-partner to /partners/structure/default', async ({ page }) => {
    await page.goto('/partners/structure/dashboard')
    await expect(page).toHaveURL('/partners/structure/default')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Structures partenaires')
    await expect(page.getByRole('link', { name: 'Mobilité Solidaire' })).toBeVisible()
  })
  test('the navigation hides what the counsellor cannot open', async ({ page }) => {
    await page.goto('/v2/candidates/dashboard')
    const nav = page.getByRole('navigation', { name: 'Navigation principale' })
    await expect(nav.getByRole('link', { name: 'Candidats' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Ateliers' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Exports' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Accueil' })).toHaveCount(0)
  })
})

test.describe('referent', () => {
  test.use({ storageState: storageStateOf('referent') })
  test('opens the guarded pages it holds the permission for', async ({ page }) => {
    for (const [path, title] of [
      ['/v2/settings/exports', 'Exports'],
      ['/homePage', 'Bonjour Romain'],
      ['/workshops/create', 'Créer un atelier'],
      ['/workshops/dashboard', 'Ateliers'],
    ]) {
      await page.goto(path!)
      await expect(page).toHaveURL(path!)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!)
    }
  })
  test('sees its organisation’s candidates and a candidate sheet', async ({ page }) => {
    // Other specs add candidates to the organisation: the count is read from the run's database.
    const [{ n }] = (await onE2eDatabase<{ n: number }>(
      'select count(*)::int as n from candidates where organisation_id = (select organisation_id from "user" where email = \'referent@passerelle.test\')',
    )) as [{ n: number }]
    await page.goto('/v2/candidates/dashboard')
    await expect(page.getByText(`${n} candidats`).first()).toBeVisible()
    await page.getByRole('link', { name: 'Durand Élodie' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Élodie Durand')
    await page.getByRole('link', { name: 'Prescriptions', exact: true }).click()
    await expect(page).toHaveURL(/\/v2\/candidate\/[0-9a-f-]+\/prescriptions$/)
    // The offer's own cell (its row's action names it too).
    await expect(page.getByRole('cell', { name: 'Permis de conduire solidaire', exact: true })).toBeVisible()
  })
  test('has no settings access and no partner dashboard', async ({ page }) => {
    await page.goto('/v2/settings/users')
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await page.goto('/partners/structure/dashboard')
    await expect(page).toHaveURL('/partners/structure/default')
  })
})

test.describe('partenaire (fullPartner)', () => {
  test.use({ storageState: storageStateOf('partenaire') })
  test('lands on its structure dashboard with its offers and their counts', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL('/partners/structure/dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mobilité Solidaire')
    const offers = page.getByRole('table', { name: 'Offres sociales de la structure' })
    const row = offers.getByRole('row', { name: /Permis de conduire solidaire/ })
    // Seed: 4 pending (3 with a FUP, 1 manual), 2 integrated, 2 refused.
    await expect(row.getByRole('cell')).toHaveText([
      'Permis de conduire solidaire',
      '05/01/2026 - 31/12/2028',
      '4',
      '2',
      '2',
    ])
    await expect(
      offers
        .getByRole('row', { name: /Atelier vélo 2025/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('Offre expirée')
    await expect(
      offers
        .getByRole('row', { name: /Garage solidaire/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('Permanente')
    // The pending prescriptions across the offers, newest first, each opening its completion dialog.
    const pending = page.getByRole('table', { name: 'Dernières prescriptions en attente de réponse' })
    await expect(pending.getByRole('row')).toHaveCount(5) // header + the 4 pending at Permis (Habitat Relais's are not its own)
    await expect(pending.getByRole('link', { name: 'Diallo Mamadou' })).toHaveAttribute(
      'href',
      /socialApplyId=40000000-0000-4000-8000-000000000004$/,
    )
  })
  test('is sent from the default partner page to its dashboard', async ({ page }) => {
    await page.goto('/partners/structure/default')
    await expect(page).toHaveURL('/partners/structure/dashboard')
  })
  test('guarded and organisation pages lead it back to its dashboard', async ({ page }) => {
    for (const path of ['/v2/settings/exports', '/homePage', '/workshops/dashboard', '/v2/candidates/dashboard']) {
      await page.goto(path)
      await expect(page).toHaveURL('/partners/structure/dashboard')
    }
  })
  test('opens its own offer, with its title, and not another structure’s', async ({ page }) => {
    await page.goto('/offer/social/30000000-0000-4000-8000-000000000001')
    await expect(page).toHaveTitle('Permis de conduire solidaire - Mobilité Solidaire')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permis de conduire solidaire')
    const response = await page.goto('/offer/social/30000000-0000-4000-8000-000000000005')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable')
  })
})

test.describe('admin', () => {
  test.use({ storageState: storageStateOf('admin') })
  test('opens every guarded page and the settings', async ({ page }) => {
    for (const path of [
      '/v2/settings/exports',
      '/homePage',
      '/workshops/create',
      '/workshops/dashboard',
      '/v2/settings',
      '/v2/settings/permissions',
      '/v2/settings/users',
    ]) {
      await page.goto(path)
      await expect(page).toHaveURL(path)
    }
    await expect(page.getByRole('cell', { name: 'referent@passerelle.test' })).toBeVisible()
  })
})
