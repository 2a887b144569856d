import { expect, test, type Page } from '@playwright/test'
import { decryptNir, encryptNir, nirBlindIndex } from '../lib/crypto/nir-cipher'
import { calendarDaysBetween, parisToday } from '../lib/dates'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// These specs change a seeded candidate (its NIR, its phone): a retry would find them changed.
test.describe.configure({ mode: 'serial', retries: 0 })

// Karim Benali (M, 03/11/1979) gets a NIR for these specs; its key worked out by hand: 97 − (1791176451089 mod 97) = 81.
const NIR = '179117645108981'
/** The NIR as the app stores it (lib/crypto/nir-cipher.ts), under the e2e server's key (playwright.config.ts). */
const storedNir = () => [encryptNir(NIR), nirBlindIndex(NIR), NIR.slice(0, 5)]
const SET_KARIM_NIR = `update candidates set nir_encrypted = $1, nir_blind_index = $2, nir_prefix = $3
  where first_name = 'Karim' and last_name = 'Benali' returning id`
let karim = ''
let lyonCandidate = ''

test.beforeAll(async () => {
  const [row] = await onE2eDatabase<{ id: string }>(SET_KARIM_NIR, storedNir())
  karim = row!.id
  lyonCandidate = (await onE2eDatabase<{ id: string }>(`select id from candidates where last_name = 'Rousseau'`))[0]!.id
})

const dd = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

test.describe('as the referent', () => {
  test.use({ storageState: storageStateOf('referent') })

  test('the sheet’s sections, the NIR on demand, an edit that keeps then clears the NIR, and the history', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(`/v2/candidate/${karim}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Karim Benali')
    // The sheet opens on its overview; a tab keeps its width when it becomes the active one.
    const overviewTab = page.getByRole('link', { name: 'Vue d’ensemble', exact: true })
    await expect(overviewTab).toHaveAttribute('aria-current', 'page')
    const tabs = page.getByRole('navigation', { name: 'Sections de la fiche' })
    const identityTab = tabs.getByRole('link', { name: 'Identité', exact: true })
    const before = await identityTab.boundingBox()
    await identityTab.click()
    await expect(page).toHaveURL(`/v2/candidate/${karim}/identite`)
    await expect(identityTab).toHaveAttribute('aria-current', 'page')
    expect(await identityTab.boundingBox()).toEqual(before)
    await expect(dd(page, 'Date de naissance')).toHaveText('03/11/1979')
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 •• ••• ••• ••')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-identite')

    await page.getByRole('button', { name: 'Afficher le NIR' }).click()
    await expect(page.getByTestId('nir-value')).toHaveText('1 79 11 76 451 089 81')
    await page.getByRole('button', { name: 'Masquer le NIR' }).click()
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 ••')

    // Edit, keyboard first: the form is prefilled, the NIR is not.
    await page.getByRole('link', { name: /^Modifier/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/v2/candidate/${karim}/identite?edit=1`)
    await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue('Karim')
    const nirInput = page.getByLabel('Numéro de sécurité sociale (NIR)', { exact: true })
    await expect(nirInput).toHaveValue('')
    await expect(nirInput).toHaveAccessibleDescription('Laisser vide pour conserver le numéro enregistré')
    expect(await page.content()).not.toContain('645108981')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-edit')

    await page.getByLabel('Téléphone', { exact: true }).fill('07 00')
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click()
    await expect(page.getByText("Le téléphone n'est pas complet")).toBeVisible()
    await expect(page.getByLabel('Téléphone', { exact: true })).toBeFocused()
    await page.getByLabel('Téléphone', { exact: true }).fill('07 11 22 33 44')
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click()
    await expect(page.getByText('Fiche du candidat mise à jour.')).toBeVisible()
    await expect(page).toHaveURL(`/v2/candidate/${karim}/identite`)
    await expect(dd(page, 'Téléphone')).toHaveText('07 11 22 33 44')
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 ••')
    expect(
      decryptNir(
        (await onE2eDatabase<{ nir: string }>(`select nir_encrypted as nir from candidates where id = $1`, [karim]))[0]!
          .nir,
      ),
    ).toBe(NIR)

    // Clearing the NIR is an explicit choice.
    await page.getByRole('link', { name: /^Modifier/ }).click()
    await page.getByLabel('Effacer le NIR').check()
    await expect(nirInput).toBeDisabled()
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click()
    await expect(page).toHaveURL(`/v2/candidate/${karim}/identite`)
    await expect(dd(page, 'Numéro de sécurité sociale \\(NIR\\)')).toHaveText('–')
    expect(
      (
        await onE2eDatabase<{ nir: string | null }>(`select nir_encrypted as nir from candidates where id = $1`, [
          karim,
        ])
      )[0]!.nir,
    ).toBeNull()

    await page.getByRole('link', { name: 'Situation', exact: true }).click()
    await expect(page).toHaveURL(`/v2/candidate/${karim}/situation`)
    await expect(dd(page, 'Niveau de français')).toHaveText('B1 - Intermédiaire')
    await expect(dd(page, 'Permis B')).toHaveText('Non')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-situation')

    await page.getByRole('link', { name: 'Historique', exact: true }).click()
    const rows = page.getByRole('table').getByRole('row')
    // Three rows of this spec, then the demo's invitation (sent the day before the demo data was made).
    await expect(rows).toHaveCount(5)
    await expect(rows.nth(1)).toContainText('Modification de la fiche')
    await expect(rows.nth(1)).toContainText('Champs modifiés : Numéro de sécurité sociale (NIR)')
    await expect(rows.nth(2)).toContainText('Champs modifiés : Téléphone')
    await expect(rows.nth(3)).toContainText('Consultation du numéro de sécurité sociale')
    for (const i of [1, 2, 3]) await expect(rows.nth(i)).toContainText('Romain Leroy')
    await expect(rows.nth(4)).toContainText('Invitation à un atelier envoyée')
    await expect(page.getByRole('table')).not.toContainText('07 11')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-historique')
  })

  test('an unknown section, an id that is not a uuid and another organisation’s candidate are not found', async ({
    page,
  }) => {
    for (const path of [
      `/v2/candidate/${karim}/inconnue`,
      `/v2/candidate/${karim}/apercu`,
      '/v2/candidate/pas-un-identifiant',
      `/v2/candidate/${lyonCandidate}`,
      `/v2/candidate/${lyonCandidate}/historique`,
      `/v2/candidate/${lyonCandidate}/identite?edit=1`,
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable')
    }
  })
})

test.describe('as a counsellor (no candidate.nir.visualize)', () => {
  test.use({ storageState: storageStateOf('conseiller') })

  test('sees the NIR masked, without the button', async ({ page }) => {
    const [row] = await onE2eDatabase<{ id: string }>(SET_KARIM_NIR, storedNir())
    await page.goto(`/v2/candidate/${row!.id}/identite`)
    await expect(page.getByTestId('nir-value')).toContainText('1 79 11 •• ••• ••• ••')
    await expect(page.getByRole('button', { name: 'Afficher le NIR' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Modifier/ })).toBeVisible()
  })
})

const ORG = '10000000-0000-4000-8000-000000000001'
const ELODIE = `select id from candidates where first_name = 'Élodie' and last_name = 'Durand'`
const followUp = (status: string, place: string, referent: string) =>
  `Statut\u00a0: ${status}Lieu\u00a0: ${place}Référent\u00a0: ${referent}`

/** The organisation's own permissions for its counsellors (/v2/settings/permissions), or back to the defaults. */
async function setCounsellorPermissions(permissions: string[] | null) {
  const org = '10000000-0000-4000-8000-000000000001'
  if (!permissions) {
    const remove = 'delete from organisation_role_permissions where organisation_id = $1 and role = $2'
    await onE2eDatabase(remove, [org, 'counsellor'])
    return
  }
  const insert = 'insert into organisation_role_permissions (organisation_id, role, permissions) values ($1, $2, $3)'
  await onE2eDatabase(insert, [org, 'counsellor', permissions])
}

/** No horizontal scroll of the page at these widths (the tab bar scrolls inside itself). */
async function expectNoOverflow(page: Page) {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0)
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

/** Days from a Paris calendar day to today in Paris, as the overview counts a prescription's wait. */
function parisDaysSince(day: string): number {
  return calendarDaysBetween(day, parisToday(new Date()))
}

// The overview, the sheet's default view.
test.describe('the overview, as the referent', () => {
  test.use({ storageState: storageStateOf('referent') })

  test('opens on what is in motion for the demo’s Élodie Durand, with the referent in the header', async ({ page }) => {
    const [elodie] = await onE2eDatabase<{ id: string }>(ELODIE)
    await page.goto('/v2/candidates/dashboard')
    await page.getByRole('link', { name: 'Durand Élodie' }).click()
    await expect(page).toHaveURL(`/v2/candidate/${elodie!.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Élodie Durand')
    const overviewTab = page.getByRole('link', { name: 'Vue d’ensemble', exact: true })
    await expect(overviewTab).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('sheet-follow-up')).toHaveText(followUp('Nouveau', 'Rouen', 'Romain Leroy'))

    const actions = page.getByRole('region', { name: 'Actions rapides' })
    for (const name of ['Prescrire', 'Envoyer un SMS', 'Inscrire à un atelier']) {
      await expect(actions.getByRole('button', { name, exact: true })).toBeVisible()
    }
    const diagnosis = actions.getByRole('link', { name: 'Faire un diagnostic' })
    await expect(diagnosis).toHaveAttribute('href', `/diagnosis/${elodie!.id}`)

    // The seed (lib/db/seed.ts): her prescription of 02/10/2026 waits for an answer.
    const days = parisDaysSince('2026-10-02')
    await expect(page.getByRole('region', { name: /^Prescriptions en attente/ })).toContainText(
      `Permis de conduire solidaire · Mobilité SolidaireEnvoyée le 02/10/2026, en attente depuis ${days} jours`,
    )
    const workshop = page.getByRole('region', { name: 'Prochain atelier' })
    await expect(workshop).toContainText('Préparer un entretien d’embauche')
    await expect(workshop).toContainText('Le 14/01/2027 à 14:30')
    await expect(workshop).toContainText('Maison de l’emploi, 12 rue Jeanne-d’Arc, 76000 Rouen')
    await expect(page.getByRole('region', { name: 'Parcours' })).toContainText(
      'Parcours vers l’emploiEn retardEntretien de diagnostic, prévue avant le 23/11/2026',
    )
    const sms = page.getByRole('region', { name: 'Dernier SMS' })
    await expect(sms).toContainText('Message envoyé · 18/11/2026 à 10:40')
    await expect(sms).toContainText('Parfait, à demain !')
    await expect(sms.getByTestId('overview-sms-status')).toHaveText('Distribué')
    await expect(page.getByRole('region', { name: /^Positionnements en cours/ })).toContainText(
      'Vendeur ou vendeuse en boulangerie · Boulangerie Durand & FilsProposé',
    )
    // Each part leads to its section.
    await page.getByRole('link', { name: 'Toute la conversation' }).click()
    await expect(page).toHaveURL(`/v2/candidate/${elodie!.id}/sms`)
    await page.goBack()
    await expect(page.getByRole('region', { name: 'Dernier SMS' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-overview')
    await expectNoOverflow(page)
  })

  test('a quick action sends an SMS in a dialog; an empty part’s button registers to a workshop', async ({ page }) => {
    test.setTimeout(90_000)
    const [created] = await onE2eDatabase<{ id: string }>(
      `insert into candidates (organisation_id, first_name, last_name, phone, referent_id)
       values ($1, 'Aperçu', 'Sansrien', '0699887766', 'demo-referent') returning id`,
      [ORG],
    )
    const id = created!.id
    await page.goto(`/v2/candidate/${id}`)
    await expect(page.getByTestId('sheet-follow-up')).toHaveText(followUp('–', '–', 'Romain Leroy'))
    // Every part is empty, and has the button that fills it.
    const part = (name: string | RegExp) => page.getByRole('region', { name })
    await expect(part(/^Prescriptions en attente/).getByRole('button', { name: 'Prescrire à une offre' })).toBeVisible()
    await expect(part('Prochain atelier').getByRole('button', { name: 'Choisir un atelier' })).toBeVisible()
    const enrol = part('Parcours').getByRole('link', { name: 'Inscrire à un parcours' })
    await expect(enrol).toHaveAttribute('href', '/support-courses/dashboard')
    await expect(part('Dernier SMS').getByRole('button', { name: 'Écrire un SMS' })).toBeVisible()
    const place = part(/^Positionnements en cours/).getByRole('link', { name: 'Positionner sur une offre d’emploi' })
    await expect(place).toHaveAttribute('href', '/v2/offers/dashboard/job')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'sheet-overview-empty')
    await expectNoOverflow(page)

    // The quick action, keyboard first: the sheet's SMS composer in a dialog.
    const quickSms = part('Actions rapides').getByRole('button', { name: 'Envoyer un SMS' })
    await quickSms.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Envoyer un SMS à Aperçu Sansrien' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Message').fill('Bonjour {prenom}, votre rendez-vous est confirmé.')
    await expect(dialog.getByTestId('sms-preview')).toHaveText('Bonjour Aperçu, votre rendez-vous est confirmé.')
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: /^(Envoyer|Programmer) le SMS$/ }).click()
    // Sent: the dialog closes like every other (issue 42 §2), focus back on its button, the toast leads to the thread.
    const sent = page.getByRole('status').filter({ hasText: /^SMS (en cours d’envoi\.|programmé pour le )/ })
    await expect(sent).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(quickSms).toBeFocused()
    await expect(sent.getByRole('button', { name: 'Voir la conversation' })).toBeVisible()
    const sms = part('Dernier SMS')
    await expect(sms).toContainText('Bonjour Aperçu, votre rendez-vous est confirmé.')
    await expect(sms.getByTestId('overview-sms-status')).not.toBeEmpty()
    const written = await onE2eDatabase(`select id from sms_messages where candidate_id = $1 and author_id = $2`, [
      id,
      'demo-referent',
    ])
    expect(written).toHaveLength(1)

    // The "Ateliers" tab, empty too, has the same button.
    await page.goto(`/v2/candidate/${id}/ateliers`)
    await part('Ateliers').getByRole('button', { name: 'Inscrire à un atelier' }).click()
    await expect(page.getByRole('dialog', { name: 'Inscrire à un atelier' })).toBeVisible()
    await page.keyboard.press('Escape')
    await page.goto(`/v2/candidate/${id}`)

    // The empty part's button: the workshop registration dialog, for this candidate (the demo workshop is full).
    await part('Prochain atelier').getByRole('button', { name: 'Choisir un atelier' }).click()
    const register = page.getByRole('dialog', { name: 'Inscrire à un atelier' })
    const select = register.getByLabel('Atelier', { exact: true })
    const option = register.locator('option', { hasText: 'Préparer un entretien d’embauche' })
    await select.selectOption((await option.getAttribute('value'))!)
    await register.getByRole('button', { name: 'Inscrire', exact: true }).click()
    // The workshop is full: the candidate is waitlisted, and told nothing yet (the feedback says so).
    await expect(page.getByText(/Atelier complet\s:\s1 candidat mis en liste d’attente/).first()).toBeVisible()
    await expect(part('Prochain atelier')).toContainText('Préparer un entretien d’embauche')
    await expect(part('Prochain atelier')).toContainText('En liste d’attente')
    await expect(part('Prochain atelier').getByRole('button', { name: 'Choisir un atelier' })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('the overview, as a counsellor whose organisation took their actions away', () => {
  test.use({ storageState: storageStateOf('conseiller') })

  test('shows what is in motion, without the actions they may not take', async ({ page }) => {
    await setCounsellorPermissions(['candidate.visualize'])
    try {
      const [elodie] = await onE2eDatabase<{ id: string }>(ELODIE)
      await page.goto(`/v2/candidate/${elodie!.id}`)
      const workshop = page.getByRole('region', { name: 'Prochain atelier' })
      await expect(workshop).toContainText('Préparer un entretien d’embauche')
      await expect(page.getByRole('region', { name: 'Actions rapides' })).toHaveCount(0)
      for (const name of ['Prescrire', 'Envoyer un SMS', 'Inscrire à un atelier', 'Écrire un SMS']) {
        await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0)
      }
      await expect(page.getByRole('link', { name: 'Faire un diagnostic' })).toHaveCount(0)
    } finally {
      await setCounsellorPermissions(null)
    }
  })
})
