import { expect, test, type Page, type Response } from '@playwright/test'
import { ROLES, signIn } from './fixtures'
import { baseURL } from '../playwright.config'

/**
 * The app opened under another name of the same server: 127.0.0.1 where BETTER_AUTH_URL says localhost (the terminal
 * prints one, a bookmark holds the other). Every page works whole there: sign-in, the offer page's applies and its
 * search, the candidates search. The origin rule takes the origin a request was addressed to (lib/http/same-origin.ts).
 */
const OTHER = baseURL.replace('//localhost:', '//127.0.0.1:')
const OFFER = '/offer/social/30000000-0000-4000-8000-000000000001'

test.use({ baseURL: OTHER, storageState: { cookies: [], origins: [] } })

/** The route handlers' answers refused for their origin (or for anything else) while the page is used. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = []
  page.on('response', (response: Response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      refused.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  return refused
}

test('a partner who opens 127.0.0.1 signs in, sees the offer page’s applies and searches them', async ({ page }) => {
  expect(OTHER).not.toBe(baseURL)
  const refused = refusedCalls(page)
  await signIn(page, ROLES.partenaire)
  expect(new URL(page.url()).origin).toBe(OTHER)
  await page.goto(OFFER)
  const rows = page.getByRole('tabpanel').getByRole('row')
  await expect(rows.filter({ hasText: 'Durand Élodie' })).toBeVisible()
  await expect(page.getByText('Chargement des candidatures…')).toHaveCount(0)
  await page.getByLabel('Rechercher un candidat').fill('durand')
  await expect(rows).toHaveCount(2) // header + Élodie Durand
  await page.getByRole('tab', { name: /Candidats intégrés/ }).click()
  await expect(page.getByRole('tabpanel').getByRole('row').nth(1)).toBeVisible()
  expect(refused).toEqual([])
})

test('a referent who opens 127.0.0.1 signs in and searches the candidates', async ({ page }) => {
  const refused = refusedCalls(page)
  await signIn(page, ROLES.referent)
  await page.goto('/v2/candidates/dashboard')
  await page.getByLabel('Rechercher un candidat').fill('LEFEVRE')
  const rows = page.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Lefèvre Sophie')
  await expect(page.getByText('1 candidat trouvé')).toBeVisible()
  expect(refused).toEqual([])
})
