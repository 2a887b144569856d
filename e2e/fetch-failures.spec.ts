import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page, type Route } from '@playwright/test'
import { onE2eDatabase, storageStateOf } from './fixtures'

/**
 * Every fetch a page makes after loading, failed on purpose (page.route: a 403, a 503, no network): the page says so
 * in French, with "Réessayer", never a spinner forever; once the interception is lifted, "Réessayer" does the job.
 */
const FOREIGN = 'Cette action s’effectue depuis les pages de Passerelle.'
const UNAVAILABLE = 'Le service est momentanément indisponible. Réessayez dans quelques instants.'
const OFFLINE = 'Passerelle ne répond pas\u00a0: vérifiez votre connexion, puis réessayez.'
const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures-files')
// The demo seed (db/seed.ts): Mobilité Solidaire's offer "Permis de conduire solidaire".
const STRUCTURE = '20000000-0000-4000-8000-000000000001'
const OFFER = '30000000-0000-4000-8000-000000000001'

const refuse = (status: number, error: string) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error }) })
/** The failure as the page shows it: an alert holding "Réessayer". */
const failure = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Réessayer' }) })
const retry = (page: Page) => failure(page).getByRole('button', { name: 'Réessayer' })

test.describe.configure({ mode: 'serial', retries: 0 })

test.describe('the referent’s pages', () => {
  test.use({ storageState: storageStateOf('referent') })

  test('the candidates search: a refusal, then the answer; the latest query wins over a late one', async ({ page }) => {
    await page.goto('/v2/candidates/dashboard')
    const rows = page.getByRole('table').locator('tbody tr')
    const search = page.getByLabel('Rechercher un candidat')

    await page.route('**/api/candidates/search', refuse(403, FOREIGN))
    await search.fill('LEFEVRE')
    await expect(failure(page)).toContainText(FOREIGN)
    await expect(page.getByText('La recherche a échoué.')).toBeVisible()
    await expect(page.getByText('Recherche en cours…')).toHaveCount(0)
    await page.unroute('**/api/candidates/search')
    await retry(page).click()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Lefèvre Sophie')

    // A query answered late, after the one typed next: its rows never replace the newer ones.
    let releaseLate: () => void = () => undefined
    await page.route('**/api/candidates/search', async (route) => {
      if (route.request().postDataJSON().search === 'ou') {
        await new Promise<void>((resolve) => (releaseLate = resolve))
        return route.continue().catch(() => undefined)
      }
      return route.continue()
    })
    await search.fill('ou')
    await page.waitForTimeout(600)
    await search.fill('Blanc')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Blanc Antoine')
    releaseLate()
    await page.waitForTimeout(500)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Blanc Antoine')
    await page.unroute('**/api/candidates/search')
  })

  test('the export of a selection: no network, then the file', async ({ page }) => {
    await page.goto('/v2/candidates/dashboard')
    await page.getByRole('checkbox', { name: 'Sélectionner Lefèvre Sophie' }).check()
    await page.route('**/api/candidates/export', (route) => route.abort('internetdisconnected'))
    await page.getByRole('button', { name: 'Exporter la sélection' }).click()
    await expect(failure(page)).toContainText(OFFLINE)
    await expect(page.getByRole('button', { name: 'Exporter la sélection' })).toBeEnabled()
    await page.unroute('**/api/candidates/export')
    const downloading = page.waitForEvent('download')
    await retry(page).click()
    expect((await downloading).suggestedFilename()).toMatch(/^candidats-.*\.csv$/)
    await expect(failure(page)).toHaveCount(0)
  })

  test('a workshop’s registrations: a 503, then the list', async ({ page }) => {
    const [workshop] = await onE2eDatabase<{ id: string }>(
      `select id from workshops where name = 'Préparer un entretien d’embauche'`,
    )
    await page.route('**/api/workshops/*/registrations', refuse(503, UNAVAILABLE))
    await page.goto(`/workshops/${workshop!.id}`)
    await expect(failure(page)).toContainText(UNAVAILABLE)
    await expect(page.getByText('Chargement des inscrits…')).toHaveCount(0)
    await page.unroute('**/api/workshops/*/registrations')
    await retry(page).click()
    await expect(page.getByRole('heading', { name: /^Inscrits \(\d+\)$/ })).toBeVisible()
    await expect(failure(page)).toHaveCount(0)
  })

  test('the candidates import: no network while the file is analysed, then the columns', async ({ page }) => {
    await page.goto('/v2/candidates/import')
    await page.getByLabel('Fichier CSV ou Excel (.xlsx)').setInputFiles(path.join(FILES, 'candidats-import.csv'))
    await page.route('**/api/candidate-imports/preview', (route) => route.abort('internetdisconnected'))
    await page.getByRole('button', { name: 'Analyser le fichier' }).click()
    await expect(failure(page)).toContainText('La connexion au serveur a été interrompue')
    await page.unroute('**/api/candidate-imports/preview')
    await retry(page).click()
    await expect(page.getByRole('heading', { name: /Associer les colonnes/ })).toBeVisible()
  })
})

test.describe('the partner’s pages', () => {
  test.use({ storageState: storageStateOf('partenaire') })

  test('restoring an archived apply: a 403, then restored', async ({ page }) => {
    const [apply] = await onE2eDatabase<{ id: string }>(
      `select a.id from social_applies a join candidates c on c.id = a.candidate_id
       where a.social_offer_id = $1 and c.first_name = 'Nadia'`,
      [OFFER],
    )
    await onE2eDatabase(`update social_applies set archived = true, archived_at = now() where id = $1`, [apply!.id])
    try {
      await page.goto('/partners/structure/dashboard')
      await page.route('**/api/social-applies/restore', refuse(403, FOREIGN))
      await page.getByRole('button', { name: /^Restaurer le dossier de Nadia/ }).click()
      await expect(failure(page)).toContainText(FOREIGN)
      await page.unroute('**/api/social-applies/restore')
      await retry(page).click()
      await expect(page.getByText('Dossier restauré : il est de nouveau sur la page de l’offre.')).toBeVisible()
      await expect(page.getByRole('button', { name: /^Restaurer le dossier de Nadia/ })).toHaveCount(0)
    } finally {
      await onE2eDatabase(`update social_applies set archived = false, archived_at = null where id = $1`, [apply!.id])
    }
  })

  test('the offers import’s file check: a 503 said in French, then checked', async ({ page }) => {
    await page.goto(`/partners/structure/${STRUCTURE}/import`)
    await page.getByLabel(/^Fichier des offres de/).setInputFiles({
      name: 'offres.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('nom;description\nAtelier CV;Un atelier\n'),
    })
    await page.route('**/api/offer-imports/preview?*', refuse(503, UNAVAILABLE))
    await page.getByRole('button', { name: 'Vérifier le fichier' }).click()
    await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible()
    await page.unroute('**/api/offer-imports/preview?*')
    // "Réessayer" once the page shows the flow's error with it (FileCheckError); the check button meanwhile.
    const again = retry(page)
    if (await again.count()) await again.click()
    else await page.getByRole('button', { name: 'Vérifier le fichier' }).click()
    await expect(page.getByRole('heading', { name: 'Vérification du fichier' })).toBeVisible()
  })
})
