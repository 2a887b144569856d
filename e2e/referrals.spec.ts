import { expect, test, type Locator, type Page } from '@playwright/test'
import autocannon from 'autocannon'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, waitForSentMails, screenshots } from './fixtures'

// The referral form: a prescriber without an account orients a person through the demo link, with the
// keyboard only and one refused field; a counsellor accepts the orientation into a candidate; the prescriber's outcome
// mail, with the person's initials only, reaches the sink. An administrator creates and disables a link.
test.describe.configure({ mode: 'serial', retries: 0 })

const FORM = '/referral-form/informations/demoCcasDieppe_lienOrientation26'
const PRESCRIBER = 'p.dupre@ccas-dieppe.test'

/** Tab (only the keyboard) until `target` has the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error('not reachable with Tab')
}
async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target)
  await page.keyboard.type(text)
}

test.afterAll(async () => {
  const people = `(select id from candidates where last_name = 'Clavier')`
  await onE2eDatabase(`delete from orientations where prescriber_email = $1`, [PRESCRIBER])
  await onE2eDatabase(
    `delete from audit_log where entity_type = 'candidate' and entity_id in (select id::text from candidates where last_name = 'Clavier')`,
  )
  await onE2eDatabase(`delete from candidates where id in ${people}`)
  await onE2eDatabase(`delete from referral_links where label = 'Mission locale e2e'`)
})

test.describe('a prescriber without an account', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('orients a person with the keyboard only; a refused field is said in French, linked to its field', async ({
    page,
  }) => {
    await page.goto('/referral-form/homepage')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formulaire d’orientation')
    await expectNoSeriousA11yViolations(page)

    await page.goto(FORM)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informations sur la personne orientée')
    await expect(page.getByText('Orientation vers Département de Seine-Maritime')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'referral-form', [1440, 390, 320])

    const email = page.getByLabel(/^Votre email/)
    await typeInto(page, page.getByLabel(/^Vos prénom et nom/), 'Pascale Dupré')
    await typeInto(page, page.getByLabel(/^Votre structure/), 'CCAS de Dieppe')
    await typeInto(page, email, 'p.dupre@ccas')
    await typeInto(page, page.getByLabel(/^Prénom/), 'Orianne')
    await typeInto(page, page.getByLabel(/^Nom/), 'Clavier')
    // The birth date is optional: Tab goes through its three parts (day, month, year) and on.
    await typeInto(page, page.getByLabel(/^Téléphone/), '06 45 45 45 45')
    await tabTo(page, page.getByLabel(/^Lieu de résidence/))
    await page.keyboard.press('ArrowDown')
    await tabTo(page, page.getByRole('checkbox', { name: 'Mobilité' }))
    await page.keyboard.press('Space')
    await typeInto(
      page,
      page.getByLabel(/^Sa situation/),
      'Cherche un emploi de préparatrice de commandes ; pas de permis.',
    )
    await tabTo(page, page.getByRole('checkbox', { name: /La personne a donné son accord/ }))
    await page.keyboard.press('Space')
    // The honeypot is out of the keyboard path.
    await tabTo(page, page.getByRole('button', { name: 'Envoyer l’orientation' }))
    await page.keyboard.press('Enter')

    // The server refuses the email: the summary takes the focus, the field says why and is described by it.
    const summary = page.getByRole('alert').filter({ hasText: 'Vérifiez les champs signalés.' })
    await expect(summary).toBeVisible()
    await expect(summary).toContainText("Votre email\u00a0: L'email n'est pas bien formaté")
    await expect(page.locator(':focus')).toContainText('Vérifiez les champs signalés.')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(/L'email n'est pas bien formaté/)
    await expectNoSeriousA11yViolations(page)
    expect(await onE2eDatabase(`select id from orientations where prescriber_email like 'p.dupre@%'`)).toHaveLength(0)

    await tabTo(page, email)
    await page.keyboard.press('End')
    await page.keyboard.type('-dieppe.test')
    await tabTo(page, page.getByRole('button', { name: 'Envoyer l’orientation' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/referral-form/confirmation')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orientation envoyée')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'referral-confirmation', [1440, 390, 320])
    // No personal data in the address bar.
    expect(page.url()).not.toMatch(/Clavier|Orianne/i)

    // The link's address is told, with a link and no personal data.
    const [notice] = await waitForSentMails(
      (m) => m.includes('Une nouvelle orientation est arrivée') && m.includes('«\u00a0CCAS de Dieppe\u00a0»'),
    )
    expect(notice).toMatch(/\/v2\/orientations\/[0-9a-f-]{36}/)
    expect(notice).not.toMatch(/Orianne|Clavier|préparatrice/)
  })

  test('posted from another origin (another port of the host), the form is refused and says where to open it', async ({
    request,
    baseURL,
  }) => {
    const response = await request.post(`${baseURL}${FORM}`, {
      headers: { origin: 'http://localhost:8765' },
      form: { prescriberName: 'Paul Dupré', firstName: 'Orianne' },
    })
    expect(response.status()).toBe(403)
    const page = await response.text()
    expect(page).toContain(
      `Ce formulaire doit être ouvert à l’adresse ${baseURL}${FORM}\u00a0: ouvrez-le à cette adresse, puis envoyez-le de nouveau.`,
    )
    expect(page).not.toContain('Rechargez-la')
  })

  test('a link that is not valid says only that', async ({ page }) => {
    const response = await page.goto('/referral-form/informations/demoMissionLocale_lienDesactive1')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ce lien n’est pas valide')
    await expect(page.getByText('Mission locale')).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'referral-not-valid', [390])
  })
})

/**
 * The product's only public write under load (autocannon on loopback): 200 submissions at once from one address, then
 * 200 from 200 addresses on one link. Every answer is 200 or 429 (never a 5xx), and the database holds exactly the
 * orientations the limits allow: 10 for the address, 100 for the link (REFERRAL_LIMIT_PER_LINK's default).
 */
test('200 concurrent submissions: no 5xx, exactly the orientations the hourly limits allow', async ({ baseURL }) => {
  test.setTimeout(120_000)
  const [org] = await onE2eDatabase<{ id: string }>(
    `select organisation_id as id from referral_links where token_hint = 'demo' and label = 'CCAS de Dieppe'`,
  )
  const linkOf = async (token: string, label: string) =>
    (
      await onE2eDatabase<{ id: string }>(
        `insert into referral_links (organisation_id, token_hash, token_hint, label, notify_email) values ($1, encode(sha256(convert_to($2::text, 'UTF8')), 'hex'), left($2::text, 4), $3, 'accueil@departement.test') returning id`,
        [org!.id, token, label],
      )
    )[0]!.id
  const body = JSON.stringify({
    prescriberName: 'Charge Test',
    prescriberStructure: 'CCAS',
    prescriberEmail: 'charge@ccas.test',
    firstName: 'Camille',
    lastName: 'Charge',
    consent: true,
  })
  const blast = (token: string, forwardedFor: (i: number) => string) => {
    let i = 0
    return autocannon({
      url: `${baseURL}/api/referral-form/${token}`,
      connections: 200,
      amount: 200,
      timeout: 60,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL! },
      body,
      setupClient: (client) =>
        client.setHeaders({
          'content-type': 'application/json',
          origin: baseURL!,
          'x-forwarded-for': forwardedFor(i++),
        }),
    })
  }
  const statuses = (r: autocannon.Result) => ({
    '2xx': r['2xx'],
    '4xx': r['4xx'],
    '5xx': r['5xx'],
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  })

  try {
    const oneAddress = await linkOf('loadTestOneAddress_0000000000001', 'Charge : une adresse')
    const fromOne = await blast('loadTestOneAddress_0000000000001', () => '203.0.113.77')
    expect(statuses(fromOne)).toEqual({ '2xx': 10, '4xx': 190, '5xx': 0, errors: 0, timeouts: 0, non2xx: 190 })
    expect(await onE2eDatabase(`select id from orientations where link_id = $1`, [oneAddress])).toHaveLength(10)

    const oneLink = await linkOf('loadTestOneLink_0000000000000001', 'Charge : un lien')
    const fromMany = await blast('loadTestOneLink_0000000000000001', (i) => `198.51.100.${i % 250}, 10.0.0.${i % 250}`)
    expect(statuses(fromMany)).toEqual({ '2xx': 100, '4xx': 100, '5xx': 0, errors: 0, timeouts: 0, non2xx: 100 })
    expect(await onE2eDatabase(`select id from orientations where link_id = $1`, [oneLink])).toHaveLength(100)
    // Each refusal is the French 429, nothing else.
    const refused = await fetch(`${baseURL}/api/referral-form/loadTestOneLink_0000000000000001`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL!, 'x-forwarded-for': '192.0.2.1' },
      body,
    })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error:
        'Trop d’orientations ont été envoyées depuis cette adresse ou ce lien en une heure. Réessayez plus tard, ou contactez directement l’organisation.',
    })
  } finally {
    const links = `(select id from referral_links where label like 'Charge%')`
    await onE2eDatabase(
      `delete from outbound_mails where kind = 'orientation-received' and to_address = 'accueil@departement.test'`,
    )
    await onE2eDatabase(
      `delete from audit_log where action = 'orientation.received' and entity_id in (select id::text from orientations where link_id in ${links})`,
    )
    await onE2eDatabase(`delete from orientations where link_id in ${links}`)
    await onE2eDatabase(`delete from referral_links where id in ${links}`)
    await onE2eDatabase(`delete from auth_attempt where bucket like 'referral:%'`)
  }
})

test.describe('the organisation', () => {
  test.use({ storageState: storageStateOf('conseiller') })

  test('a counsellor accepts the orientation into a candidate; the prescriber is told with initials only', async ({
    page,
  }) => {
    await page.goto('/v2/actions/dashboard')
    const received = page.getByRole('region', { name: /Orientations reçues/ })
    await expect(received).toContainText('dont 1 depuis plus de')
    await expect(received.getByRole('listitem').filter({ hasText: 'Mercier Yanis' })).toContainText('En retard')
    await received.getByRole('link', { name: 'Clavier Orianne' }).click()

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orientation d’Orianne Clavier')
    await expect(page.getByText('À traiter')).toBeVisible()
    await expect(page.getByText('Cherche un emploi de préparatrice de commandes ; pas de permis.')).toBeVisible()
    await expect(page.getByText('Mobilité', { exact: true })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'orientation', [1440, 390])

    await page.getByRole('link', { name: 'Accepter et créer le candidat' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un candidat')
    await expect(page.getByText('Fiche remplie avec l’orientation reçue.')).toBeVisible()
    await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue('Orianne')
    await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Clavier')
    await expect(page.getByLabel('Téléphone', { exact: true })).toHaveValue('06 45 45 45 45')
    // The organisation's required field is the counsellor's to complete.
    await page.getByRole('button', { name: 'Créer le candidat' }).click()
    await expect(page.getByText('Le champ « Niveau de français » est obligatoire', { exact: true })).toBeVisible()
    await page.getByLabel('Niveau de français', { exact: true }).selectOption({ label: 'B1 - Intermédiaire' })
    await page.getByRole('button', { name: 'Créer le candidat' }).click()
    await page.waitForURL(/\/v2\/candidate\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Clavier')

    const [outcome] = await waitForSentMails((m) => m.includes(`To: ${PRESCRIBER}`) && m.includes('a été acceptée'))
    expect(outcome).toContain('L’orientation d’O.\u00a0C.')
    expect(outcome).not.toMatch(/Orianne|Clavier|06 45/)

    // The orientation now says who decided, and leads to the sheet; the dashboard no longer lists it.
    await page.goto('/v2/actions/dashboard')
    await expect(page.getByRole('link', { name: 'Clavier Orianne' })).toHaveCount(0)
    const [row] = await onE2eDatabase<{ id: string }>(`select id from orientations where prescriber_email = $1`, [
      PRESCRIBER,
    ])
    await page.goto(`/v2/orientations/${row!.id}`)
    await expect(page.getByText('Acceptée', { exact: true })).toBeVisible()
    await expect(page.getByText(/par Cédric Fontaine/)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Voir la fiche du candidat' })).toBeVisible()
  })

  test('a counsellor declines an orientation with a reason, which the prescriber receives', async ({ page }) => {
    await page.goto('/v2/actions/dashboard')
    await page.getByRole('link', { name: 'Lambert Inès' }).click()
    await page.getByRole('button', { name: 'Refuser' }).click()
    const dialog = page.getByRole('dialog', { name: 'Refuser l’orientation' })
    await dialog.getByRole('button', { name: 'Refuser l’orientation' }).click()
    await expect(dialog.getByLabel('Motif du refus')).toHaveAccessibleDescription(/Le motif du refus est obligatoire/)
    await dialog.getByLabel('Motif du refus').fill('Un accompagnement par la mission locale convient mieux.')
    await dialog.getByRole('button', { name: 'Refuser l’orientation' }).click()
    await expect(page.getByText('Refusée', { exact: true })).toBeVisible()
    await expect(page.getByText('Motif\u00a0: Un accompagnement par la mission locale convient mieux.')).toBeVisible()
    const [outcome] = await waitForSentMails(
      (m) => m.includes('To: n.benali@ccas-dieppe.test') && m.includes('n’a pas pu être acceptée'),
    )
    expect(outcome).toContain('I.\u00a0L.')
    expect(outcome).not.toMatch(/Inès|Lambert/)
  })
})

test.describe('the settings', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('an administrator creates a referral link, then disables it', async ({ page }) => {
    await page.goto('/v2/settings')
    await page.getByRole('link', { name: 'Formulaires d’orientation' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formulaires d’orientation')
    await expect(page.getByRole('heading', { name: 'CCAS de Dieppe' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Nouveau lien' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nouveau lien d’orientation' })
    await dialog.getByLabel('Nom du lien').fill('Mission locale e2e')
    await dialog.getByLabel('Email qui reçoit les orientations').fill('accueil@')
    await dialog.getByRole('button', { name: 'Créer le lien' }).click()
    await expect(dialog.getByLabel('Email qui reçoit les orientations')).toHaveAccessibleDescription(
      "L'email n'est pas bien formaté",
    )
    await dialog.getByLabel('Email qui reçoit les orientations').fill('accueil@mission-locale.test')
    await dialog.getByRole('button', { name: 'Créer le lien' }).click()
    // The whole address is shown this once, to copy; the list then shows its first characters only.
    const created = page.getByRole('dialog', { name: 'Lien d’orientation créé' })
    const url = (await created.getByLabel('Adresse du lien').textContent())!
    expect(url).toMatch(/\/referral-form\/informations\/[A-Za-z0-9_-]{32}$/)
    await created.getByRole('button', { name: 'Terminé' }).click()
    await expect(created).toHaveCount(0)
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Mission locale e2e' }) })
    await expect(item).toContainText('Actif')
    expect(await item.locator('p.font-mono').textContent()).toBe(`${url.slice(0, -28)}•••`)
    await screenshots(page, 'referral-links', [1440, 390])

    // The new link opens its form; disabled, it no longer does.
    const path = new URL(url).pathname
    const visitor = await page.context().browser()!.newContext()
    const form = await visitor.newPage()
    await form.goto(path)
    await expect(form.getByRole('heading', { level: 1 })).toHaveText('Informations sur la personne orientée')
    await item.getByRole('button', { name: /Désactiver/ }).click()
    await expect(item).toContainText('Désactivé')
    expect((await form.goto(path))?.status()).toBe(404)
    await visitor.close()
  })
})
