import { expect, test, type Locator, type Page } from '@playwright/test'
import { onE2eDatabase, storageStateOf } from './fixtures'

// Issue 42 §1, one form behaviour everywhere: after a refused submission every error shows at once, focus and scroll go
// to the first invalid field, the summary at the top links to each, and the values stay. At a laptop's width and a
// phone's. Nothing is sent: no spec's data changes.
test.use({ storageState: storageStateOf('referent') })

const OFFER_PERMIS = '30000000-0000-4000-8000-000000000001'
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true })

/**
 * A French message as a pattern, whatever the typography of the day: a space or a non-breaking one (« … », before
 * « : »), a straight or a curly apostrophe.
 */
const said = (message: string, whole = false) => {
  const body = message
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/[ \u00a0]/g, '[ \u00a0]')
    .replace(/['’]/g, "['’]")
  return new RegExp(whole ? `^${body}$` : body)
}

/** The error shown under a field, and tied to it (announced with it). */
async function expectFieldError(scope: Page | Locator, label: string | Locator, message: string) {
  const control = typeof label === 'string' ? field(scope, label) : label
  await expect(control).toHaveAttribute('aria-invalid', 'true')
  await expect(control).toHaveAccessibleDescription(said(message))
}

/** Focused, and on screen: a person sees where to type. */
async function expectFocusedInView(control: Locator) {
  await expect(control).toBeFocused()
  await expect(control).toBeInViewport()
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('the candidate form: required fields first, every error in one submission, focus on the first, values kept', async ({
      page,
    }) => {
      await page.goto('/v2/candidate/create')
      // "Création rapide" first: the names and the organisation's required field, nothing else.
      const quick = page.getByRole('group', { name: 'Création rapide' })
      await expect(quick).toBeVisible()
      await expect(quick.getByRole('textbox')).toHaveCount(2)
      await expect(field(quick, 'Prénom')).toBeVisible()
      await expect(field(quick, 'Nom')).toBeVisible()
      await expect(field(quick, 'Niveau de français')).toBeVisible()
      await expect(quick.getByLabel('Téléphone')).toHaveCount(0)

      // The server's constraints are on the inputs too.
      await expect(field(page, 'Prénom')).toHaveAttribute('required', '')
      await expect(field(page, 'Niveau de français')).toHaveAttribute('required', '')
      await expect(field(page, 'Enfants à charge')).toHaveAttribute('type', 'number')
      await expect(field(page, 'Enfants à charge')).toHaveAttribute('min', '0')
      await expect(field(page, 'Date de naissance')).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/)
      await expect(field(page, 'Numéro CAF')).toHaveAttribute('maxlength', '7')

      // Four mistakes far apart: the required field at the top, a phone and a birth date, a negative count below.
      await field(page, 'Prénom').fill('Lina')
      await field(page, 'Nom').fill('Premiereerreur')
      await field(page, 'Téléphone').fill('06 12 34')
      await field(page, 'Date de naissance').fill('2999-01-01')
      await field(page, 'Enfants à charge').fill('-3')
      await page.getByRole('button', { name: 'Créer le candidat' }).click()

      await expectFocusedInView(field(page, 'Niveau de français'))
      await expectFieldError(page, 'Niveau de français', 'Le champ « Niveau de français » est obligatoire')
      await expectFieldError(page, 'Téléphone', "Le téléphone n'est pas complet")
      await expectFieldError(page, 'Date de naissance', 'La date de naissance ne peut pas être dans le futur')
      await expectFieldError(page, 'Enfants à charge', 'Le champ « Enfants à charge » ne peut pas être négatif')

      // The summary names each, in the page's order, and leads to it.
      const summary = page.getByRole('alert').filter({ hasText: '4 champs sont à corriger' })
      await expect(summary.getByRole('link')).toHaveText([
        'Niveau de français',
        'Date de naissance',
        'Téléphone',
        'Enfants à charge',
      ])
      await summary.getByRole('link', { name: 'Enfants à charge' }).click()
      await expectFocusedInView(field(page, 'Enfants à charge'))

      // Everything typed is still there; nothing was written.
      await expect(field(page, 'Prénom')).toHaveValue('Lina')
      await expect(field(page, 'Téléphone')).toHaveValue('06 12 34')
      await expect(field(page, 'Date de naissance')).toHaveValue('2999-01-01')
      await expect(field(page, 'Enfants à charge')).toHaveValue('-3')

      // Corrected one by one, each message goes; the next refusal focuses what is left, far down the page.
      await field(page, 'Niveau de français').selectOption({ label: 'B1 - Intermédiaire' })
      await field(page, 'Téléphone').fill('06 12 34 56 78')
      await field(page, 'Date de naissance').fill('1990-05-14')
      await page.getByRole('button', { name: 'Créer le candidat' }).click()
      await expectFocusedInView(field(page, 'Enfants à charge'))
      await expect(page.getByRole('alert').filter({ hasText: 'Un champ est à corriger' })).toBeVisible()
      // A text the browser cannot read as a number (« 1e ») is said, never taken for an empty field.
      await field(page, 'Enfants à charge').fill('')
      await field(page, 'Enfants à charge').pressSequentially('1e')
      await page.getByRole('button', { name: 'Créer le candidat' }).click()
      await expect(page.locator('[data-error-summary]')).toHaveText(
        said('Le champ « Enfants à charge » doit être un nombre.'),
      )
      await expectFocusedInView(field(page, 'Enfants à charge'))
      const written = await onE2eDatabase<{ n: number }>(
        `select count(*)::int as n from candidates where last_name = 'Premiereerreur'`,
      )
      expect(written[0]!.n).toBe(0)
    })

    test('the prescribe dialog: every error at once, focus and scroll on the first, the referent’s name prefilled', async ({
      page,
    }) => {
      await page.goto('/v2/offers/dashboard/social?q=permis')
      await page.getByRole('button', { name: 'Prescrire à l’offre Permis de conduire solidaire' }).click()
      const dialog = page.getByRole('dialog', { name: 'Prescrire à l’offre « Permis de conduire solidaire »' })
      await expect(dialog).toBeVisible()
      const validate = dialog.getByRole('checkbox', { name: 'Je valide cette prescription' })
      // What the app knows is there, and can be changed.
      await expect(field(dialog, 'Référent RSA')).toHaveValue('Romain Leroy')
      await field(dialog, 'Référent RSA').fill('Romain Leroy (remplaçant)')
      await expect(field(dialog, 'Référent RSA')).toHaveValue('Romain Leroy (remplaçant)')

      await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('pas-un-email')
      await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
      await expectFocusedInView(dialog.getByLabel('Rechercher un candidat'))
      await expect(dialog.getByText(said('Choisissez le candidat à prescrire'))).toBeVisible()
      await expectFieldError(dialog, 'Objectif de la prescription', 'L’objectif de la prescription est obligatoire')
      await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true')
      await expect(dialog.getByText(said("L'email n'est pas bien formaté"))).toBeVisible()
      await expectFieldError(dialog, validate, 'Vous devez valider la prescription')
      await expectFieldError(
        dialog,
        dialog.getByRole('checkbox', { name: 'Le bénéficiaire a donné son accord pour cette demande' }),
        'L’accord du bénéficiaire pour cette demande est obligatoire',
      )
      await expect(dialog.getByRole('alert').filter({ hasText: '5 champs sont à corriger' })).toBeVisible()

      // The candidate, the email and the goal given: what is left sits at the bottom, below the fold on a phone.
      await dialog.getByLabel('Rechercher un candidat').fill('blanc')
      await dialog.getByRole('radio', { name: /Blanc Antoine/ }).check()
      await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('referent@passerelle.test')
      await field(dialog, 'Objectif de la prescription').fill('Passer le permis B.')
      await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
      await expectFocusedInView(validate)
      await expect(dialog.getByRole('alert').filter({ hasText: '2 champs sont à corriger' })).toBeVisible()
      // The values stay.
      await expect(field(dialog, 'Référent RSA')).toHaveValue('Romain Leroy (remplaçant)')
      await expect(field(dialog, 'Objectif de la prescription')).toHaveValue('Passer le permis B.')
      await expect(dialog.getByRole('radio', { name: /Blanc Antoine/ })).toBeChecked()
    })
  })
}

test.describe('the FUP dialog', () => {
  test.use({ storageState: storageStateOf('partenaire'), viewport: { width: 390, height: 844 } })

  test('a refused answer moves focus and scroll to its first invalid field', async ({ page }) => {
    const [pending] = await onE2eDatabase<{ id: string }>(
      `select a.id from social_applies a join fups f on f.social_apply_id = a.id
       where a.social_offer_id = $1 and a.state = 'PRESCRIPTION_FILLED' and not a.archived limit 1`,
      [OFFER_PERMIS],
    )
    await page.goto(`/offer/social/${OFFER_PERMIS}?socialApplyId=${pending!.id}`)
    const dialog = page.getByRole('dialog', { name: /^Compléter la prescription (de |d’)/ })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
    const first = dialog.locator('[aria-invalid="true"]').first()
    await expect(first).toBeVisible()
    const focused = dialog.locator(':focus')
    await expect(focused).toHaveCount(1)
    await expect(focused).toBeInViewport()
    // The focus is on (or in) the first field marked invalid, not on the page's body.
    expect(await first.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))).toBe(
      true,
    )
    await expect(dialog.getByRole('alert')).toBeVisible()
  })
})

test.describe('a field error no field shows', () => {
  const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
  const MOBILITE = '20000000-0000-4000-8000-000000000001'
  let candidateId = ''
  test.beforeAll(async () => {
    const [c] = await onE2eDatabase<{ id: string }>(
      `insert into candidates (organisation_id, first_name, last_name, referent_id) values ($1, 'Lou', 'Sansmodele', 'demo-referent') returning id`,
      [SEINE_MARITIME],
    )
    candidateId = c!.id
  })
  test.afterAll(async () => {
    await onE2eDatabase(`delete from fup_models where name = 'Modèle arrivé entre-temps'`)
    await onE2eDatabase(`delete from candidates where id = $1`, [candidateId])
  })

  test('is asked once the server names it: a FUP model that asks a question once the dialog is open', async ({
    page,
  }) => {
    await page.goto('/v2/offers/dashboard/social?q=permis')
    await page.getByRole('button', { name: 'Prescrire à l’offre Permis de conduire solidaire' }).click()
    const dialog = page.getByRole('dialog', { name: 'Prescrire à l’offre « Permis de conduire solidaire »' })
    await dialog.getByLabel('Rechercher un candidat').fill('sansmodele')
    await dialog.getByRole('radio', { name: /Sansmodele Lou/ }).check()
    await field(dialog, 'Objectif de la prescription').fill('Passer le permis B.')
    await dialog.getByRole('checkbox', { name: 'Je valide cette prescription' }).check()
    await dialog.getByRole('checkbox', { name: 'Le bénéficiaire a donné son accord pour cette demande' }).check()
    // Meanwhile the administrator gives the offer a model with a required question the dialog never asked.
    await onE2eDatabase(
      `insert into fup_models (organisation_id, structure_id, social_offer_id, name, additional_fields)
       values ($1, $2, $3, 'Modèle arrivé entre-temps',
         '[{"key":"horaires","label":"Horaires possibles","type":"text","required":true,"options":[]}]'::jsonb)`,
      [SEINE_MARITIME, MOBILITE, OFFER_PERMIS],
    )
    await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
    const summary = dialog.getByRole('alert')
    await expect(summary).toContainText(said('Corrigez les champs signalés.'))
    await expect(summary).toBeFocused()
    // The dialog reads the model again: the new question is there, with its error, and the summary leads to it.
    await expectFieldError(dialog, 'Horaires possibles', 'Le champ « Horaires possibles » est obligatoire')
    await expect(summary.getByRole('listitem')).toHaveText(['Horaires possibles'])
    await summary.getByRole('link', { name: 'Horaires possibles' }).click()
    await expectFocusedInView(field(dialog, 'Horaires possibles'))
    // What was typed stays.
    await expect(field(dialog, 'Objectif de la prescription')).toHaveValue('Passer le permis B.')
    const sent = await onE2eDatabase<{ n: number }>(
      `select count(*)::int as n from social_applies where candidate_id = $1`,
      [candidateId],
    )
    expect(sent[0]!.n).toBe(0)
  })
})
