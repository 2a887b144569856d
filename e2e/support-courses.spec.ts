import { expect, test } from '@playwright/test'
import { parisToday } from '../lib/dates'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// Support courses: a referent builds a 3-step course, enrols a candidate, marks a step done, and sees
// a late step on the actions dashboard.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('referent') })

const COURSE = 'Parcours e2e mobilité'
const WORKSHOP = 'Atelier e2e code de la route'
const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'

test.beforeAll(async () => {
  // Lucas Mercier attended a workshop ten days ago: the course's "atelier" step is done by linking it.
  await onE2eDatabase(
    `with w as (insert into workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity, seats_taken, status)
       values ($1, $2, 'Mobilité', now() - interval '10 days', now() - interval '10 days' + interval '2 hours', 'Maison de l’emploi, 76000 Rouen', 10, 1, 'scheduled') returning id)
     insert into workshop_registrations (organisation_id, workshop_id, candidate_id, status, attendance)
     select $1, w.id, c.id, 'registered', 'present' from w, candidates c where c.organisation_id = $1 and c.last_name = 'Mercier' and c.first_name = 'Lucas'`,
    [SEINE_MARITIME, WORKSHOP],
  )
})

test.afterAll(async () => {
  const course = `(select id from support_courses where name = '${COURSE}')`
  await onE2eDatabase(
    `delete from support_course_progress where enrolment_id in (select id from support_course_enrolments where course_id in ${course})`,
  )
  await onE2eDatabase(
    `delete from workshop_registrations where workshop_id in (select id from workshops where name = $1)`,
    [WORKSHOP],
  )
  await onE2eDatabase(`delete from workshops where name = $1`, [WORKSHOP])
  await onE2eDatabase(`delete from support_course_enrolments where course_id in ${course}`)
  await onE2eDatabase(`delete from support_course_steps where course_id in ${course}`)
  await onE2eDatabase(`delete from support_courses where id in ${course}`)
})

test('a referent builds a 3-step course, enrols a candidate, marks a step done, and sees a late step on the actions dashboard', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await page.goto('/support-courses')
  await expect(page).toHaveURL('/support-courses/dashboard')
  await expect(page.getByRole('table', { name: 'Parcours d’accompagnement' })).toContainText('Parcours vers l’emploi')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'courses-dashboard')
  await page.getByRole('button', { name: 'Créer un parcours' }).click()
  const create = page.getByRole('dialog', { name: 'Créer un parcours' })
  await create.getByRole('textbox', { name: 'Nom du parcours', exact: true }).fill(COURSE)
  await create.getByRole('button', { name: 'Créer le parcours' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(COURSE)

  for (const [i, title, delay] of [
    [1, 'Entretien de diagnostic', '7'],
    [2, 'Atelier permis', '400'],
    [3, 'Bilan', '30'],
  ] as const) {
    await page.getByRole('button', { name: 'Ajouter une étape' }).click()
    await page.getByRole('textbox', { name: `Titre de l’étape ${i}`, exact: true }).fill(title)
    await page.getByRole('spinbutton', { name: `Délai de l’étape ${i} (jours)` }).fill(delay)
  }
  await page.getByRole('combobox', { name: 'Type de l’étape 2' }).selectOption({ label: 'Atelier' })
  await page.getByRole('button', { name: 'Enregistrer les étapes' }).click()
  await expect(page.getByText('Le délai est compris entre 0 et 365 jours.')).toBeVisible()
  await page.getByRole('spinbutton', { name: 'Délai de l’étape 2 (jours)' }).fill('14')
  // Reordering by keyboard: "Bilan" moves up, then back down.
  await page.getByRole('button', { name: 'Monter l’étape 3' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Titre de l’étape 2', exact: true })).toHaveValue('Bilan')
  await page.getByRole('button', { name: 'Descendre l’étape 2' }).click()
  await expect(page.getByRole('textbox', { name: 'Titre de l’étape 3', exact: true })).toHaveValue('Bilan')
  await page.getByRole('button', { name: 'Enregistrer les étapes' }).click()
  await expect(
    page.getByText('Étapes enregistrées. Les progressions passées des candidats ne changent pas.').first(),
  ).toBeVisible()

  // The empty list says why, with the button that fills it (the header keeps its own).
  await expect(page.getByRole('button', { name: 'Inscrire des candidats' })).toBeVisible()
  const enrolments = page.getByRole('region', { name: 'Candidats en cours (0)' })
  await expect(enrolments.getByText('Aucun candidat en cours.')).toBeVisible()
  await enrolments.getByRole('button', { name: 'Inscrire un premier candidat' }).click()
  const enrol = page.getByRole('dialog', { name: 'Inscrire des candidats au parcours' })
  await enrol.getByLabel('Rechercher un candidat').fill('mercier')
  await enrol.getByRole('checkbox', { name: /Mercier Lucas/ }).check()
  await enrol.getByRole('button', { name: 'Inscrire le candidat' }).click()
  await expect(page.getByText('1 candidat inscrit au parcours.').first()).toBeVisible()
  const progress = page.getByRole('list', { name: 'Progression de Lucas Mercier' })
  await expect(progress).toContainText('À faire avant le')
  await progress.getByRole('button', { name: 'Marquer faite\u00a0: Entretien de diagnostic (Lucas Mercier)' }).click()
  const done = page.getByRole('dialog', { name: 'Étape faite\u00a0: Entretien de diagnostic (Lucas Mercier)' })
  await done.getByLabel('Commentaire').fill('Projet : livreur.')
  await done.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(progress).toContainText('Faite le')
  await expect(progress).toContainText('Projet : livreur.')
  // The "atelier" step, done by linking the workshop Lucas Mercier attended: its day is taken.
  await progress.getByRole('button', { name: 'Marquer faite\u00a0: Atelier permis (Lucas Mercier)' }).click()
  const linked = page.getByRole('dialog', { name: 'Étape faite\u00a0: Atelier permis (Lucas Mercier)' })
  const attended = linked.getByLabel('Atelier suivi')
  await expect(attended.locator('option', { hasText: WORKSHOP })).toHaveCount(1)
  await attended.selectOption((await attended.locator('option', { hasText: WORKSHOP }).getAttribute('value'))!)
  const [workshop] = await onE2eDatabase<{ starts_at: Date }>(`select starts_at from workshops where name = $1`, [
    WORKSHOP,
  ])
  const day = parisToday(workshop!.starts_at)
  await expect(linked.getByLabel(/^Faite le/)).toHaveValue(day)
  await expectNoSeriousA11yViolations(page)
  await linked.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(progress).toContainText(
    `Atelier «\u00a0${WORKSHOP}\u00a0» du ${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`,
  )
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'course-page')

  // The demo course has a late step for one of the referent's candidates: the actions dashboard lists it.
  await page.goto('/v2/actions/dashboard')
  const late = page
    .getByRole('region', { name: /Étapes de parcours en retard/ })
    .or(page.locator('section[aria-labelledby="late-steps"]'))
  await expect(late).toContainText('Parcours vers l’emploi')
  await expect(late).toContainText('Entretien de diagnostic')
  await expectNoSeriousA11yViolations(page)
})
