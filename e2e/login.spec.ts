import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './fixtures'

test('a wrong password gets a French message and no session', async ({ page }) => {
  await signIn(page, 'referent@passerelle.test', 'Mauvais-mot-de-passe-1!')
  await expect(page.locator('form [role=alert]')).toHaveText('Adresse email ou mot de passe incorrect.')
  await page.goto('/v2/candidates/dashboard')
  await expect(page).toHaveURL('/v2/login')
})

test('an unknown email gets the same message as a wrong password', async ({ page }) => {
  await signIn(page, 'personne@passerelle.test')
  await expect(page.locator('form [role=alert]')).toHaveText('Adresse email ou mot de passe incorrect.')
})

test('a malformed email and an empty password are named under their fields', async ({ page }) => {
  await page.goto('/v2/login')
  await page.getByLabel('Adresse email').fill('pas-un-email')
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(page.getByText("L'email n'est pas bien formaté")).toBeVisible()
  await expect(page.getByText('Le mot de passe est obligatoire')).toBeVisible()
})

test('the login page is French, accessible, and a visitor is sent to it', async ({ page }) => {
  await page.goto('/v2/candidates/dashboard')
  await expect(page).toHaveURL('/v2/login')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expectNoSeriousA11yViolations(page)
})

test.describe('with an English browser', () => {
  test.use({ locale: 'en-US' })
  test('the login page is in English, the rest stays French', async ({ page }) => {
    await page.goto('/v2/login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.goto('/legal-notice')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions légales')
  })
})

test('signing out ends the session', async ({ page }) => {
  await signIn(page, 'conseiller@passerelle.test')
  await expect(page).toHaveURL('/v2/candidates/dashboard')
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL('/v2/login')
  await page.goto('/v2/candidates/dashboard')
  await expect(page).toHaveURL('/v2/login')
})

test('a server that never answers the sign-in: the form says so and the button works again', async ({ page }) => {
  await page.clock.install()
  await page.goto('/v2/login')
  // The sign-in's request reaches nothing: held until the page is closed, as a server that stopped answering.
  await page.route('**/v2/login', (route) => (route.request().method() === 'POST' ? undefined : route.continue()))
  await page.getByLabel('Adresse email').fill('conseiller@passerelle.test')
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD)
  const button = page.getByRole('button', { name: 'Se connecter', exact: true })
  await button.click()
  await expect(button).toBeDisabled()
  await page.clock.fastForward(26_000)
  await expect(page.locator('form [role=alert]')).toHaveText(
    'Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez dans un instant.',
  )
  await expect(button).toBeEnabled()
})
