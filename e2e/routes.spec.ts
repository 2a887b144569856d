import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, signIn, storageStateOf } from './fixtures'

test.describe('every route answers, in French', () => {
  test.use({ storageState: storageStateOf('admin') })
  const ROUTES: [string, string][] = [
    ['/v2/actions/dashboard', 'Tableau de bord des actions'],
    ['/v2/candidates/dashboard', 'Candidats'],
    ['/v2/candidate/create', 'Créer un candidat'],
    ['/v2/candidates/import', 'Importer des candidats'],
    ['/v2/candidates/fup', 'Suivi des prescriptions'],
    ['/v2/enterprises/create', 'Créer une entreprise'],
    ['/v2/enterprises/dashboard', 'Entreprises'],
    ['/v2/offers/dashboard/job', 'Offres d’emploi'],
    ['/v2/offers/dashboard/social', 'Offres sociales'],
    ['/terms-of-use', 'Conditions d’utilisation'],
    ['/legal-notice', 'Mentions légales'],
    ['/privacy-policy', 'Politique de confidentialité'],
    ['/v2/statistics', 'Statistiques'],
    ['/v2/settings/modeles', 'Modèles de documents'],
    ['/v2/settings/custom-fields', 'Champs personnalisés'],
    ['/v2/settings/refusal-causes', 'Motifs de refus'],
    ['/v2/settings/organisations', 'Organisations'],
    ['/v2/settings/templates', 'Modèles de SMS'],
    ['/partners/structure/default', 'Structures partenaires'],
    ['/partners/structure/create', 'Ajouter une structure partenaire'],
    ['/partners/structure/20000000-0000-4000-8000-000000000001', 'Mobilité Solidaire'],
    ['/support-courses/dashboard', 'Parcours d’accompagnement'],
    ['/support-courses', 'Parcours d’accompagnement'],
    ['/onboarding', 'Bienvenue sur Passerelle'],
    ['/onboarding/form', 'Votre profil'],
    ['/onboarding/end', 'C’est prêt !'],
    ['/referral-form/homepage', 'Formulaire d’orientation'],
    ['/referral-form/informations/demoCcasDieppe_lienOrientation26', 'Informations sur la personne orientée'],
    ['/referral-form/confirmation', 'Orientation envoyée'],
    ['/change-password', 'Changer de mot de passe'],
  ]
  for (const [path, title] of ROUTES) {
    test(`${path} shows “${title}”`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    })
  }

  const UNKNOWN = [
    '/v2/candidate/00000000-0000-4000-8000-000000000000',
    '/v2/candidate/not-a-uuid',
    '/v2/candidate/not-a-uuid/identite',
    '/v2/enterprise/00000000-0000-4000-8000-000000000000',
    '/v2/offer/123',
    '/offer/social/00000000-0000-4000-8000-000000000000',
    '/diagnosis/00000000-0000-4000-8000-000000000000',
    '/v2/settings/user/nobody',
    '/v2/settings/modeles/1',
    '/partners/structure/00000000-0000-4000-8000-000000000000',
    '/support-courses/00000000-0000-4000-8000-000000000000',
    '/workshops/00000000-0000-4000-8000-000000000000',
    '/cette-page-n-existe-pas',
  ]
  for (const path of UNKNOWN) {
    test(`${path} is a French “not found”`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable')
    })
  }

  test('a candidate of another organisation is not found', async ({ page, browser }) => {
    // Léa Rousseau belongs to Métropole de Lyon: find her id as its referent, then ask as Seine-Maritime's admin.
    const lyon = await browser.newContext({ storageState: undefined })
    const lyonPage = await lyon.newPage()
    await signIn(lyonPage, 'referent.lyon@passerelle.test')
    await lyonPage.getByRole('link', { name: 'Rousseau Léa' }).click()
    await lyonPage.waitForURL(/\/v2\/candidate\/[0-9a-f-]{36}$/)
    const foreignUrl = new URL(lyonPage.url()).pathname
    await lyon.close()
    const response = await page.goto(foreignUrl)
    expect(response?.status()).toBe(404)
  })

  for (const path of [
    '/referral-form/informations/00000000-0000-4000-8000-000000000000',
    '/referral-form/informations/demoMissionLocale_lienDesactive1',
  ]) {
    test(`${path} shows the referral form's own “not valid” page`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ce lien n’est pas valide')
    })
  }

  test('any other path under /referral-form goes to its home page', async ({ page }) => {
    await page.goto('/referral-form/unknown/deep/path')
    await expect(page).toHaveURL('/referral-form/homepage')
  })

  for (const path of [
    '/v2/candidates/dashboard',
    '/partners/structure/default',
    '/v2/offers/dashboard/social',
    '/v2/settings/permissions',
  ]) {
    test(`${path} has no serious accessibility violation`, async ({ page }) => {
      await page.goto(path)
      await expectNoSeriousA11yViolations(page)
    })
  }
})

test.describe('partner screens', () => {
  test.use({ storageState: storageStateOf('partenaire') })
  for (const path of ['/partners/structure/dashboard', '/offer/social/30000000-0000-4000-8000-000000000001']) {
    test(`${path} has no serious accessibility violation`, async ({ page }) => {
      await page.goto(path)
      await expectNoSeriousA11yViolations(page)
    })
  }
})
