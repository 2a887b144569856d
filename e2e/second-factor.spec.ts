import { expect, test } from '@playwright/test'
import { E2E_ACCOUNTS } from './e2e-accounts'
import { totpCode } from '../tests/support/test-codes'
import { DEMO_PASSWORD, emailedCode, expectNoSeriousA11yViolations, signIn, shot } from './fixtures'

// /double-auth: a code by email for every holder of a settings.* permission (here the admin), and an
// authenticator app (TOTP) that any user can set up.
const CODE_SENT = 'Un code à 6 chiffres vient d’être envoyé à votre adresse email. Il est valable 10 minutes.'

async function passwordStep(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/v2/login')
  await page.getByLabel('Adresse email').fill(email)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await page.waitForURL(/\/double-auth/)
}

test('the admin gives a code received by email; wrong, malformed and old codes are refused', async ({ page }) => {
  const since = Date.now()
  await passwordStep(page, 'admin@passerelle.test', DEMO_PASSWORD)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Double authentification')
  await expect(page.locator('main').getByRole('status')).toHaveText(CODE_SENT)
  // No session before the second factor.
  await page.goto('/v2/candidates/dashboard')
  await expect(page).toHaveURL('/v2/login')
  await page.goto('/double-auth?method=email')

  const code = await emailedCode('admin@passerelle.test', since)
  const enter = async (value: string) => {
    await page.getByLabel('Code de vérification').fill(value)
    await page.getByRole('button', { name: 'Vérifier' }).click()
  }
  await enter('12')
  await expect(page.locator('main').getByRole('alert')).toHaveText('Le code comporte 6 chiffres.')
  await enter(code === '000000' ? '111111' : '000000')
  await expect(page.locator('main').getByRole('alert')).toHaveText('Code incorrect.')
  await expectNoSeriousA11yViolations(page)
  await enter(code)
  await expect(page).toHaveURL('/v2/candidates/dashboard')

  // A new sign-in sends a new code: the old one no longer opens anything; "Renvoyer un code" sends another.
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await page.waitForURL(/\/v2\/login/)
  const again = Date.now()
  await passwordStep(page, 'admin@passerelle.test', DEMO_PASSWORD)
  const second = await emailedCode('admin@passerelle.test', again)
  if (second !== code) {
    await enter(code)
    await expect(page.locator('main').getByRole('alert')).toHaveText('Code incorrect.')
  }
  const resent = Date.now()
  await page.getByRole('button', { name: 'Renvoyer un code' }).click()
  await expect(page.locator('main').getByRole('status')).toHaveText(CODE_SENT)
  await enter(await emailedCode('admin@passerelle.test', resent))
  await expect(page).toHaveURL('/v2/candidates/dashboard')
})

test('an authenticator app: set up while signed in, then asked at sign-in; a code serves once', async ({ page }) => {
  // Waiting for the app's next 30-second code may take that long.
  test.setTimeout(90_000)
  const { email, password } = E2E_ACCOUNTS.totpOwner
  await signIn(page, email, password)
  await expect(page).toHaveURL('/v2/candidates/dashboard')
  await page.goto('/double-auth')
  await expect(page.getByText('La double authentification n’est pas active sur votre compte.')).toBeVisible()
  await page.getByLabel('Confirmez avec votre mot de passe').fill('Pas-Le-Bon-2026!')
  await page.getByRole('button', { name: 'Configurer une application' }).click()
  await expect(page.getByText('Le mot de passe actuel est incorrect.')).toBeVisible()
  await page.getByLabel('Confirmez avec votre mot de passe').fill(password)
  await page.getByRole('button', { name: 'Configurer une application' }).click()
  await expect(
    page.getByRole('img', { name: 'QR code de configuration de l’application d’authentification' }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
  await page
    .getByLabel('Code de l’application d’authentification')
    .fill('000000' === totpCode(secret) ? '111111' : '000000')
  await page.getByRole('button', { name: 'Activer l’application' }).click()
  await expect(page.getByText('Code incorrect.')).toBeVisible()
  const setupCode = totpCode(secret)
  await page.getByLabel('Code de l’application d’authentification').fill(setupCode)
  await page.getByRole('button', { name: 'Activer l’application' }).click()
  await expect(page.getByText('Application d’authentification activée.')).toBeVisible()
  await expect(
    page.getByText('La double authentification est active : un code vous est demandé à chaque connexion.'),
  ).toBeVisible()
  // The backup codes, shown once, with their explanation, to copy or download.
  await expect(page.getByRole('heading', { name: 'Vos codes de secours' })).toBeFocused()
  await expect(page.getByText('chacun de ces codes permet une seule connexion', { exact: false })).toBeVisible()
  const backupCodes = (await page.getByTestId('backup-codes').locator('li').allTextContents()).map((c) => c.trim())
  expect(backupCodes).toHaveLength(10)
  for (const c of backupCodes) expect(c).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Télécharger les codes (.txt)' }).click()
  const file = await (await download).path()
  const saved = (await import('node:fs')).readFileSync(file, 'utf8')
  for (const c of backupCodes) expect(saved).toContain(c)
  await expectNoSeriousA11yViolations(page)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, {
      path: `test-results/screens-${process.env.E2E_PORT ?? 3210}/backup-codes-${width}.png`,
      fullPage: true,
    })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click()
  await expect(page.getByTestId('backup-codes')).toHaveCount(0)
  // Never shown again.
  await page.reload()
  await expect(page.getByText('Votre application d’authentification est configurée.')).toBeVisible()
  await expect(page.getByTestId('backup-codes')).toHaveCount(0)
  await page.goto('/v2/candidates/dashboard')
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await page.waitForURL(/\/v2\/login/)

  // At sign-in the app's code is asked; the code of the set-up already served.
  await passwordStep(page, email, password)
  await expect(page).toHaveURL(/method=totp/)
  const label = 'Code de l’application d’authentification'
  await page.getByLabel(label).fill(setupCode)
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Ce code a déjà servi : attendez le suivant dans votre application.',
  )
  // The app's next code: the one of the next 30-second step, which the server accepts as the clock's neighbour (a
  // person waits for it; the test does not spend up to 30 s doing so).
  const code = totpCode(secret, Date.now() + 30_000)
  expect(code).not.toBe(setupCode)
  await page.getByLabel(label).fill(code)
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page).toHaveURL('/v2/candidates/dashboard')

  // Replayed at the next sign-in, the same code is refused.
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await page.waitForURL(/\/v2\/login/)
  await passwordStep(page, email, password)
  await page.getByLabel(label).fill(code)
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Ce code a déjà servi : attendez le suivant dans votre application.',
  )
  // The emailed code stays available.
  await page.getByRole('link', { name: 'Utiliser plutôt un code reçu par email' }).click()
  const since = Date.now()
  await page.getByRole('button', { name: 'Recevoir un code par email' }).click()
  await expect(page.locator('main').getByRole('status')).toHaveText(CODE_SENT)
  await page.getByLabel('Code de vérification').fill(await emailedCode(email, since))
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page).toHaveURL('/v2/candidates/dashboard')

  // A backup code opens one sign-in, once.
  const withBackupCode = async (value: string) => {
    await page.getByRole('link', { name: 'Utiliser un code de secours' }).click()
    await page.getByLabel('Code de secours').fill(value)
    await page.getByRole('button', { name: 'Vérifier' }).click()
  }
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await page.waitForURL(/\/v2\/login/)
  await passwordStep(page, email, password)
  await withBackupCode('abc')
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Un code de secours comporte 10 lettres ou chiffres, par exemple «\u00a0AbCdE-12345\u00a0».',
  )
  await page.getByLabel('Code de secours').fill(backupCodes[0]!)
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page).toHaveURL('/v2/candidates/dashboard')
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await page.waitForURL(/\/v2\/login/)
  await passwordStep(page, email, password)
  await withBackupCode(backupCodes[0]!)
  await expect(page.locator('main').getByRole('alert')).toHaveText('Code incorrect.')
  await page.getByLabel('Code de secours').fill(backupCodes[1]!)
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page).toHaveURL('/v2/candidates/dashboard')
})

test('/double-auth without a sign-in in progress leads to the login page', async ({ page }) => {
  await page.goto('/double-auth')
  await expect(page).toHaveURL('/v2/login')
})
