import { expect, test, type Page } from '@playwright/test'
import { E2E_ACCOUNTS, E2E_PROVIDER_USERS } from './e2e-accounts'
import {
  emailedCode,
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  screenshots,
  signIn,
  storageStateOf,
} from './fixtures'

// Sign-in through OpenID Connect providers, all played by real local servers (e2e/oidc-server.ts, oidc-provider).
const oidcOrigin = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`
const MESSAGES = {
  unknown:
    'Cette identité n’est pas autorisée à se connecter à Passerelle : demandez à votre administrateur de créer votre accès.',
  notLinked:
    'Cette identité n’est rattachée à aucun compte Passerelle et son adresse email n’est pas vérifiée par le fournisseur : connectez-vous avec votre email et votre mot de passe, puis associez-la à votre compte depuis « Sécurité du compte ».',
  linkedElsewhere:
    'Cette identité est déjà associée à un autre compte Passerelle : elle n’a pas été associée au vôtre.',
  linked: 'Votre compte Microsoft est associé : vous pouvez désormais vous connecter avec lui.',
  state:
    'La connexion n’a pas pu être vérifiée : la demande a expiré ou ne vient pas de Passerelle. Recommencez depuis cette page.',
  noCode: 'Le fournisseur d’identité n’a pas renvoyé de code d’autorisation : la connexion est refusée. Recommencez.',
  invalid:
    'La réponse du fournisseur d’identité n’est pas valide (émetteur, jeton ou nonce incorrect) : la connexion est refusée.',
}

/** Clicks the provider's button on the login page, then picks the identity (and level, methods) on the provider's page. */
async function viaProvider(page: Page, button: string, identity: string, acr?: string, amr?: string) {
  await page.goto('/v2/login')
  await page.getByRole('button', { name: `Se connecter avec ${button}` }).click()
  await page.waitForURL((url) => url.origin === oidcOrigin)
  await page.getByLabel(identity).check()
  if (acr) await page.getByLabel(acr).check()
  if (amr) await page.getByLabel(amr).check()
  await page.getByRole('button', { name: 'Continuer' }).click()
}

const loginError = (page: Page) => page.locator('main').getByRole('alert')

test('the login page offers each configured provider', async ({ page }) => {
  await page.goto('/v2/login')
  for (const name of ['Google', 'Microsoft', 'ProConnect', 'Pôle Emploi (France Travail)']) {
    await expect(page.getByRole('button', { name: `Se connecter avec ${name}` })).toBeVisible()
  }
})

test.describe('ProConnect', () => {
  test('a provisioned agent signs in end to end, then logs out through ProConnect', async ({ page }) => {
    await viaProvider(page, 'ProConnect', E2E_PROVIDER_USERS.proconnect.email, 'eidas1')
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await expect(page.getByRole('banner')).toContainText('Agathe Connect')
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    // RP-initiated logout: ProConnect's end-session endpoint, then back to the login page.
    await page.waitForURL((url) => url.origin === oidcOrigin && url.pathname.endsWith('/session/end'))
    await page.getByRole('button', { name: 'Se déconnecter du fournisseur' }).click()
    await expect(page).toHaveURL(/\/v2\/login/)
    await page.goto('/v2/candidates/dashboard')
    await expect(page).toHaveURL('/v2/login')
  })

  test('an administrator signing in with ProConnect still gives the emailed code before getting in', async ({
    page,
  }) => {
    const { email } = E2E_PROVIDER_USERS.proconnectAdmin
    const since = Date.now()
    await viaProvider(page, 'ProConnect', email, 'eidas1')
    await expect(page).toHaveURL(/\/double-auth\?method=email/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Double authentification')
    await expect(page.locator('main').getByRole('status')).toHaveText(
      'Un code à 6 chiffres vient d’être envoyé à votre adresse email. Il est valable 10 minutes.',
    )
    await expectNoSeriousA11yViolations(page)
    // No session before the code: the app's pages send back to the login page.
    const probe = await page.context().newPage()
    await probe.goto('/v2/candidates/dashboard')
    await expect(probe).toHaveURL('/v2/login')
    await probe.close()
    await page
      .getByLabel('Code de vérification')
      .fill('000000' === (await emailedCode(email, since)) ? '111111' : '000000')
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await expect(page.locator('main').getByRole('alert')).toHaveText('Code incorrect.')
    await page.getByLabel('Code de vérification').fill(await emailedCode(email, since))
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await expect(page.getByRole('banner')).toContainText('Adèle Min')
    // The session remembers ProConnect: the logout goes through its end-session endpoint.
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await page.waitForURL((url) => url.origin === oidcOrigin && url.pathname.endsWith('/session/end'))
  })

  test('an administrator who gave a second factor at ProConnect (amr "mfa") is not asked the emailed code again', async ({
    page,
  }) => {
    await viaProvider(page, 'ProConnect', E2E_PROVIDER_USERS.proconnectAdmin.email, 'eidas1', 'Avec second facteur')
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await expect(page.getByRole('banner')).toContainText('Adèle Min')
  })

  test('the state and nonce sent are 32 characters or more', async ({ page }) => {
    await page.goto('/v2/login')
    const authorize = page.waitForRequest((r) => r.url().startsWith(`${oidcOrigin}/proconnect/auth`))
    await page.getByRole('button', { name: 'Se connecter avec ProConnect' }).click()
    const params = new URL((await authorize).url()).searchParams
    expect(params.get('state')!.length).toBeGreaterThanOrEqual(32)
    expect(params.get('nonce')!.length).toBeGreaterThanOrEqual(32)
    expect(params.get('code_challenge_method')).toBe('S256')
    // The level with a second factor first: ProConnect asks the person's provider for one where it can.
    expect(params.get('acr_values')).toBe('eidas2 eidas1')
    expect(JSON.parse(params.get('claims')!).id_token.amr).toEqual({ essential: true })
  })

  test('an authentication level below the configured ones is refused with 403, in French', async ({ page }) => {
    const refused = page.waitForResponse((r) => r.url().includes('/api/auth/callback/proconnect'))
    await viaProvider(page, 'ProConnect', E2E_PROVIDER_USERS.proconnect.email, 'faible')
    expect((await refused).status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Niveau d’authentification insuffisant')
    await expect(
      page.getByText(
        'Le niveau d’authentification de votre identité ProConnect est insuffisant pour accéder à Passerelle.',
      ),
    ).toBeVisible()
    await page.goto('/v2/candidates/dashboard')
    await expect(page).toHaveURL('/v2/login')
  })

  test('an identity no administrator provisioned is refused', async ({ page }) => {
    await viaProvider(page, 'ProConnect', 'inconnu.proconnect@exemple.gouv.fr', 'eidas1')
    await expect(page).toHaveURL(/\/v2\/login\?error=/)
    await expect(loginError(page)).toHaveText(MESSAGES.unknown)
  })

  test('a callback without state, or with a state Passerelle never issued, is refused', async ({ page }) => {
    await page.goto('/api/auth/callback/proconnect?code=abc')
    await expect(page).toHaveURL(/\/v2\/login\?error=/)
    await expect(loginError(page)).toHaveText(MESSAGES.state)
    await page.goto('/api/auth/callback/proconnect?code=abc&state=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    await expect(loginError(page)).toHaveText(MESSAGES.state)
  })

  test('a callback without code is refused', async ({ page }) => {
    await page.goto('/v2/login')
    // The browser stops at the provider's door (no login there), so nothing else navigates meanwhile.
    let state = ''
    await page.route(`${oidcOrigin}/proconnect/auth?**`, (route) => {
      state = new URL(route.request().url()).searchParams.get('state') ?? ''
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>ProConnect</title>' })
    })
    await page.getByRole('button', { name: 'Se connecter avec ProConnect' }).click()
    await page.waitForURL(`${oidcOrigin}/proconnect/auth?**`)
    expect(state).not.toBe('')
    await page.goto(`/api/auth/callback/proconnect?state=${encodeURIComponent(state)}`)
    await expect(loginError(page)).toHaveText(MESSAGES.noCode)
  })

  test('an ID token whose nonce is not the one sent is refused', async ({ page }) => {
    // The browser asks the provider for another nonce than the one Passerelle stored.
    await page.route(`${oidcOrigin}/proconnect/auth?**`, (route) => {
      const url = new URL(route.request().url())
      url.searchParams.set('nonce', 'X'.repeat(32))
      return route.continue({ url: url.toString() })
    })
    await viaProvider(page, 'ProConnect', E2E_PROVIDER_USERS.proconnect.email, 'eidas1')
    await expect(loginError(page)).toHaveText(MESSAGES.invalid)
    await page.goto('/v2/candidates/dashboard')
    await expect(page).toHaveURL('/v2/login')
  })

  test('a response from another issuer is refused', async ({ page }) => {
    // The provider's answer is followed by hand (same cookies as the browser) to change its `iss` on the way.
    await page.goto('/v2/login')
    await page.getByRole('button', { name: 'Se connecter avec ProConnect' }).click()
    await page.waitForURL((url) => url.origin === oidcOrigin)
    const form = page.locator('form')
    const action = new URL((await form.getAttribute('action'))!, page.url()).toString()
    const uid = (await form.locator('input[name=uid]').getAttribute('value'))!
    const sub = (await page.getByLabel(E2E_PROVIDER_USERS.proconnect.email).getAttribute('value'))!
    const login = await page.request.post(action, { form: { uid, sub, acr: 'eidas1' }, maxRedirects: 0 })
    const resume = await page.request.get(new URL(login.headers().location!, action).toString(), { maxRedirects: 0 })
    const callback = new URL(resume.headers().location!)
    expect(callback.searchParams.get('iss')).toBe(`${oidcOrigin}/proconnect`)
    callback.searchParams.set('iss', 'https://faux-fournisseur.example')
    await page.goto(callback.toString())
    await expect(loginError(page)).toHaveText(MESSAGES.invalid)
    await page.goto('/v2/candidates/dashboard')
    await expect(page).toHaveURL('/v2/login')
  })
})

test.describe('Google, Microsoft and France Travail', () => {
  test('Google: an account is linked by the email Google verified', async ({ page }) => {
    await viaProvider(page, 'Google', E2E_PROVIDER_USERS.google.email)
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await expect(page.getByRole('banner')).toContainText('Gaston Gle')
  })

  test('Google: an email the provider did not verify never reaches an existing account', async ({ page }) => {
    await viaProvider(page, 'Google', 'conseiller@passerelle.test')
    await expect(loginError(page)).toHaveText(MESSAGES.notLinked)
    await page.goto('/v2/candidates/dashboard')
    await expect(page).toHaveURL('/v2/login')
  })

  test('Microsoft: the account is found by tenant and object id, never by its email', async ({ page }) => {
    await viaProvider(page, 'Microsoft', 'quelquun@autre-domaine.test')
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await expect(page.getByRole('banner')).toContainText('Émile Ntra')
    await page.context().clearCookies()
    // An Entra identity claiming referent@passerelle.test is not the referent.
    await viaProvider(page, 'Microsoft', 'referent@passerelle.test')
    await expect(loginError(page)).toHaveText(MESSAGES.notLinked)
  })

  test('France Travail: the realm goes in the query string', async ({ page, request }) => {
    await viaProvider(page, 'Pôle Emploi (France Travail)', E2E_PROVIDER_USERS.franceTravail.email)
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    const seen = (await (await request.get(`${oidcOrigin}/__requests`)).json()) as string[]
    expect(
      seen.some(
        (u) => u.startsWith('/france-travail/auth?') && new URLSearchParams(u.split('?')[1]).get('realm') === '/agent',
      ),
    ).toBe(true)
    expect(seen.some((u) => u.startsWith('/france-travail/token?realm=%2Fagent'))).toBe(true)
  })
})

test.describe('a user links their own login', () => {
  const { email, password } = E2E_ACCOUNTS.identityLinker
  const mine = 'lien.microsoft@autre-domaine.test'

  test('signed in by password, they link Microsoft from Sécurité du compte, sign out and sign in with Microsoft', async ({
    page,
  }) => {
    // A run on the same database starts from no identity.
    await onE2eDatabase(
      `delete from account where provider_id <> 'credential' and user_id = (select id from "user" where email = $1)`,
      [email],
    )
    await signIn(page, email, password)
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await page.getByRole('banner').getByRole('link', { name: 'Sécurité du compte' }).click()
    await expect(page).toHaveURL('/change-password')
    const identities = page.getByRole('region', { name: 'Identités de connexion' })
    await expect(identities).toContainText('Aucune identité associée')
    for (const name of ['Microsoft', 'Google', 'ProConnect', 'Pôle Emploi (France Travail)'])
      await expect(identities.getByRole('button', { name: `Associer mon compte ${name}` })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // Another person's Microsoft login is refused, in French.
    await identities.getByRole('button', { name: 'Associer mon compte Microsoft' }).click()
    await page.waitForURL((url) => url.origin === oidcOrigin)
    await page.getByLabel('quelquun@autre-domaine.test').check()
    await page.getByRole('button', { name: 'Continuer' }).click()
    await expect(page).toHaveURL(/\/change-password\?error=/)
    await expect(identities.getByRole('alert')).toHaveText(MESSAGES.linkedElsewhere)
    await expect(identities).toContainText('Aucune identité associée')

    // Their own (Microsoft forgets the previous person: its page is shown again).
    await page.context().clearCookies({ domain: '127.0.0.1' })
    await identities.getByRole('button', { name: 'Associer mon compte Microsoft' }).click()
    await page.waitForURL((url) => url.origin === oidcOrigin)
    await page.getByLabel(mine).check()
    await page.getByRole('button', { name: 'Continuer' }).click()
    await expect(page).toHaveURL('/change-password?linked=microsoft')
    await expect(identities.getByRole('status')).toHaveText(MESSAGES.linked)
    await expect(identities.getByRole('listitem')).toContainText('Microsoft')
    await expect(identities.getByRole('button', { name: 'Associer mon compte Microsoft' })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'account-identities')

    await page.goto('/v2/candidates/dashboard')
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page).toHaveURL(/\/v2\/login/)
    await page.context().clearCookies({ domain: '127.0.0.1' })
    await viaProvider(page, 'Microsoft', mine)
    await expect(page).toHaveURL('/v2/candidates/dashboard')
    await expect(page.getByRole('banner')).toContainText('Lina Lien')

    // They remove it, after a confirmation.
    await page.goto('/change-password')
    await identities.getByRole('button', { name: 'Retirer l’identité Microsoft' }).click()
    await page
      .getByRole('dialog', { name: 'Retirer cette identité ?' })
      .getByRole('button', { name: 'Retirer' })
      .click()
    await expect(page.getByText('L’identité a été retirée.')).toBeVisible()
    await expect(identities).toContainText('Aucune identité associée')
  })

  test('an administrator’s page of another user offers no way to attach a login', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('admin') })
    const page = await context.newPage()
    const [user] = await onE2eDatabase<{ id: string }>(`select id from "user" where email = $1`, [email])
    await page.goto(`/v2/settings/user/${user!.id}`)
    await expect(page.getByRole('region', { name: 'Identités de connexion' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Associer|Enregistrer l’identité/ })).toHaveCount(0)
    await context.close()
  })
})

test('an external callbackURL is ignored, with a French notice, and the sign-in lands in Passerelle', async ({
  page,
}) => {
  await page.goto('/v2/login?callbackURL=https://site-malveillant.example/vol')
  await expect(page.locator('main').getByRole('status')).toHaveText(
    'Le lien de retour demandé mène hors de Passerelle : il a été ignoré.',
  )
  await page.getByLabel('Adresse email').fill('conseiller@passerelle.test')
  await page.getByLabel('Mot de passe').fill('Passerelle-Demo-2026!')
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(page).toHaveURL('/v2/candidates/dashboard')
  // A path of Passerelle is kept.
  await page.context().clearCookies()
  await page.goto('/v2/login?callbackURL=/v2/offers/dashboard/social')
  await signInHere(page)
  await expect(page).toHaveURL('/v2/offers/dashboard/social')
})

async function signInHere(page: Page) {
  await page.getByLabel('Adresse email').fill('conseiller@passerelle.test')
  await page.getByLabel('Mot de passe').fill('Passerelle-Demo-2026!')
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
}
