import { expect, test, type Page } from '@playwright/test'
import {
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  ROLES,
  signIn,
  storageStateOf,
  waitForMail,
  shot,
} from './fixtures'
import { baseURL } from '../playwright.config'

/** The app's own pages send their Origin (lib/http/same-origin.ts): these calls do as they do. */
const SAME_ORIGIN = { origin: baseURL }

// The administrators' screens: users of the organisation (list, creation with an invitation mail through the
// SMTP sink, disabling), and the organisation itself (its 2FA flag and reminder delay).
test.use({ storageState: storageStateOf('admin') })
test.describe.configure({ mode: 'serial' })

const shots = async (page: Page, name: string) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, {
      path: `test-results/screens-${process.env.E2E_PORT ?? 3210}/${name}-${width}.png`,
      fullPage: true,
    })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

const email = `nina.nouvelle.${Date.now()}@passerelle.test`
const PASSWORD = 'Invitation-Choisie-2026!'

test('the admin creates a user; the invitation arrives by mail; the user chooses a password and signs in; the admin disables them', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.goto('/v2/settings/users')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utilisateurs')
  await expect(page.getByRole('cell', { name: 'admin@passerelle.test' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Double authentification' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await shots(page, 'settings-users')

  await page.getByRole('button', { name: 'Créer un utilisateur' }).click()
  const dialog = page.getByRole('dialog', { name: 'Créer un utilisateur' })
  await dialog.getByRole('button', { name: 'Créer et envoyer l’invitation' }).click()
  await expect(dialog.getByText('Le prénom est obligatoire.')).toBeVisible()
  await expect(dialog.getByText('L’adresse email n’est pas valide.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await dialog.getByLabel('Prénom').fill('Nina')
  await dialog.getByLabel('Nom', { exact: true }).fill('Nouvelle')
  await dialog.getByLabel('Adresse email').fill('conseiller@passerelle.test')
  await dialog.getByRole('button', { name: 'Créer et envoyer l’invitation' }).click()
  await expect(dialog.getByText('Un compte Passerelle existe déjà avec cette adresse email.')).toBeVisible()
  await dialog.getByLabel('Adresse email').fill(email)
  await dialog.getByLabel('Téléphone (facultatif)').fill('06 12 34 56 78')
  await dialog.getByLabel('Rôle').selectOption('counsellor')
  const since = Date.now()
  await dialog.getByRole('button', { name: 'Créer et envoyer l’invitation' }).click()
  await expect(
    page.getByText(`une invitation à choisir son mot de passe a été envoyée à ${email}`, { exact: false }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/v2\/settings\/user\/[0-9a-f-]{36}$/)
  const userUrl = page.url()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nina Nouvelle')
  await expectNoSeriousA11yViolations(page)
  await shots(page, 'settings-user')

  // The invited person, in another browser: the link from the mail, a password, a sign-in.
  const mail = await waitForMail(email, since, /\/new-password\?token=/)
  expect(mail).toContain('Département de Seine-Maritime')
  expect(mail).toContain('Il est valable 72 heures')
  const link = /(http:\/\/\S+\/new-password\?token=\S+)/.exec(mail)![1]!
  const invited = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  const person = await invited.newPage()
  await person.goto(link)
  await expect(person.getByRole('heading', { level: 1 })).toHaveText('Choisir un nouveau mot de passe')
  await person.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await person.getByLabel('Confirmer le mot de passe').fill(PASSWORD)
  await person.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click()
  await expect(person.locator('main').getByRole('status')).toBeVisible()
  await signIn(person, email, PASSWORD)
  // Onboarding before any page of the main layout.
  await expect(person).toHaveURL('/onboarding')
  await expect(person.getByRole('heading', { level: 1 })).toHaveText('Bienvenue sur Passerelle')
  await person.goto('/v2/candidates/dashboard')
  await expect(person).toHaveURL('/onboarding')
  await person.goto('/workshops/dashboard')
  await expect(person).toHaveURL('/onboarding')
  // Nor does any route handler answer them before (the terms of use are not accepted yet).
  const search = await person.request.post('/api/candidates/search', { headers: SAME_ORIGIN, data: { search: 'a' } })
  expect(search.status()).toBe(403)
  await expectNoSeriousA11yViolations(person)
  await person.getByRole('link', { name: 'Commencer' }).click()
  await expect(person.getByRole('heading', { level: 1 })).toHaveText('Votre profil')
  // Nothing filled: the two required answers, said in French, linked to their fields; nothing saved.
  await person.getByLabel(/^Votre téléphone/).fill('06 12')
  await person.getByRole('button', { name: 'Valider' }).click()
  const summary = person.getByRole('alert').filter({ hasText: 'Vérifiez les champs signalés.' })
  await expect(summary).toContainText('Vérifiez les champs signalés.')
  await expect(person.getByLabel(/^Votre fonction/)).toHaveAccessibleDescription(
    'Votre fonction est obligatoire (par exemple «\u00a0Conseillère en insertion\u00a0»).',
  )
  await expect(person.getByLabel(/^J’ai lu et j’accepte/)).toHaveAccessibleDescription(
    /Acceptez les conditions d’utilisation pour utiliser Passerelle\./,
  )
  await expect(person.getByLabel(/^Votre téléphone/)).toHaveAccessibleDescription(/Le téléphone n'est pas complet/)
  await expectNoSeriousA11yViolations(person)
  for (const width of [1440, 390, 320]) {
    await person.setViewportSize({ width, height: 900 })
    await shot(person, { path: test.info().outputPath(`onboarding-form-${width}.png`), fullPage: true })
  }
  await person.setViewportSize({ width: 1280, height: 720 })
  await person.goto('/v2/candidates/dashboard')
  await expect(person).toHaveURL('/onboarding')
  await person.getByRole('link', { name: 'Commencer' }).click()
  await person.getByLabel(/^Votre fonction/).fill('Conseillère en insertion')
  await person.getByLabel(/^Votre téléphone/).fill('06 12 34 56 78')
  await person.getByLabel('Les prescriptions et les demandes en retard').uncheck()
  await person.getByLabel(/^J’ai lu et j’accepte/).check()
  await person.getByRole('button', { name: 'Valider' }).click()
  await expect(person).toHaveURL('/onboarding/end')
  await expect(person.getByRole('heading', { level: 1 })).toHaveText('C’est prêt !')
  // A counsellor has no home page: the candidates.
  await person.getByRole('link', { name: 'Accéder à Passerelle' }).click()
  await expect(person).toHaveURL('/v2/candidates/dashboard')
  await expect(person.getByRole('banner')).toContainText('Sécurité du compte')
  const [saved] = await onE2eDatabase<{
    job_title: string
    notify_late_items: boolean
    notify_orientations: boolean
    terms_version: string
  }>(`select job_title, notify_late_items, notify_orientations, terms_version from "user" where email = $1`, [email])
  expect(saved).toMatchObject({
    job_title: 'Conseillère en insertion',
    notify_late_items: false,
    notify_orientations: true,
    terms_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  })
  // A new version of the terms asks again, before any page.
  await onE2eDatabase(`update "user" set terms_version = '2020-01-01' where email = $1`, [email])
  await person.goto('/v2/candidates/dashboard')
  await expect(person).toHaveURL('/onboarding')
  await person.getByRole('link', { name: 'Commencer' }).click()
  await expect(person.getByText('Les conditions d’utilisation ont changé')).toBeVisible()
  await expect(person.getByLabel(/^Votre fonction/)).toHaveValue('Conseillère en insertion')
  await person.getByLabel(/^J’ai lu et j’accepte/).check()
  await person.getByRole('button', { name: 'Valider' }).click()
  await expect(person).toHaveURL('/onboarding/end')
  await person.goto('/v2/candidates/dashboard')
  await expect(person).toHaveURL('/v2/candidates/dashboard')

  // The list shows the sign-in.
  await page.goto('/v2/settings/users')
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Actif')
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/)

  // Disabled: their session ends at once.
  await page.goto(userUrl)
  await page.getByRole('button', { name: 'Désactiver le compte' }).click()
  await expect(page.getByRole('dialog', { name: 'Désactiver ce compte ?' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Désactiver', exact: true }).click()
  await expect(page.getByText('Utilisateur désactivé', { exact: false })).toBeVisible()
  await expect(page.getByText('État du compte', { exact: false })).toContainText('désactivé')
  await person.goto('/v2/candidates/dashboard')
  await expect(person).toHaveURL('/v2/login')
  await signIn(person, email, PASSWORD)
  await expect(person.locator('main').getByRole('alert')).toHaveText('Adresse email ou mot de passe incorrect.')
  await invited.close()
})

test('the admin edits a user, finds no way to attach an identity to them and removes one; bad input is named; the admin cannot disable or demote themselves', async ({
  page,
}) => {
  await page.goto('/v2/settings/users')
  await page.getByRole('link', { name: 'Fontaine Cédric' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cédric Fontaine')
  await page.getByLabel('Téléphone (facultatif)').fill('06 12')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  await expect(
    page.getByText('Le téléphone n’est pas complet (10 chiffres, par exemple 06 12 34 56 78).'),
  ).toBeVisible()
  await page.getByLabel('Téléphone (facultatif)').fill('02 35 00 00 09')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  await expect(page.getByText('Modifications enregistrées.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Téléphone (facultatif)')).toHaveValue('02 35 00 00 09')
  // Back to the demo value other specs may show.
  await page.getByLabel('Téléphone (facultatif)').fill('0601020304')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  await expect(page.getByText('Modifications enregistrées.').first()).toBeVisible()

  // Nobody attaches a provider login to another person's account: the administrator has no form for it.
  await expect(page.getByRole('region', { name: 'Identités de connexion' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enregistrer l’identité' })).toHaveCount(0)
  await expect(page.getByLabel('Fournisseur d’identité')).toHaveCount(0)
  // An identity the person has (seeded as provisioning gives it) is seen and removed.
  const subject = '7f3c2b1a-0000-4000-8000-00000000e2e0:0e2e0000-0000-4000-8000-0000000000c1'
  const conseiller = `(select id from "user" where email = 'conseiller@passerelle.test')`
  await onE2eDatabase(`delete from account where provider_id = 'microsoft' and account_id = $1`, [subject])
  await onE2eDatabase(
    `insert into account (id, account_id, provider_id, user_id) values (gen_random_uuid()::text, $1, 'microsoft', ${conseiller})`,
    [subject],
  )
  await page.reload()
  await expect(page.getByText(subject)).toBeVisible()
  await page.getByRole('button', { name: 'Retirer l’identité Microsoft (Entra ID)' }).click()
  await page.getByRole('button', { name: 'Retirer', exact: true }).click()
  await expect(page.getByText('Identité retirée.')).toBeVisible()
  await expect(page.getByText('Aucune identité enregistrée', { exact: false })).toBeVisible()

  // Their own page: no way to disable, and the role stays.
  await page.goto('/v2/settings/users')
  await page.getByRole('link', { name: 'Martin Alice' }).click()
  await expect(page.getByRole('button', { name: 'Désactiver le compte' })).toHaveCount(0)
  await page.getByLabel('Rôle').selectOption('counsellor')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  // Shown in the form and in the notification.
  await expect(
    page
      .getByText(
        'Vous ne pouvez pas retirer votre propre rôle d’administrateur : demandez-le à un autre administrateur.',
      )
      .first(),
  ).toBeVisible()
})

test('the admin turns the organisation’s second factor on: a counsellor then gives an emailed code', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000)
  await page.goto('/v2/settings/organisations')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organisations')
  const flag = page.getByLabel('Double authentification obligatoire')
  await expect(flag).not.toBeChecked()
  await expectNoSeriousA11yViolations(page)
  await shots(page, 'settings-organisations')
  const delay = page.getByLabel('Délai de relance des prescriptions (jours)')
  await delay.fill('0')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Le délai de relance est un nombre entier de jours, entre 1 et 90.')).toBeVisible()
  await delay.fill('12')
  await flag.check()
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Organisation enregistrée.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Double authentification obligatoire')).toBeChecked()
  await expect(page.getByLabel('Délai de relance des prescriptions (jours)')).toHaveValue('12')
  try {
    const other = await browser.newContext({ storageState: { cookies: [], origins: [] } })
    const counsellor = await other.newPage()
    await counsellor.goto('/v2/login')
    await counsellor.getByLabel('Adresse email').fill('conseiller@passerelle.test')
    await counsellor.getByLabel('Mot de passe').fill('Passerelle-Demo-2026!')
    await counsellor.getByRole('button', { name: 'Se connecter', exact: true }).click()
    await expect(counsellor).toHaveURL(/\/double-auth/)
    await other.close()
  } finally {
    await page.getByLabel('Double authentification obligatoire').uncheck()
    await page.getByLabel('Délai de relance des prescriptions (jours)').fill('10')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page.getByText('Organisation enregistrée.').first()).toBeVisible()
    // Turning the rule on ended the organisation's sessions but this administrator's: the saved logins of its referent
    // and counsellor, which the specs that follow use, are signed in again.
    for (const role of ['referent', 'conseiller'] as const) {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
      const again = await context.newPage()
      await signIn(again, ROLES[role])
      await expect(again).toHaveURL('/v2/candidates/dashboard')
      await context.storageState({ path: storageStateOf(role) })
      await context.close()
    }
  }
})

test('another organisation’s user is not found; without settings.visualize the screens are closed', async ({
  page,
  browser,
}) => {
  const response = await page.goto('/v2/settings/user/demo-referent-lyon')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable')
  const other = await browser.newContext({ storageState: storageStateOf('conseiller') })
  const counsellor = await other.newPage()
  await counsellor.goto('/v2/settings/users')
  await expect(counsellor).toHaveURL('/v2/candidates/dashboard')
  await other.close()
})

test('the admin sets the RGPD retention period: a French message for a bad one, the preview of the next run, the privacy policy states it', async ({
  page,
}) => {
  await page.goto('/v2/settings/organisations')
  // The demo's candidates are all recent: the next night's run anonymises nobody, and says so.
  await expect(
    page.getByRole('status').filter({ hasText: /^Aucun candidat ne sera anonymisé le \d{2}\/\d{2}\/\d{4}\.$/ }),
  ).toBeVisible()
  const retention = page.getByLabel('Durée de conservation des candidats sans activité (jours)')
  await expect(retention).toHaveValue('730')
  await retention.fill('300')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(
    page.getByText('La durée de conservation est un nombre entier de jours, entre 365 et 3650.').first(),
  ).toBeVisible()
  try {
    await page.getByLabel('Durée de conservation des candidats sans activité (jours)').fill('1095')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page.getByText('Organisation enregistrée.').first()).toBeVisible()
    await page.goto('/privacy-policy')
    await expect(
      page.getByText(
        /Pour Département de Seine-Maritime, les données d’une personne accompagnée sans aucune activité \(fiche, prescription, SMS\) depuis 1\s095\sjours \(environ 3\sans\) sont anonymisées/,
      ),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  } finally {
    await page.goto('/v2/settings/organisations')
    await page.getByLabel('Durée de conservation des candidats sans activité (jours)').fill('730')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page.getByText('Organisation enregistrée.').first()).toBeVisible()
  }
})
