import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures'

// Spec §1: French by default, English on the login pages when the browser prefers it, and a visible switch.
test.describe('with an English browser (en-US)', () => {
  test.use({ locale: 'en-US' })

  test('the login pages are in English, providers included, and the switch brings French back', async ({ page }) => {
    await page.goto('/v2/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    await expect(page.getByRole('button', { name: 'Sign in with ProConnect' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.goto('/v2/login?mode=reset')
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible()
    await page.goto('/new-password?token=forged')
    await expect(page.locator('main').getByRole('alert')).toHaveText(
      'This reset link is no longer valid: it expired, was already used or is incomplete. Request a new one.',
    )

    await page.goto('/v2/login')
    await page.getByRole('button', { name: 'Français' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion')
  })
})

test('a French browser can switch the login page to English; the rest of the app stays French', async ({ page }) => {
  await page.goto('/v2/login')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion')
  await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true')
  // A wrong password is answered in English on the English page.
  await page.getByLabel('Email address').fill('conseiller@passerelle.test')
  await page.getByLabel('Password').fill('Wrong-Password-2026!')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.locator('form [role=alert]')).toHaveText('Incorrect email address or password.')
  await page.goto('/legal-notice')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions légales')
})
