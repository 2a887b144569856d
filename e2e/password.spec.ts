import { createHash } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { E2E_ACCOUNTS } from './e2e-accounts'
import { expectNoSeriousA11yViolations, onE2eDatabase, signIn, waitForMail } from './fixtures'

// Spec §2 (login page texts), §5 and §9 (password rule); reset mail through the local SMTP sink (e2e/smtp-sink.ts).
const owner = E2E_ACCOUNTS.passwordOwner
const RULE =
  'Le mot de passe doit contenir au moins 12 caractères, dont 1 minuscule, 1 majuscule, 1 chiffre et 1 caractère spécial.'
const RESET_REQUESTED =
  'Si un compte Passerelle correspond à cette adresse, un lien de réinitialisation vient d’y être envoyé. Il est valable 1 heure.'
const LINK_INVALID =
  'Ce lien de réinitialisation n’est plus valable : il a expiré, a déjà servi ou n’est pas complet. Demandez-en un nouveau.'
const RESET_PASSWORD = 'Reinitialise-E2E-2026!'
const CHANGED_PASSWORD = 'Change-Par-Moi-2026!'

test.describe.configure({ mode: 'serial' })

async function requestReset(page: Page, email: string): Promise<number> {
  await page.goto('/v2/login')
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié')
  await page.getByLabel('Adresse email').fill(email)
  const started = Date.now()
  await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click()
  await expect(page.locator('main').getByRole('status')).toHaveText(RESET_REQUESTED)
  return Date.now() - started
}

async function resetLinkFor(email: string, since: number): Promise<string> {
  const mail = await waitForMail(email, since, /\/new-password\?token=/)
  expect(mail).toContain('Il est valable 1 heure et ne sert qu’une fois.')
  return /(http:\/\/\S+\/new-password\?token=\S+)/.exec(mail)![1]!
}

async function choose(page: Page, password: string, confirm = password) {
  await page.getByLabel('Nouveau mot de passe').fill(password)
  await page.getByLabel('Confirmer le mot de passe').fill(confirm)
  await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click()
}

/**
 * A refused choice: sent, then its answer awaited. React empties the form's fields when the action's answer comes
 * back; without this wait, the next choice typed meanwhile was emptied with them and sent blank (a flaky CI run).
 */
async function chooseRefused(page: Page, password: string, confirm = password) {
  await choose(page, password, confirm)
  await expect(page.getByLabel('Nouveau mot de passe')).toHaveValue('')
}

test('forgotten password: the same answer for any address, a link by SMTP that works once, every bad input refused', async ({
  page,
}) => {
  // A malformed address is named under its field.
  await page.goto('/v2/login?mode=reset')
  await page.getByLabel('Adresse email').fill('pas-un-email')
  await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click()
  await expect(page.getByText("L'email n'est pas bien formaté")).toBeVisible()

  // Unknown and known addresses: the same words, after the same time.
  const since = Date.now()
  // A loaded machine can slow one request by chance: a real difference (work done only for a known address) shows in
  // every round, so up to three rounds are tried (three reset mails, within the account's five an hour).
  let difference = Infinity
  for (let round = 0; round < 3 && difference >= 400; round++) {
    const unknownMs = await requestReset(page, 'personne-ici@passerelle.test')
    const knownMs = await requestReset(page, owner.email)
    difference = Math.abs(knownMs - unknownMs)
  }
  expect(difference).toBeLessThan(400)
  const link = await resetLinkFor(owner.email, since)
  await expectNoSeriousA11yViolations(page)

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisir un nouveau mot de passe')
  await expect(page.getByText(RULE)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Each missing class, a common password and a mismatching confirmation: French message under the field, nothing changed.
  for (const weak of ['Court-1!', 'SANS-MINUSCULE-12', 'sans-majuscule-12', 'Sans-Chiffre-Ici', 'SansSpecial1234']) {
    await chooseRefused(page, weak)
    await expect(page.locator('[id$="-error"]').first()).toHaveText(RULE)
  }
  await chooseRefused(page, 'Azertyuiop2026!')
  await expect(page.getByText('Ce mot de passe fait partie des plus courants : choisissez-en un autre.')).toBeVisible()
  await chooseRefused(page, RESET_PASSWORD, `${RESET_PASSWORD}x`)
  await expect(page.getByText('La confirmation ne correspond pas au nouveau mot de passe.')).toBeVisible()

  await choose(page, RESET_PASSWORD)
  await expect(page).toHaveURL('/v2/login?reset=done')
  await expect(page.locator('main').getByRole('status')).toHaveText(
    'Votre mot de passe a été changé. Connectez-vous avec votre nouveau mot de passe.',
  )

  // The link served once; a forged one and one without token are refused alike.
  for (const url of [link, '/new-password?token=AAAAAAAAAAAAAAAAAAAAAAAA', '/new-password']) {
    await page.goto(url)
    await expect(page.locator('main').getByRole('alert')).toHaveText(LINK_INVALID)
  }

  // The old password no longer works; the new one does.
  await signIn(page, owner.email, owner.password)
  await expect(page.locator('form [role=alert]')).toHaveText('Adresse email ou mot de passe incorrect.')
  await signIn(page, owner.email, RESET_PASSWORD)
  await expect(page).toHaveURL('/v2/candidates/dashboard')
})

test('an expired reset link is refused', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage()
  const since = Date.now()
  await requestReset(page, owner.email)
  const link = await resetLinkFor(owner.email, since)
  const token = decodeURIComponent(new URL(link).searchParams.get('token')!)
  // Tokens are stored hashed (better-auth's storeIdentifier: 'hashed'): age this one by its hash.
  const identifier = createHash('sha256').update(`reset-password:${token}`).digest('base64url')
  const aged = await onE2eDatabase(
    `update verification set expires_at = now() - interval '1 second' where identifier = $1 returning id`,
    [identifier],
  )
  expect(aged).toHaveLength(1)
  await page.goto(link)
  await expect(page.locator('main').getByRole('alert')).toHaveText(LINK_INVALID)
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié')
})

test('changing the password: every bad input refused, then the other sessions end', async ({ browser }) => {
  const mine = await (await browser.newContext()).newPage()
  const elsewhere = await (await browser.newContext()).newPage()
  await signIn(mine, owner.email, RESET_PASSWORD)
  await signIn(elsewhere, owner.email, RESET_PASSWORD)
  await expect(elsewhere).toHaveURL('/v2/candidates/dashboard')

  await mine.getByRole('link', { name: 'Sécurité du compte' }).click()
  await expect(mine.getByRole('heading', { level: 1 })).toHaveText('Changer de mot de passe')
  await expectNoSeriousA11yViolations(mine)
  const change = async (current: string, next: string, confirm = next) => {
    await mine.getByLabel('Mot de passe actuel').fill(current)
    await mine.getByLabel('Nouveau mot de passe').fill(next)
    await mine.getByLabel('Confirmer le mot de passe').fill(confirm)
    await mine.getByRole('button', { name: 'Changer le mot de passe' }).click()
  }
  await change('Pas-Le-Bon-2026!', CHANGED_PASSWORD)
  await expect(mine.getByText('Le mot de passe actuel est incorrect.')).toBeVisible()
  await change(RESET_PASSWORD, 'faible')
  await expect(mine.getByText(RULE)).toHaveCount(2)
  await change(RESET_PASSWORD, CHANGED_PASSWORD, 'Autre-Chose-2026!')
  await expect(mine.getByText('La confirmation ne correspond pas au nouveau mot de passe.')).toBeVisible()
  await change(RESET_PASSWORD, RESET_PASSWORD)
  await expect(mine.getByText('Le nouveau mot de passe doit être différent du mot de passe actuel.')).toBeVisible()
  // Nothing changed so far: the other browser is still signed in.
  await elsewhere.goto('/v2/candidates/dashboard')
  await expect(elsewhere).toHaveURL('/v2/candidates/dashboard')

  await change(RESET_PASSWORD, CHANGED_PASSWORD)
  await expect(mine).toHaveURL('/change-password?changed=1')
  await expect(mine.locator('main').getByRole('status')).toHaveText(
    'Votre mot de passe a été modifié. Vos autres connexions ont été fermées.',
  )
  await elsewhere.goto('/v2/candidates/dashboard')
  await expect(elsewhere).toHaveURL('/v2/login')
  await mine.goto('/v2/candidates/dashboard')
  await expect(mine).toHaveURL('/v2/candidates/dashboard')
  await signIn(elsewhere, owner.email, CHANGED_PASSWORD)
  await expect(elsewhere).toHaveURL('/v2/candidates/dashboard')
})
