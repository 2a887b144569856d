import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots, shot } from './fixtures'

// The diagnosis: a counsellor fills one with the person (two barriers), sees the matching offers and
// prescribes one; a second diagnosis goes by SMS, is filled at 390 px through its link, then reviewed; the sheet shows
// what changed. The demo's Lucas Mercier shows a history of two.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('conseiller') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
let candidateId = ''
const standIn = `http://127.0.0.1:${process.env.E2E_TWILIO_PORT}`

let hours: { start: number; end: number; days: number[] } | null = null

test.beforeAll(async () => {
  // The SMS leaves at once whatever the hour the run starts: the organisation's sending hours opened to every minute
  // (restored after).
  const [before] = await onE2eDatabase<{ start: number; end: number; days: number[] }>(
    `select sms_window_start_minute as start, sms_window_end_minute as "end", sms_window_days as days from organisations where id = $1`,
    [SEINE_MARITIME],
  )
  hours = before!
  await onE2eDatabase(
    `update organisations set sms_window_start_minute = 0, sms_window_end_minute = 1439, sms_window_days = '{1,2,3,4,5,6,7}' where id = $1`,
    [SEINE_MARITIME],
  )
  const [row] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, phone, address_formatted, referent_id, custom_fields) values ($1, 'Gaëlle', 'Diagnostic', '0622446688', '4 rue Thiers, 76000 Rouen', 'demo-conseiller', '{"frenchLevel": "b1"}') returning id`,
    [SEINE_MARITIME],
  )
  candidateId = row!.id
})

test.afterAll(async () => {
  await onE2eDatabase(
    `update organisations set sms_window_start_minute = $2, sms_window_end_minute = $3, sms_window_days = $4 where id = $1`,
    [SEINE_MARITIME, hours!.start, hours!.end, hours!.days],
  )
  await onE2eDatabase(
    `delete from fups where social_apply_id in (select id from social_applies where candidate_id = $1)`,
    [candidateId],
  )
  await onE2eDatabase(`delete from social_applies where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from diagnoses where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from sms_messages where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from audit_log where entity_id = $1::text`, [candidateId])
  await onE2eDatabase(`delete from candidates where id = $1`, [candidateId])
})

test('the demo sheet shows the latest diagnosis and what changed since the previous one', async ({ page }) => {
  await page.goto('/v2/candidates/dashboard')
  await page.getByRole('link', { name: 'Mercier Lucas' }).click()
  await page.getByRole('navigation', { name: 'Sections de la fiche' }).getByRole('link', { name: 'Diagnostic' }).click()
  const section = page.getByRole('region', { name: 'Diagnostic' })
  await expect(section).toContainText('Diagnostic du 12/11/2026, par Cédric Fontaine.')
  await expect(section.getByRole('list', { name: 'Freins repérés' })).toContainText(
    'Mobilité\u00a0: important (Pas de permis de conduire)',
  )
  await expect(section).toContainText('Freins levés\u00a0: Logement et hébergement')
  await expect(section).toContainText('Nouveaux freins\u00a0: Numérique')
  await expect(section).toContainText('Mobilité\u00a0: bloquant → important')
  await expectNoSeriousA11yViolations(page)
})

test('a counsellor fills a diagnosis with two barriers, sees the matching offers and prescribes one', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto(`/v2/candidate/${candidateId}/diagnostic`)
  await expect(page.getByText('Aucun diagnostic.')).toBeVisible()
  await page.getByRole('link', { name: 'Faire un diagnostic' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diagnostic – Gaëlle Diagnostic')
  await expectNoSeriousA11yViolations(page)

  // Project: a bad ROME code is refused in French, under its field.
  await page.getByLabel('Métier recherché').fill('Aide à domicile')
  await page.getByLabel('Code ROME (facultatif)').fill('123')
  await page.getByLabel('Situation professionnelle').selectOption({ label: 'Sans emploi' })
  await page.getByLabel('Permis de conduire').selectOption({ label: 'Pas de permis' })
  await page.getByRole('button', { name: 'Suivant' }).click()
  await expect(page.getByLabel('Code ROME (facultatif)')).toHaveAccessibleDescription(
    /Le code ROME a une lettre et quatre chiffres/,
  )
  await page.getByLabel('Code ROME (facultatif)').fill('K1302')
  await page.getByRole('button', { name: 'Suivant' }).click()

  // Barriers: two of them, with situations.
  await expect(page.getByRole('heading', { name: 'Étape 2 sur 3\u00a0: Freins' })).toBeFocused()
  await page.getByRole('radiogroup', { name: 'Niveau du frein «\u00a0Mobilité\u00a0»' }).getByLabel('Important').check()
  await page.getByRole('group', { name: 'Mobilité' }).getByLabel('Pas de permis de conduire').check()
  await page
    .getByRole('radiogroup', { name: 'Niveau du frein «\u00a0Logement et hébergement\u00a0»' })
    .getByLabel('Léger')
    .check()
  await page
    .getByLabel('Commentaire sur «\u00a0Logement et hébergement\u00a0»')
    .fill('Hébergée chez sa sœur jusqu’en janvier.')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'diagnosis-barriers')
  await page.getByRole('button', { name: 'Suivant' }).click()

  // Summary: the barriers found and the offers that answer them; the nearest (Rouen) first.
  const found = page.getByRole('region', { name: /Freins repérés/ })
  await expect(found).toContainText('Mobilité — important (Pas de permis de conduire)')
  await expect(found).toContainText('Logement et hébergement — léger')
  const offers = page.getByRole('region', { name: 'Offres sociales suggérées' })
  await expect(offers.getByRole('listitem').first()).toContainText('Permis de conduire solidaire')
  await expect(offers.getByRole('listitem').first()).toContainText('même commune')
  await expect(offers).toContainText('Logement temporaire jeunes actifs')
  await expect(offers).not.toContainText('Atelier vélo 2025')
  await screenshots(page, 'diagnosis-summary')

  await offers.getByRole('button', { name: 'Prescrire l’offre «\u00a0Permis de conduire solidaire\u00a0»' }).click()
  const dialog = page.getByRole('dialog', { name: 'Prescrire Gaëlle Diagnostic à une offre' })
  await expect(dialog.getByLabel('Offre sociale')).toHaveValue(/[0-9a-f-]{36}/)
  await dialog.getByLabel('Objectif de la prescription').fill('Passer le permis B pour travailler à domicile.')
  await dialog.getByLabel('Je valide cette prescription').check()
  await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(
    page.getByText('Prescription envoyée au partenaire de l’offre « Permis de conduire solidaire ».'),
  ).toBeVisible()
  expect(await onE2eDatabase(`select id from social_applies where candidate_id = $1`, [candidateId])).toHaveLength(1)

  await page.getByRole('button', { name: 'Terminer le diagnostic' }).click()
  await page.waitForURL(`/v2/candidate/${candidateId}`)
  await page.goto(`/v2/candidate/${candidateId}/diagnostic`)
  await expect(page.getByRole('region', { name: 'Diagnostic' })).toContainText('par Cédric Fontaine')
  await expect(page.getByRole('list', { name: 'Freins repérés' })).toContainText('Mobilité\u00a0: important')
})

test('a second diagnosis goes by SMS, is filled at 390 px through its link, then reviewed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.goto(`/v2/candidate/${candidateId}/diagnostic`)
  await page.getByRole('button', { name: 'Envoyer au candidat par SMS' }).click()
  await expect(page.getByText('Questionnaire envoyé au candidat par SMS')).toBeVisible()
  const [sms] = await onE2eDatabase<{ body: string; to_number: string }>(
    `select body, to_number from sms_messages where candidate_id = $1 and kind = 'diagnosis.link'`,
    [candidateId],
  )
  // The table keeps the link masked (the token is sealed until sent); the phone, here the Twilio stand-in, gets it whole.
  expect(sms!.body).not.toMatch(/\/diagnosis\/[A-Za-z0-9_-]{43}/)
  let received = ''
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${standIn}/_stand-in/messages`)).json()) as { to: string; body: string }[]
        // The stand-in lists in the order received: the last link to this number is this one.
        received = messages.filter((m) => m.to === sms!.to_number && m.body.includes('/diagnosis/')).at(-1)?.body ?? ''
        return received
      },
      { timeout: 20_000 },
    )
    .toMatch(/\/diagnosis\/[A-Za-z0-9_-]{43}/)
  const link = new URL(/https?:\/\/\S+\/diagnosis\/[A-Za-z0-9_-]{43}/.exec(received)![0]).pathname

  // The person, on a phone, without an account.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 800 },
    storageState: { cookies: [], origins: [] },
  })
  const person = await phone.newPage()
  await person.goto(link)
  await expect(person.getByRole('heading', { level: 1 })).toHaveText('Quel travail cherchez-vous\u00a0?')
  // Nothing of the candidate is shown.
  await expect(person.locator('body')).not.toContainText('Gaëlle')
  await expect(person.locator('body')).not.toContainText('Diagnostic – ')
  await expectNoSeriousA11yViolations(person)
  await person.getByLabel('Quel travail cherchez-vous\u00a0?').fill('Aide à domicile')
  await person.getByRole('button', { name: 'Suivant' }).click()
  await person.getByLabel('Je n’ai pas de travail').check()
  await person.getByRole('button', { name: 'Suivant' }).click()
  await person.getByLabel('CAP ou BEP').check()
  await person.getByRole('button', { name: 'Suivant' }).click()
  await person.getByLabel('Je passe le permis').check()
  await person.getByRole('button', { name: 'Suivant' }).click()
  await person.getByLabel('Tout de suite').check()
  await person.getByRole('button', { name: 'Suivant' }).click()
  // One question per screen, for each barrier: mobility is lifted, digital is new.
  for (;;) {
    const heading = (await person.getByRole('heading', { level: 1 }).textContent()) ?? ''
    if (heading.startsWith('C’est fini')) break
    if (heading.startsWith('Numérique')) {
      await person.getByLabel('Oui, beaucoup').check()
      await person.getByLabel('Pas d’accès à internet').check()
      for (const width of [390, 320]) {
        await person.setViewportSize({ width, height: 800 })
        await shot(person, { path: test.info().outputPath(`diagnosis-person-${width}.png`), fullPage: true })
        expect(await person.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      }
      await expectNoSeriousA11yViolations(person)
    } else {
      await person.getByLabel('Non, ça va').check()
    }
    await person.getByRole('button', { name: 'Suivant' }).click()
  }
  await person.getByRole('button', { name: 'Envoyer mes réponses' }).click()
  await expect(person.getByRole('heading', { level: 1 })).toHaveText('Merci\u00a0!')
  await person.goto(link)
  await expect(person.getByRole('heading', { level: 1 })).toHaveText('Vos réponses sont déjà envoyées')
  await phone.close()

  // The counsellor reviews: the answer does not count before.
  await page.reload()
  await expect(page.getByText(/ses réponses attendent votre relecture/)).toBeVisible()
  await page.getByRole('link', { name: 'Relire les réponses' }).click()
  await expect(page.getByText(/Relisez ses réponses avec lui ou elle/)).toBeVisible()
  await expect(page.getByLabel('Métier recherché')).toHaveValue('Aide à domicile')
  await page.getByRole('button', { name: 'Suivant' }).click()
  await expect(
    page.getByRole('radiogroup', { name: 'Niveau du frein «\u00a0Numérique\u00a0»' }).getByLabel('Important'),
  ).toBeChecked()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('button', { name: 'Terminer le diagnostic' }).click()
  await page.waitForURL(`/v2/candidate/${candidateId}`)
  await page.goto(`/v2/candidate/${candidateId}/diagnostic`)
  const section = page.getByRole('region', { name: 'Diagnostic' })
  await expect(section).toContainText('Freins levés\u00a0: Mobilité, Logement et hébergement')
  await expect(section).toContainText('Nouveaux freins\u00a0: Numérique')
})
