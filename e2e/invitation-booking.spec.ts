import { expect, test } from '@playwright/test'
import { E2E_AUTH_SECRET } from '../playwright.config'
import { hashCode, newInvitationCode } from '../lib/invitations/code'
import { INVITATION_MESSAGES } from '../lib/invitations/messages'
import { seal } from '../lib/crypto/sealed'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots } from './fixtures'

// The person's side, signed out, on a phone: a link opened, the name's first letters typed, a session booked; and a
// mistyped code on /i told in French. The invitation is written to the database as inviting writes it (the code
// hashed with the server's secret, and sealed), so that the spec knows its code.
test.use({ viewport: { width: 390, height: 844 } })

const ORG = '10000000-0000-4000-8000-000000000001'

/** A theme of two coming sessions with a seat each, a candidate, and their invitation; returns the link's code. */
async function invitation() {
  process.env.BETTER_AUTH_SECRET = E2E_AUTH_SECRET
  const theme = `Atelier mobile ${Date.now()}`
  const sessions = `insert into workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity)
    values ($1, $3, $2, now() + $4::interval, now() + $4::interval + interval '2 hours', '12 rue Jeanne d’Arc, 76000 Rouen', 1)`
  await onE2eDatabase(sessions, [ORG, theme, 'Atelier CV – Rouen', '3 days'])
  await onE2eDatabase(sessions, [ORG, theme, 'Atelier CV – Elbeuf', '5 days'])
  const [person] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name) values ($1, 'Camille', 'Dufresne') returning id`,
    [ORG],
  )
  const code = newInvitationCode()
  await onE2eDatabase(
    `insert into invitations (organisation_id, candidate_id, theme, channels, code_hash, code_sealed, expires_at)
     values ($1, $2, $3, array['sms'], $4, $5, now() + interval '10 days')`,
    [ORG, person!.id, theme, hashCode(code), seal(code)],
  )
  return { code, theme, candidateId: person!.id }
}

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

test('a person opens the link on a phone, types the first letters of their name and books a session', async ({
  page,
}) => {
  const { code, theme, candidateId } = await invitation()
  await page.goto(`/i/${code}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(theme)
  await expect(page.getByText('Atelier CV – Rouen')).toBeVisible()
  // Nothing personal before the name check.
  await expect(page.getByText('Dufresne')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  // At 1440 and 390 px, no sideways scroll; then back on the phone.
  await screenshots(page, 'invitation')
  await page.setViewportSize({ width: 390, height: 844 })

  await page.getByLabel('Les trois premières lettres de votre nom de famille').fill('duf')
  await page.getByRole('button', { name: 'Continuer' }).click()
  await expect(page.getByRole('heading', { name: 'Choisissez une séance' })).toBeFocused()
  await page.getByRole('radio', { name: /Atelier CV – Rouen/ }).check()
  await page.getByRole('button', { name: 'Continuer' }).click()
  await expect(page.getByRole('heading', { name: 'Vérifiez votre choix' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Confirmer ma réservation' }).click()

  await expect(page.getByRole('heading', { name: 'Votre place est réservée' })).toBeVisible()
  await expect(page.getByText('Atelier CV – Rouen')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Annuler ma place' })).toBeVisible()
  const [row] = await onE2eDatabase<{ status: string; workshop: string }>(
    `select i.status, w.name as workshop from invitations i
       join workshop_registrations r on r.id = i.registration_id join workshops w on w.id = r.workshop_id
      where i.candidate_id = $1 and r.status = 'registered'`,
    [candidateId],
  )
  expect(row).toEqual({ status: 'booked', workshop: 'Atelier CV – Rouen' })
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'invitation-booked')
})
