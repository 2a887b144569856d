import { expect, test, type Page } from '@playwright/test'
import { E2E_PROVIDER_USERS } from './e2e-accounts'
import {
  enterEmailedCode,
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  storageStateOf,
  DEMO_PASSWORD,
  shot,
} from './fixtures'

// The partner's offer page at every width, the emailed link signed out, and the staff's view of the page.
// Nothing here changes the demo data the partner-offer spec reads (4 pending, 2 integrated, 2 refused on the permis).
const OFFER_ID = '30000000-0000-4000-8000-000000000001'
const OFFER = `/offer/social/${OFFER_ID}`
const GARAGE = '/offer/social/30000000-0000-4000-8000-000000000004'
const PARTNER = 'partenaire@passerelle.test'
const SCREENS = 'test-results/screens-issue-32'

test.describe.configure({ mode: 'serial', retries: 0 })

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name })

async function applyOf(firstName: string, offerId = OFFER_ID): Promise<string> {
  const [row] = await onE2eDatabase<{ id: string }>(
    'select a.id from social_applies a join candidates c on c.id = a.candidate_id where c.first_name = $1 and a.social_offer_id = $2',
    [firstName, offerId],
  )
  return row!.id
}

/** Nothing on the page, nor in the list's own box, scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const region = document.querySelector<HTMLElement>('section[aria-label="Candidatures"] [role="region"]')
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      list: region ? region.scrollWidth - region.clientWidth : null,
    }
  })
  expect(overflow.page).toBeLessThanOrEqual(0)
  expect(overflow.list).toBeLessThanOrEqual(0)
}

test.describe('the partner', () => {
  test.use({ storageState: storageStateOf('partenaire') })

  for (const width of [1440, 1024]) {
    test(`at ${width} px, every column and every 'Compléter' is in view without scrolling sideways`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(OFFER)
      const table = page.getByRole('table', { name: 'Prescriptions en cours' })
      await expect(table.getByRole('row')).toHaveCount(5)
      await expect(table.getByRole('columnheader')).toHaveText([
        'Candidat',
        'Téléphone',
        'Résidence',
        'Accompagnements',
        'Statut',
        'Auteur',
        'Date',
        'Actions',
      ])
      await expectNoSidewaysScroll(page)
      const actions = table.getByRole('button', { name: /^Compléter la prescription d(e |’)/ })
      await expect(actions).toHaveCount(4)
      for (const action of await actions.all()) {
        const box = (await action.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(width)
      }
      for (const header of await table.getByRole('columnheader').all()) {
        const box = (await header.boundingBox())!
        expect(box.x + box.width).toBeLessThanOrEqual(width)
      }
      // The answered tabs too: all their columns, their selection boxes.
      for (const [name, columns] of [
        [/Candidats intégrés/, 8],
        [/Candidats refusés/, 6],
      ] as const) {
        await tab(page, name).click()
        await expect(page.getByRole('tabpanel').getByRole('table').getByRole('row')).toHaveCount(3)
        await expect(page.getByRole('tabpanel').getByRole('columnheader')).toHaveCount(columns)
        await expectNoSidewaysScroll(page)
      }
      if (width === 1440) {
        await tab(page, /Prescriptions en cours/).click()
        await expect(table.getByRole('row')).toHaveCount(5)
        await shot(page, { path: `${SCREENS}/partner-offer-1440.png`, fullPage: true })
      }
    })
  }

  test('at 390 px, rows are cards, and the applications come before the offer’s description', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(OFFER)
    const table = page.getByRole('table', { name: 'Prescriptions en cours' })
    await expect(table.getByRole('row')).toHaveCount(5)
    const elodie = table.getByRole('row').filter({ hasText: 'Durand Élodie' })
    await expect(elodie).toContainText('Nouveau')
    const complete = elodie.getByRole('button', { name: 'Compléter la prescription d’Élodie Durand' })
    await expect(complete).toBeVisible()
    await expect(
      table
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Compléter la prescription d(e |’)/ }),
    ).toBeInViewport()
    // A card: the row within the screen, its candidate on top and its action below, not side by side.
    const row = (await elodie.boundingBox())!
    const name = (await elodie.getByText('Durand Élodie').boundingBox())!
    const action = (await complete.boundingBox())!
    expect(row.x).toBeGreaterThanOrEqual(0)
    expect(row.x + row.width).toBeLessThanOrEqual(390)
    expect(action.y).toBeGreaterThanOrEqual(name.y + name.height)
    await expectNoSidewaysScroll(page)
    const applications = (await page
      .getByRole('region', { name: 'Candidatures' })
      .or(page.locator('section[aria-label="Candidatures"]'))
      .first()
      .boundingBox())!
    const presentation = (await page.getByRole('heading', { name: 'Présentation' }).boundingBox())!
    expect(applications.y).toBeLessThan(presentation.y)
    expect(applications.y).toBeLessThan(844)
    await expectNoSeriousA11yViolations(page)
    await shot(page, { path: `${SCREENS}/partner-offer-390.png`, fullPage: true })
    // The other columns are behind "Détails": not in the card's own lines, shown once it is opened.
    await expect(elodie.getByRole('cell', { name: 'Rouen' })).toBeHidden()
    const details = elodie.getByRole('group')
    await expect(details.getByText('Rouen')).toBeHidden()
    await details.getByText('Détails').click()
    await expect(details.getByText('06 12 34 56 70')).toBeVisible()
    await expect(details.getByText('Rouen')).toBeVisible()
    // The answered tabs: the select-all box is in view with its words, and selects the cards.
    await tab(page, /Candidats intégrés/).click()
    const integrated = page.getByRole('table', { name: 'Candidats intégrés' })
    await expect(integrated.getByRole('row')).toHaveCount(3)
    await page.getByText('Tout sélectionner', { exact: true }).click()
    await expect(integrated.getByRole('checkbox', { name: /^Sélectionner / })).toHaveCount(2)
    for (const box of await integrated.getByRole('checkbox', { name: /^Sélectionner / }).all()) {
      await expect(box).toBeChecked()
    }
    await expect(page.getByRole('button', { name: 'Archiver les dossiers (2)' })).toBeEnabled()
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).uncheck()
    await expect(page.getByRole('button', { name: 'Archiver les dossiers' })).toBeDisabled()
    await expectNoSidewaysScroll(page)
  })

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    test(`the FUP dialog fits ${viewport.width}×${viewport.height}: its decision and buttons in view, by keyboard`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto(`${OFFER}?socialApplyId=${await applyOf('Sophie')}`)
      const dialog = page.getByRole('dialog', { name: 'Compléter la prescription de Sophie Lefèvre' })
      await expect(dialog).toBeVisible()
      const box = (await dialog.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
      await expect(dialog.getByRole('radio', { name: 'Intégré', exact: true })).toBeInViewport()
      await expect(dialog.getByRole('radio', { name: 'Non intégré' })).toBeInViewport()
      await expect(dialog.getByRole('button', { name: 'Envoyer la réponse' })).toBeInViewport()
      await expect(dialog.getByRole('button', { name: 'Prévisualiser' })).toBeInViewport()
      // Nothing of its text is cut: no box of the dialog scrolls sideways.
      const sideways = await dialog.evaluate((el) =>
        [el, ...el.querySelectorAll('div, section, form, fieldset, dl, p')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
          .map((e) => e.outerHTML.slice(0, 80)),
      )
      expect(sideways).toEqual([])
      await dialog.getByText('Bénéficiaire', { exact: true }).click()
      await expect(dialog.getByText('Date de naissance')).toBeVisible()
      // The decision and the buttons by keyboard alone.
      await page.keyboard.press('Tab')
      for (
        let i = 0;
        i < 40 &&
        !(await dialog
          .getByRole('radio', { name: 'Intégré', exact: true })
          .evaluate((el) => el === document.activeElement));
        i++
      ) {
        await page.keyboard.press('Tab')
      }
      await expect(dialog.getByRole('radio', { name: 'Intégré', exact: true })).toBeFocused()
      await page.keyboard.press('Space')
      await expect(dialog.getByLabel('Date du 1er accueil')).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await shot(page, { path: `${SCREENS}/fup-dialog-${viewport.width}.png` })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })
  }

  test('a link to an unknown prescription, or to another structure’s, says so and opens nothing', async ({ page }) => {
    for (const id of [
      '40000000-0000-4000-8000-00000000ffff',
      await applyOf('Chloé', '30000000-0000-4000-8000-000000000005'),
    ]) {
      await page.goto(`${OFFER}?socialApplyId=${id}`)
      await expect(page.getByRole('alert').filter({ hasText: 'Cette prescription est introuvable.' })).toBeVisible()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).not.toHaveURL(/socialApplyId/)
    }
  })
})

test('signed out, the emailed link survives the password and the second factor, and opens the FUP dialog', async ({
  browser,
}) => {
  const karim = await applyOf('Karim')
  const link = `${OFFER}?socialApplyId=${karim}`
  await onE2eDatabase('update "user" set two_factor_enabled = true where email = $1', [PARTNER])
  const context = await browser.newContext({ storageState: undefined })
  try {
    const page = await context.newPage()
    await page.goto(link)
    await expect(page).toHaveURL(`/v2/login?callbackURL=${encodeURIComponent(link)}`)
    const since = Date.now()
    await page.getByLabel('Adresse email').fill(PARTNER)
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
    await page.waitForURL(/\/double-auth/)
    // The return address is an id, never the candidate: nothing personal in the URL.
    expect(new URL(page.url()).searchParams.get('callbackURL')).toBe(link)
    await enterEmailedCode(page, PARTNER, since)
    await expect(page).toHaveURL(link)
    await expect(page.getByRole('dialog', { name: 'Compléter la prescription de Karim Benali' })).toBeVisible()

    // A return address that is not a path of the site is never followed.
    await page.goto('/v2/login?callbackURL=%2F.%2F%2Fevil.example%2Fphish')
    expect(new URL(page.url()).origin).toBe(new URL(link, page.url()).origin)
  } finally {
    await onE2eDatabase('update "user" set two_factor_enabled = false where email = $1', [PARTNER])
    await context.close()
  }
})

test('signed out, a deep link survives an identity provider and its second factor', async ({ browser }) => {
  const link = `${OFFER}?socialApplyId=${await applyOf('Karim')}`
  const context = await browser.newContext({ storageState: undefined })
  try {
    const page = await context.newPage()
    await page.goto(link)
    await expect(page).toHaveURL(`/v2/login?callbackURL=${encodeURIComponent(link)}`)
    const since = Date.now()
    await page.getByRole('button', { name: 'Se connecter avec ProConnect' }).click()
    await page.waitForURL((url) => url.origin === `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`)
    await page.getByLabel(E2E_PROVIDER_USERS.proconnectAdmin.email).check()
    await page.getByLabel('eidas1').check()
    await page.getByRole('button', { name: 'Continuer' }).click()
    await page.waitForURL(/\/double-auth/)
    expect(new URL(page.url()).searchParams.get('callbackURL')).toBe(link)
    await enterEmailedCode(page, E2E_PROVIDER_USERS.proconnectAdmin.email, since)
    // Back on the offer page (the staff's view keeps no socialApplyId in its address: it opens no dialog).
    await expect(page).toHaveURL(OFFER)
    // An administrator of the prescribing organisation: its own prescriptions, no partner dialog.
    await expect(tab(page, /Prescriptions en cours/)).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test.describe('a counsellor', () => {
  test.use({ storageState: storageStateOf('conseiller') })

  test('reads the organisation’s prescriptions to the offer in the three tabs, read-only, with the partner’s answers', async ({
    page,
  }) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(OFFER)
      await expect(
        page.getByText('Les prescriptions de votre organisation à cette offre, et les réponses du partenaire.'),
      ).toBeVisible()
      await expect(tab(page, /Prescriptions en cours/)).toContainText('4')
      await expect(tab(page, /Candidats intégrés/)).toContainText('2')
      await expect(tab(page, /Candidats refusés/)).toContainText('2')
      await expect(page.getByRole('button', { name: /Compléter/ })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Prescrire à l’offre Permis de conduire solidaire' })).toBeVisible()
      await expect(page.getByText('4 prescriptions en cours')).toBeVisible()
      await expectNoSidewaysScroll(page)
      await shot(page, { path: `${SCREENS}/staff-offer-${width}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    await tab(page, /Candidats refusés/).click()
    const refused = page.getByRole('tabpanel').getByRole('table')
    await expect(refused.getByRole('row')).toHaveCount(3)
    await expect(refused).toContainText('Hors territoire')
    await expect(page.getByRole('checkbox')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Archiver/ })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
    // The deep link of a partner opens nothing for the staff.
    await page.goto(`${OFFER}?socialApplyId=${await applyOf('Karim')}`)
    await expect(tab(page, /Prescriptions en cours/)).toContainText('4')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('prescribes from the offer page: the dialog opens with the offer chosen, the list shows the new prescription', async ({
    page,
  }) => {
    await page.goto(GARAGE)
    await expect(tab(page, /Prescriptions en cours/)).toContainText('0')
    await page.getByRole('button', { name: 'Prescrire à l’offre Garage solidaire' }).click()
    const dialog = page.getByRole('dialog', { name: 'Prescrire à l’offre « Garage solidaire »' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Rechercher un candidat').fill('lefèvre')
    await dialog.getByRole('radio', { name: /Lefèvre Sophie/ }).check()
    await dialog.getByLabel('Objectif de la prescription').fill('Faire réparer sa voiture pour se rendre au travail.')
    await dialog.getByLabel('Je valide cette prescription').check()
    await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
    await expect(page.getByText('Prescription envoyée au partenaire de l’offre « Garage solidaire ».')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(tab(page, /Prescriptions en cours/)).toContainText('1')
    await expect(
      page.getByRole('table', { name: 'Prescriptions en cours' }).getByRole('row', { name: /Lefèvre Sophie/ }),
    ).toBeVisible()
  })
})
