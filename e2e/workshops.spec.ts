import { expect, test, type Locator } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { addElapsedDays } from '../lib/dates'
import {
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  runScheduledJob,
  setAppClock,
  storageStateOf,
  screenshots,
} from './fixtures'

// Workshops: a counsellor creates a workshop of 2 seats and registers three candidates (the third is
// waitlisted), the convocations reach the Twilio stand-in; a cancellation promotes the waitlisted one, who is told;
// after the start (a fixed clock), attendance is marked.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('conseiller') })

const TITLE = 'Atelier e2e : se présenter'.replace(' :', '\u00a0:')
const SELECTION_TITLE = 'Atelier e2e : la sélection'.replace(' :', '\u00a0:')
/** A coming workshop, cancelled, of a theme of its own (its dashboard filtered to it). */
const CANCELLED_TITLE = 'Atelier e2e annulé'
const CANCELLED_THEME = 'Thème e2e annulé'
const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const start = addElapsedDays(new Date(), 30)
const day = start.toISOString().slice(0, 10)

const smsOf = (kind: string) =>
  onE2eDatabase<{ candidate_id: string; status: string; body: string }>(
    `select m.candidate_id, m.status, m.body from sms_messages m join workshop_registrations r on r.candidate_id = m.candidate_id join workshops w on w.id = r.workshop_id where w.name = $1 and m.kind = $2`,
    [TITLE, kind],
  )

/** Three candidates of this spec's own, with mobiles (other specs edit or opt out the demo's). */
const PEOPLE = [
  ['Anaïs', 'Ateliera', '0611111101'],
  ['Bruno', 'Atelierb', '0611111102'],
  ['Chloé', 'Atelierc', '0611111103'],
] as const
/** A fourth, registered alone to a full workshop: waitlisted, nothing sent. */
const LATECOMER = ['Denis', 'Complet', '0611111104'] as const
const nbsp = (text: string) => text.replace(/ ([:;])/g, '\u00a0$1')
const WAITING = (who: string) => `${who} par SMS si une place se libère.`

test.beforeAll(async () => {
  // Sending hours open all day, so that the convocations leave whatever the hour of the run.
  await onE2eDatabase(
    `update organisations set sms_window_start_minute = 0, sms_window_end_minute = 1439, sms_window_days = '{1,2,3,4,5,6,7}' where id = $1`,
    [SEINE_MARITIME],
  )
  for (const [first, last, phone] of [...PEOPLE, LATECOMER]) {
    await onE2eDatabase(
      `insert into candidates (organisation_id, first_name, last_name, phone, referent_id) values ($1, $2, $3, $4, 'demo-referent')`,
      [SEINE_MARITIME, first, last, phone],
    )
  }
  // A coming workshop of one seat, for the candidates dashboard's selection.
  await onE2eDatabase(
    `insert into workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity, status) values ($1, $2, 'Emploi', now() + interval '20 days', now() + interval '20 days 2 hours', 'Maison de l’emploi, 76000 Rouen', 1, 'scheduled')`,
    [SEINE_MARITIME, SELECTION_TITLE],
  )
  await onE2eDatabase(
    `insert into workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity, status) values ($1, $2, $3, now() + interval '25 days', now() + interval '25 days 2 hours', 'Maison de l’emploi, 76000 Rouen', 8, 'cancelled')`,
    [SEINE_MARITIME, CANCELLED_TITLE, CANCELLED_THEME],
  )
})

test.afterAll(async () => {
  setAppClock(null)
  await onE2eDatabase(`delete from workshop_notice_templates where organisation_id = $1`, [SEINE_MARITIME])
  const names = [TITLE, SELECTION_TITLE, CANCELLED_TITLE].map((n) => `'${n.replace(/'/g, "''")}'`).join(', ')
  const workshop = `(select id from workshops where name in (${names}))`
  await onE2eDatabase(
    `delete from sms_messages where kind like 'workshop.%' and candidate_id in (select candidate_id from workshop_registrations where workshop_id in ${workshop})`,
  )
  await onE2eDatabase(`delete from workshop_registrations where workshop_id in ${workshop}`)
  await onE2eDatabase(`delete from workshops where id in ${workshop}`)
  const people = `(select id::text from candidates where last_name in ('Ateliera', 'Atelierb', 'Atelierc', 'Complet'))`
  await onE2eDatabase(`delete from sms_messages where candidate_id::text in ${people}`)
  await onE2eDatabase(`delete from audit_log where entity_type = 'candidate' and entity_id in ${people}`)
  await onE2eDatabase(`delete from candidates where id::text in ${people}`)
})

test('an administrator rewrites the convocation SMS in the settings; an unknown variable is refused', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageStateOf('admin') })
  const page = await context.newPage()
  await page.goto('/v2/settings/templates')
  const notices = page.getByRole('region', { name: 'Messages des ateliers' })
  await expect(notices).toContainText('Bonjour {prenom}, nous vous convoquons à l’atelier')
  await notices.getByRole('button', { name: 'Modifier le message Convocation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Message des ateliers : convocation' })
  await dialog.getByLabel('Texte').fill('Bonjour {prenom}, rendez-vous à l’atelier {atelier} le {jour}.')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Cette variable n’existe pas : {jour}.')
  await dialog
    .getByLabel('Texte')
    .fill(
      'Bonjour {prenom}, rendez-vous à l’atelier {atelier} le {date} à {heure}, {lieu}. Votre référent : {telephone_referent}.',
    )
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog).toBeHidden()
  await expect(notices).toContainText('Bonjour {prenom}, rendez-vous à l’atelier {atelier} le {date}')
  await expect(
    notices.getByRole('button', { name: 'Rétablir le texte de Passerelle pour le message Convocation' }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await context.close()
})

test('a counsellor creates a workshop of 2 seats, registers three candidates: the third waits, then is promoted; attendance after the start', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/workshops/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ateliers')
  await expect(page.getByRole('table', { name: 'Ateliers à venir' })).toContainText('Préparer un entretien d’embauche')
  // The lists' one filter bar, a search landmark whose every control is labelled.
  const filters = page.getByRole('search', { name: 'Filtrer les ateliers' })
  for (const label of ['Thème', 'Animateur', 'Lieu'])
    await expect(filters.getByRole('combobox', { name: label, exact: true })).toBeVisible()
  await expect(filters.getByRole('button', { name: 'Réinitialiser' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'workshops-dashboard')
  await page.getByRole('link', { name: 'Créer un atelier' }).click()
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(TITLE)
  await page.getByLabel('Thème').fill('Emploi')
  await page.getByLabel('Début').fill('2020-01-01T10:00')
  await page.getByLabel(/^Fin\b/).fill('2020-01-01T12:00')
  await page.getByLabel('Adresse').fill('Maison de l’emploi, 76000 Rouen')
  await page.getByLabel('Nombre de places').fill('2')
  await page.getByRole('button', { name: 'Créer l’atelier' }).click()
  await expect(page.getByText('Un atelier ne peut pas commencer dans le passé.')).toBeVisible()
  await page.getByLabel('Début').fill(`${day}T14:00`)
  await page.getByLabel(/^Fin\b/).fill(`${day}T16:00`)
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'workshop-create')
  await page.getByRole('button', { name: 'Créer l’atelier' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE)
  await expect(page.locator('main')).toContainText('0 / 2 places prises')

  await page.getByRole('button', { name: 'Inscrire des candidats' }).click()
  const dialog = page.getByRole('dialog', { name: 'Inscrire des candidats' })
  for (const [search, name] of [
    ['ateliera', /Ateliera Anaïs/],
    ['atelierb', /Atelierb Bruno/],
    ['atelierc', /Atelierc Chloé/],
  ] as const) {
    await dialog.getByLabel('Rechercher un candidat').fill(search)
    await dialog.getByRole('checkbox', { name }).check()
  }
  await dialog.getByRole('button', { name: 'Inscrire 3 candidats' }).click()
  await expect(
    page
      .getByText(
        nbsp(
          '2 candidats inscrits : leurs convocations partent par SMS. ' +
            `1 candidat mis en liste d’attente, sans convocation pour l’instant ; ${WAITING('il sera prévenu')}`,
        ),
      )
      .first(),
  ).toBeVisible()
  const waitlist = page.getByRole('table', { name: `Liste d’attente d’${TITLE}` })
  await expect(waitlist).toContainText('Atelierc Chloé')
  await expect(page.getByRole('table', { name: `Inscrits à ${TITLE}` }).getByRole('row')).toHaveCount(3)
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'workshop-page')

  // The two convocations leave through the job queue to the Twilio stand-in.
  await expect
    .poll(
      async () =>
        (await smsOf('workshop.convocation')).filter((m) => m.status === 'sent' || m.status === 'delivered').length,
      { timeout: 20_000 },
    )
    .toBe(2)
  // In the administrator's words, the values filled.
  const [d, m, y] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)]
  expect((await smsOf('workshop.convocation')).map((c) => c.body).sort()).toEqual(
    ['Anaïs', 'Bruno'].map(
      (first) =>
        `Bonjour ${first}, rendez-vous à l’atelier ${TITLE} le ${d}/${m}/${y} à 14h00, au Maison de l’emploi, 76000 Rouen. Votre référent : 0601020304.`,
    ),
  )

  // Anaïs Ateliera cancels: Chloé Atelierc gets the seat and is told.
  await page.getByRole('button', { name: 'Désinscrire Anaïs Ateliera' }).click()
  await page
    .getByRole('dialog', { name: 'Désinscrire Anaïs Ateliera\u00a0?' })
    .getByRole('button', { name: 'Désinscrire' })
    .click()
  await expect(
    page.getByText('Inscription annulée\u00a0: le premier de la liste d’attente a la place et en est prévenu.').first(),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: `Inscrits à ${TITLE}` })).toContainText('Atelierc Chloé')
  await expect(page.getByText('Personne en liste d’attente.')).toBeVisible()
  await expect.poll(async () => (await smsOf('workshop.promotion')).length, { timeout: 10_000 }).toBe(1)

  // With a fixed clock, the day before at 10:30 (Paris): the hourly job sends the reminders, to the two seated.
  const dayBefore = addElapsedDays(start, -1).toISOString().slice(0, 10)
  setAppClock(new Date(`${dayBefore}T09:30:00Z`).toISOString())
  await runScheduledJob(
    'workshop-reminders',
    `select 1 from sms_messages m join workshop_registrations r on r.candidate_id = m.candidate_id join workshops w on w.id = r.workshop_id where w.name = $1 and m.kind = 'workshop.reminder' having count(*) = 2`,
    [TITLE],
  )
  expect((await smsOf('workshop.reminder')).length).toBe(2)

  // After the start (a fixed clock): attendance, one by one and "Tous présents".
  setAppClock(new Date(`${day}T13:30:00Z`).toISOString())
  await page.reload()
  await page.getByRole('combobox', { name: 'Présence de Bruno Atelierb' }).selectOption({ label: 'Absent excusé' })
  await page.getByRole('button', { name: 'Tous présents' }).click()
  await expect(page.getByText('1 candidat marqué présent.').first()).toBeVisible()
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Présence de Chloé Atelierc' })).toHaveValue('present')
  await expect(page.getByRole('combobox', { name: 'Présence de Bruno Atelierb' })).toHaveValue('excused')
  await expectNoSeriousA11yViolations(page)

  // The sign-in sheet: the seated, a signature column.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Feuille d’émargement (PDF)' }).click()
  const pdf = await (await download).path()
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf!, '-']).toString('utf8')
  expect(text).toContain('Feuille d’émargement')
  expect(text).toContain('Département de Seine-Maritime')
  expect(text).toContain('Atelierb Bruno')
  expect(text).toContain('Atelierc Chloé')
  expect(text).not.toContain('Ateliera Anaïs')
  setAppClock(null)
})

test('the candidates dashboard’s selection is registered to a workshop in one action; those already registered are left out', async ({
  page,
}) => {
  setAppClock(null)
  await page.goto('/v2/candidates/dashboard')
  await page.getByLabel('Rechercher un candidat').fill('atelier')
  await expect(page.getByRole('checkbox', { name: /^Sélectionner Atelier/ })).toHaveCount(3)
  await page.getByRole('checkbox', { name: 'Sélectionner tous les candidats de la page' }).check()
  await page.getByRole('button', { name: 'Inscrire à un atelier' }).click()
  const dialog = page.getByRole('dialog', { name: 'Inscrire à un atelier' })
  await dialog.getByRole('button', { name: 'Inscrire', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Choisissez un atelier.')
  await dialog
    .getByLabel('Atelier', { exact: true })
    .selectOption((await dialog.locator('option', { hasText: SELECTION_TITLE }).getAttribute('value'))!)
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Inscrire', exact: true }).click()
  await expect(
    page
      .getByText(
        nbsp(
          '1 candidat inscrit : sa convocation part par SMS. ' +
            `2 candidats mis en liste d’attente, sans convocation pour l’instant ; ${WAITING('ils seront prévenus')}`,
        ),
      )
      .first(),
  ).toBeVisible()
  await page.getByRole('checkbox', { name: 'Sélectionner tous les candidats de la page' }).check()
  await page.getByRole('button', { name: 'Inscrire à un atelier' }).click()
  await dialog
    .getByLabel('Atelier', { exact: true })
    .selectOption((await dialog.locator('option', { hasText: SELECTION_TITLE }).getAttribute('value'))!)
  await dialog.getByRole('button', { name: 'Inscrire', exact: true }).click()
  const leftOut = '3 candidats déjà inscrits ou en liste d’attente, laissés de côté.'
  await expect(page.getByText(leftOut).first()).toBeVisible()
  const [seats] = await onE2eDatabase<{ seats_taken: number; waitlist_count: number }>(
    `select seats_taken, waitlist_count from workshops where name = $1`,
    [SELECTION_TITLE],
  )
  expect(seats).toEqual({ seats_taken: 1, waitlist_count: 2 })

  // One person registered to the full workshop is waitlisted, and the notification says nothing was sent.
  const [full] = await onE2eDatabase<{ id: string }>(`select id from workshops where name = $1`, [SELECTION_TITLE])
  await page.goto(`/workshops/${full!.id}`)
  await page.getByRole('button', { name: 'Inscrire des candidats' }).click()
  const register = page.getByRole('dialog', { name: 'Inscrire des candidats' })
  await expect(register).toContainText('L’atelier est complet')
  await register.getByLabel('Rechercher un candidat').fill('complet')
  await register.getByRole('checkbox', { name: /Complet Denis/ }).check()
  await register.getByRole('button', { name: 'Inscrire le candidat' }).click()
  const told = nbsp(
    'Atelier complet : 1 candidat mis en liste d’attente, ' +
      `sans convocation pour l’instant ; ${WAITING('il sera prévenu')}`,
  )
  await expect(page.getByText(told).first()).toBeVisible()
  await expect(page.getByText(/\b0 inscrit/)).toHaveCount(0)
  const [after] = await onE2eDatabase<{ seats_taken: number; waitlist_count: number }>(
    `select seats_taken, waitlist_count from workshops where name = $1`,
    [SELECTION_TITLE],
  )
  expect(after).toEqual({ seats_taken: 1, waitlist_count: 3 })
  const sent = await onE2eDatabase<{ n: number }>(
    `select count(*)::int as n from sms_messages m join candidates c on c.id = m.candidate_id
      where c.last_name = 'Complet' and m.kind like 'workshop.%'`,
  )
  expect(sent[0]!.n).toBe(0)
  await expectNoSeriousA11yViolations(page)
})

/** How a badge looks: its colours, weight, size and corners. */
const badgeLook = (badge: Locator) =>
  badge.evaluate((el) => {
    const s = getComputedStyle(el)
    return {
      background: s.backgroundColor,
      color: s.color,
      weight: s.fontWeight,
      size: s.fontSize,
      radius: s.borderRadius,
      padding: s.padding,
    }
  })

test('a cancelled workshop says “Annulé” in one badge, the same on the dashboard and on its page', async ({ page }) => {
  await page.goto(`/workshops/dashboard?theme=${encodeURIComponent(CANCELLED_THEME)}`)
  const row = page
    .getByRole('table', { name: 'Ateliers à venir' })
    .getByRole('row')
    .filter({ hasText: CANCELLED_TITLE })
  const onList = row.getByText('Annulé', { exact: true })
  await expect(onList).toBeVisible()
  const listed = await badgeLook(onList)
  // The word carries the state; the badge's red only backs it.
  expect(listed.background).not.toBe('rgba(0, 0, 0, 0)')
  await row.getByRole('link', { name: CANCELLED_TITLE }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CANCELLED_TITLE)
  const onPage = page.getByText('Annulé', { exact: true })
  await expect(onPage).toBeVisible()
  expect(await badgeLook(onPage)).toEqual(listed)
  // Nothing to change on a cancelled workshop: no registration, no edit.
  await expect(page.getByRole('button', { name: 'Inscrire des candidats' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})
