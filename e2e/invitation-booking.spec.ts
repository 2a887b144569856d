import { expect, test } from '@playwright/test'
import { INVITATION_MESSAGES } from '../lib/invitations/messages'
import { expectNoSeriousA11yViolations } from './fixtures'

// The person's side, signed out, on a phone: a mistyped code on /i told in French. The booking itself, from the SMS a
// counsellor's invitation sent, is e2e/invitations-invite.spec.ts.
test.use({ viewport: { width: 390, height: 844 } })

test('a code typed from a letter that matches no invitation is told in French', async ({ page }) => {
  await page.goto('/i')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre invitation à un atelier')
  await expectNoSeriousA11yViolations(page)
  const field = page.getByLabel('Code de l’invitation')
  await field.fill('abc')
  await page.getByRole('button', { name: 'Voir mon invitation' }).click()
  await expect(page.locator('[data-error-summary]')).toContainText(INVITATION_MESSAGES.codeInvalid)
  await field.fill('zzzz-zzzz')
  await page.getByRole('button', { name: 'Voir mon invitation' }).click()
  await expect(page.locator('[data-error-summary]')).toContainText(INVITATION_MESSAGES.codeUnknown)
  await expect(field).toBeFocused()
  await expect(page).toHaveURL('/i')
  // A link whose code is no invitation's: "not found", with the form to type it again.
  const response = await page.goto('/i/ZZZZ2345')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation introuvable')
  await expect(page.getByLabel('Code de l’invitation')).toBeVisible()
})
