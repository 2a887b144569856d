import { execFileSync } from 'node:child_process'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, waitForSentMails, signIn, storageStateOf } from './fixtures'
import { baseURL } from '../playwright.config'

/** The app's own pages send their Origin: the calls below do as they do (lib/http/same-origin.ts). */
const SAME_ORIGIN = { origin: baseURL }

// The demo seed's fixed ids (lib/db/seed.ts): the offer and two pending prescriptions that have a FUP.
const OFFER = '/offer/social/30000000-0000-4000-8000-000000000001'
const ELODIE_APPLY = '40000000-0000-4000-8000-000000000001'

// These specs change the demo data (an answer, an archive): a retry would find them done.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('partenaire') })

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name })
const rows = (page: Page) => page.getByRole('tabpanel').getByRole('row')

async function tabTo(page: Page, target: Locator, max = 100) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('The element cannot be reached with the Tab key')
}

test('the partner filters, answers a prescription as not integrated, downloads the sheet and archives it', async ({
  page,
}) => {
  // Filters, the dialog, its PDF preview, the download and the archive: a loaded machine needs more than 30 s.
  test.setTimeout(60_000)
  await page.goto(OFFER)
  await expect(page).toHaveTitle('Permis de conduire solidaire - Mobilité Solidaire')
  await expect(tab(page, /Prescriptions en cours/)).toHaveAttribute('aria-selected', 'true')
  await expect(tab(page, /Prescriptions en cours/)).toContainText('4')
  await expect(tab(page, /Candidats intégrés/)).toContainText('2')
  await expect(tab(page, /Candidats refusés/)).toContainText('2')

  // Filters: the search applies after the debounce, the place filter narrows, reset restores.
  await page.getByLabel('Rechercher un candidat').fill('durand')
  await expect(tab(page, /Prescriptions en cours/)).toContainText('1')
  await expect(rows(page)).toHaveCount(2) // header + Élodie Durand
  await expect(rows(page).nth(1)).toContainText('Durand Élodie')
  await page.getByRole('button', { name: 'Réinitialiser' }).click()
  await expect(rows(page)).toHaveCount(5)
  await page.getByRole('button', { name: /Lieu de résidence/ }).click()
  await page.getByRole('checkbox', { name: 'Rouen' }).check()
  await page.keyboard.press('Escape')
  await expect(rows(page)).toHaveCount(2)
  await expect(page).toHaveURL(/place=/)
  await page.getByRole('button', { name: 'Réinitialiser' }).click()
  await expect(rows(page)).toHaveCount(5)

  // The manual prescription cannot be completed here.
  const manualRow = rows(page).filter({ hasText: 'Diallo Mamadou' })
  const manualAction = manualRow.getByLabel(/Compléter la prescription de Mamadou Diallo/)
  await expect(manualAction.locator('button')).toBeDisabled()
  await expect(manualAction).toHaveAccessibleName('Compléter la prescription de Mamadou Diallo')
  await expect(manualAction).toHaveAccessibleDescription(/saisie manuellement\s*: mettez à jour le statut/)
  await manualAction.hover()
  await expect(page.getByRole('tooltip')).toContainText('saisie manuellement')

  // The link partners receive by email opens the dialog.
  await page.goto(`${OFFER}?socialApplyId=${ELODIE_APPLY}`)
  const dialog = page.getByRole('dialog', { name: 'Compléter la prescription d’Élodie Durand' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Lever le frein de la mobilité pour accéder à un emploi.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Her own name is prefilled (she is signed in); each validation message of spec §5, that one emptied.
  await expect(dialog.getByLabel('Prénom et nom de l’accompagnateur')).toHaveValue('Paula Moreau')
  await dialog.getByLabel('Prénom et nom de l’accompagnateur').fill('')
  await dialog.getByLabel('Nom du partenaire').fill('')
  await dialog.getByLabel('Email').fill('pas-un-email')
  await dialog.getByLabel('Téléphone').fill('06 12')
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(dialog.getByText('La décision est obligatoire')).toBeVisible()
  await expect(dialog.getByText('Le prénom et le nom de l’accompagnateur sont obligatoires')).toBeVisible()
  await expect(dialog.getByText('Le nom du partenaire est obligatoire')).toBeVisible()
  await expect(dialog.getByText("L'email n'est pas bien formaté")).toBeVisible()
  await expect(dialog.getByText("Le téléphone n'est pas complet")).toBeVisible()

  await dialog.getByLabel('Prénom et nom de l’accompagnateur').fill('Paula Moreau')
  await dialog.getByLabel('Nom du partenaire').fill('Mobilité Solidaire')
  await dialog.getByLabel('Email').fill('permis@mobilite-solidaire.test')
  await dialog.getByLabel('Téléphone').fill('02 35 00 00 01')
  await dialog.getByRole('radio', { name: 'Non intégré' }).check()
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(dialog.getByText('Le motif est obligatoire')).toBeVisible()

  // The no-answer cause reveals three convocation rows.
  await dialog
    .getByRole('combobox', { name: /^Motif(?! d’absence)/ })
    .selectOption({ label: 'N’a pas répondu aux 3 convocations' })
  const convocations = dialog.getByRole('group', { name: /convocation/ })
  await expect(convocations).toHaveCount(3)
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(dialog.getByText('La date de la convocation est obligatoire')).toHaveCount(3)
  const dates = ['2026-10-20', '2026-10-27', '2026-11-03']
  for (const [i, date] of dates.entries()) {
    await convocations.nth(i).getByLabel('Date').fill(date)
    await convocations
      .nth(i)
      .getByLabel('Motif d’absence')
      .selectOption(i === 2 ? 'excusedAbsence' : 'unexcusedAbsence')
  }

  await dialog.getByRole('button', { name: 'Prévisualiser' }).click()
  await expect(dialog.locator('iframe[title="Aperçu de la fiche de suivi"]')).toBeVisible()

  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(
    page.getByText(
      'Votre réponse à la prescription a bien été transmise au référent. Retrouvez-là dans la page ci-dessous.',
    ),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(tab(page, /Candidats refusés/)).toHaveAttribute('aria-selected', 'true')
  await expect(tab(page, /Prescriptions en cours/)).toContainText('3')
  await expect(tab(page, /Candidats refusés/)).toContainText('3')
  await expect(page.getByText('3 candidat(s) refusé(s)')).toBeVisible()
  const elodie = rows(page).filter({ hasText: 'Durand Élodie' })
  await expect(elodie).toContainText('N’a pas répondu aux 3 convocations')
  // The prescribing referent is told by email.
  const [mail] = await waitForSentMails(
    // This answer's mail (other specs' answers to the same referent may come first).
    (m) =>
      m.includes('To: referent@passerelle.test') &&
      m.includes('a répondu à votre prescription') &&
      m.includes('N’a pas répondu aux 3 convocations'),
  )
  expect(mail).toBeDefined()
  expect(mail).toContain(
    'Mobilité Solidaire a répondu à votre prescription\u00a0: le candidat n’est pas intégré (motif\u00a0: N’a pas répondu aux 3 convocations).',
  )

  // 'Fiche.pdf' is the answered sheet.
  const download = page.waitForEvent('download')
  await elodie.getByRole('link', { name: 'Fiche.pdf' }).click()
  const file = await (await download).path()
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString()
  expect(text).toContain('Élodie Durand')
  expect(text).toContain('Permis de conduire solidaire')
  expect(text).toContain('Non intégré')
  expect(text).toContain('N’a pas répondu aux 3 convocations')
  expect(text).toContain('Paula Moreau')

  // Archive after confirmation.
  await elodie.getByRole('checkbox', { name: 'Sélectionner Durand Élodie' }).check()
  await page.getByRole('button', { name: /Archiver les dossiers/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Archiver les dossiers' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Archiver' }).click()
  await expect(page.getByText('Dossier archivé.')).toBeVisible()
  await expect(tab(page, /Candidats refusés/)).toContainText('2')
  await expect(rows(page).filter({ hasText: 'Durand Élodie' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // Archived files can be found on the structure's dashboard and restored.
  await page.goto('/partners/structure/dashboard')
  const archives = page.getByRole('table', { name: 'Dossiers archivés' })
  await expect(archives.getByRole('row', { name: /Durand Élodie/ })).toContainText('Candidats refusés')
  await archives.getByRole('button', { name: 'Restaurer le dossier d’Élodie Durand' }).click()
  await expect(page.getByText('Dossier restauré : il est de nouveau sur la page de l’offre.')).toBeVisible()
  await expect(page.getByText('Aucun dossier archivé.')).toBeVisible()
  await page.goto(`${OFFER}?tab=REFUSED_STRUCTURE`)
  await expect(tab(page, /Candidats refusés/)).toHaveAttribute('aria-selected', 'true')
  await expect(tab(page, /Candidats refusés/)).toContainText('3')
})

test('the same answer works with the keyboard alone', async ({ page }) => {
  await page.goto(OFFER)
  await expect(tab(page, /Prescriptions en cours/)).toContainText('3')
  await tabTo(page, page.getByRole('button', { name: 'Compléter la prescription de Karim Benali' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Compléter la prescription de Karim Benali' })
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByLabel('Prénom et nom de l’accompagnateur'))
  await page.keyboard.type('Paula Moreau')
  await tabTo(page, dialog.getByRole('radio', { name: 'Intégré', exact: true }))
  await page.keyboard.press('Space')
  await expect(dialog.getByRole('radio', { name: 'Intégré', exact: true })).toBeChecked()
  await tabTo(page, dialog.getByRole('button', { name: 'Envoyer la réponse' }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByText(
      'Votre réponse à la prescription a bien été transmise au référent. Retrouvez-là dans la page ci-dessous.',
    ),
  ).toBeVisible()
  await expect(tab(page, /Candidats intégrés/)).toHaveAttribute('aria-selected', 'true')
  await expect(tab(page, /Candidats intégrés/)).toContainText('3')
  await expect(page.getByText('3 candidats intégrés')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('a partner of another structure cannot see the offer nor download its sheets', async ({ browser }) => {
  const other = await browser.newContext({ storageState: undefined })
  const page = await other.newPage()
  await signIn(page, 'partenaire.habitat@passerelle.test')
  await expect(page).toHaveURL('/partners/structure/dashboard')
  expect((await page.goto(`${OFFER}?socialApplyId=${ELODIE_APPLY}`))?.status()).toBe(404)
  const archive = await page.request.post('/api/social-applies/archive', {
    headers: SAME_ORIGIN,
    data: { ids: ['40000000-0000-4000-8000-000000000005'] },
  })
  expect(archive.status()).toBe(404)
  // The list call answers nothing of another structure's offer.
  const list = await page.request.post(`/api/offers/${OFFER.split('/').pop()}/applies`, {
    headers: SAME_ORIGIN,
    data: { tab: 'REFUSED_STRUCTURE', page: 1 },
  })
  expect(list.status()).toBe(200)
  expect(await list.json()).toEqual({
    rows: [],
    counts: { PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 },
  })
  await other.close()
})

test('without a session, the partner calls are refused', async ({ browser }) => {
  const anonymous = await browser.newContext({ storageState: undefined })
  const list = await anonymous.request.post(`/api/offers/${OFFER.split('/').pop()}/applies`, {
    headers: SAME_ORIGIN,
    data: { tab: 'PRESCRIPTION_FILLED', page: 1 },
  })
  expect(list.status()).toBe(401)
  const archive = await anonymous.request.post('/api/social-applies/archive', {
    headers: SAME_ORIGIN,
    data: { ids: ['40000000-0000-4000-8000-000000000005'] },
  })
  expect(archive.status()).toBe(401)
  const restore = await anonymous.request.post('/api/social-applies/restore', {
    headers: SAME_ORIGIN,
    data: { ids: ['40000000-0000-4000-8000-000000000005'] },
  })
  expect(restore.status()).toBe(401)
  await anonymous.close()
})

test('the partner’s own cookie, sent from another origin of the same site or as text/plain, archives nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageStateOf('partenaire') })
  const applyId = '40000000-0000-4000-8000-000000000005'
  const archived = async () =>
    (
      await onE2eDatabase<{ archived: boolean }>(
        'select archived_at is not null as archived from social_applies where id = $1',
        [applyId],
      )
    )[0]!.archived
  const before = await archived()
  // A page of http://localhost:8765 (same site as localhost: the cookie goes along) posting as a form would…
  const plain = await context.request.post('/api/social-applies/archive', {
    headers: { origin: 'http://localhost:8765', 'content-type': 'text/plain' },
    data: JSON.stringify({ ids: [applyId] }),
  })
  expect(plain.status()).toBe(415)
  // …or as fetch with JSON: its origin is not the app's.
  const foreign = await context.request.post('/api/social-applies/archive', {
    headers: { origin: 'http://localhost:8765' },
    data: { ids: [applyId] },
  })
  expect(foreign.status()).toBe(403)
  expect(await foreign.json()).toEqual({ error: 'Cette action s’effectue depuis les pages de Passerelle.' })
  const restore = await context.request.post('/api/social-applies/restore', { data: { ids: [applyId] } })
  expect(restore.status()).toBe(403)
  expect(await archived()).toBe(before)
  await context.close()
})

test('the offer page shows its first rows: the page reads them, not the browser', async ({ page }) => {
  // The rows stream in under the page's <Suspense> (React swaps them in with its inline script), so the proof is
  // that the browser asks nothing for them: no request to the list's route handler until a tab or a filter changes.
  const asked: string[] = []
  page.on('request', (request) => {
    if (/\/api\/offers\/[^/]+\/applies/.test(request.url())) asked.push(request.url())
  })
  await page.goto(OFFER)
  await expect(tab(page, /Prescriptions en cours/)).toHaveAttribute('aria-selected', 'true')
  await expect(rows(page).nth(1)).toBeVisible()
  await expect(page.getByText('Chargement')).toHaveCount(0)
  expect(asked).toEqual([])
})

test('a list that cannot be read says so in French, and "Réessayer" reads it again', async ({ page }) => {
  await page.goto(OFFER)
  await expect(rows(page).nth(1)).toBeVisible()
  const list = '**/api/offers/*/applies'
  await page.route(list, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }))
  await tab(page, /Candidats intégrés/).click()
  const failure = page
    .getByRole('alert')
    .filter({ hasText: 'La liste n’a pas pu être chargée. Réessayez dans un instant.' })
  await expect(failure).toBeVisible()
  // The tabs' counts were the last answer's, not this query's: none is shown while the list cannot be read.
  await expect(tab(page, /Candidats intégrés/)).toHaveText(/^\D*$/)
  await page.unroute(list)
  await failure.getByRole('button', { name: 'Réessayer' }).click()
  await expect(failure).toBeHidden()
  await expect(tab(page, /Candidats intégrés/)).toHaveText(/\d/)
  await expect(page.getByRole('tabpanel').getByRole('table')).toBeVisible()
})

test('the dashboard shows the ten latest archived files, the others on demand', async ({ page }) => {
  // Eleven archived files of fresh candidates, archived a day apart (removed afterwards, with their candidates).
  const candidates = await onE2eDatabase<{ id: string }>(
    `INSERT INTO candidates (organisation_id, first_name, last_name)
     SELECT '10000000-0000-4000-8000-000000000001', 'Archive', 'Dossier ' || lpad(g::text, 2, '0')
     FROM generate_series(1, 11) g RETURNING id`,
  )
  const ids = candidates.map((c) => c.id)
  try {
    await onE2eDatabase(
      `INSERT INTO social_applies (organisation_id, structure_id, social_offer_id, candidate_id, author_id, state, archived, archived_at, response_date)
       SELECT c.organisation_id, '20000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000001', c.id,
         'demo-referent', 'INTEGRATED_CANDIDATE', true,
         now() - (12 - substr(c.last_name, 9)::int) * interval '1 day', now() - interval '20 days'
       FROM candidates c WHERE c.id = ANY($1::uuid[])`,
      [ids],
    )
    await page.goto('/partners/structure/dashboard')
    const archives = page.getByRole('table', { name: 'Dossiers archivés' })
    // The ten most recently archived: files 11 to 2, newest first.
    await expect(archives.getByRole('row', { name: /Dossier \d\d Archive/ })).toHaveCount(10)
    await expect(archives.getByRole('row').nth(1)).toContainText('Dossier 11 Archive')
    await expect(archives.getByRole('row', { name: /Dossier 01 Archive/ })).toHaveCount(0)
    await page.getByRole('link', { name: 'Afficher plus de dossiers archivés' }).click()
    await expect(page).toHaveURL(/archived=all#archived$/)
    await expect(archives.getByRole('row', { name: /Dossier 01 Archive/ })).toHaveCount(1)
    await expect(archives.getByRole('row', { name: /Dossier \d\d Archive/ })).toHaveCount(11)
    await expect(page.getByRole('link', { name: 'Afficher plus de dossiers archivés' })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
  } finally {
    await onE2eDatabase('DELETE FROM social_applies WHERE candidate_id = ANY($1::uuid[])', [ids])
    await onE2eDatabase('DELETE FROM candidates WHERE id = ANY($1::uuid[])', [ids])
  }
})
