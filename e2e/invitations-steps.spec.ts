import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { formatDate } from '../lib/dates'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, setAppClock, storageStateOf } from './fixtures'

// An invitation to a support-course step: a counsellor gives a course's "atelier" step a workshop theme, invites the
// enrolled candidate from the course's page by letter; the person books with the letter's code, signed out; once she
// is marked present at the session, the step is done on the course's page.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('conseiller') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const THEME = 'Thème e2e des étapes invitées'
const SESSION = 'Atelier e2e des étapes invitées'
const COURSE = 'Parcours e2e des invitations'
const LAST_NAME = 'Etapinvit'
const NAME = `Inès ${LAST_NAME}`
const STEP = 'Information collective'

let candidateId = ''
let code = ''
let startsAt = new Date()

test.beforeAll(async () => {
  const [c] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, address_formatted, referent_id) values ($1, 'Inès', $2, '8 rue Jeanne-d’Arc, 76000 Rouen', 'demo-referent') returning id`,
    [SEINE_MARITIME, LAST_NAME],
  )
  candidateId = c!.id
  const [w] = await onE2eDatabase<{ starts_at: Date }>(
    `insert into workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity, status) values ($1, $2, $3, date_trunc('hour', now()) + interval '3 days', date_trunc('hour', now()) + interval '3 days 2 hours', 'Maison de l’emploi, 76000 Rouen', 6, 'scheduled') returning starts_at`,
    [SEINE_MARITIME, SESSION, THEME],
  )
  startsAt = w!.starts_at
})

test.afterAll(async () => {
  setAppClock(null)
  const course = `(select id from support_courses where name = '${COURSE}')`
  await onE2eDatabase(
    `delete from support_course_progress where enrolment_id in (select id from support_course_enrolments where course_id in ${course})`,
  )
  await onE2eDatabase(`delete from support_course_enrolments where course_id in ${course}`)
  await onE2eDatabase(`delete from invitations where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from support_course_steps where course_id in ${course}`)
  await onE2eDatabase(`delete from support_courses where id in ${course}`)
  await onE2eDatabase(`delete from workshop_registrations where candidate_id = $1`, [candidateId])
  await onE2eDatabase(`delete from workshops where organisation_id = $1 and theme = $2`, [SEINE_MARITIME, THEME])
  await onE2eDatabase(`delete from audit_log where entity_type = 'candidate' and entity_id = $1`, [candidateId])
  await onE2eDatabase(`delete from candidates where id = $1`, [candidateId])
})

test('a counsellor gives a course’s workshop step a theme and invites the enrolled candidate to it by letter', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/support-courses/dashboard')
  await page.getByRole('button', { name: 'Créer un parcours' }).click()
  const create = page.getByRole('dialog', { name: 'Créer un parcours' })
  await create.getByRole('textbox', { name: 'Nom du parcours', exact: true }).fill(COURSE)
  await create.getByRole('button', { name: 'Créer le parcours' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(COURSE)

  await page.getByRole('button', { name: 'Ajouter une étape' }).click()
  await page.getByRole('textbox', { name: 'Titre de l’étape 1', exact: true }).fill(STEP)
  // The theme's choice appears with the kind "Atelier".
  await expect(page.getByRole('combobox', { name: 'Thème d’ateliers de l’étape 1' })).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Type de l’étape 1' }).selectOption({ label: 'Atelier' })
  await page.getByRole('combobox', { name: 'Thème d’ateliers de l’étape 1' }).selectOption(THEME)
  await page.getByRole('button', { name: 'Enregistrer les étapes' }).click()
  await expect(
    page.getByText('Étapes enregistrées. Les progressions passées des candidats ne changent pas.').first(),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Inscrire un premier candidat' }).click()
  const enrol = page.getByRole('dialog', { name: 'Inscrire des candidats au parcours' })
  await enrol.getByLabel('Rechercher un candidat').fill(LAST_NAME)
  await enrol.getByRole('checkbox', { name: new RegExp(LAST_NAME) }).check()
  await enrol.getByRole('button', { name: 'Inscrire le candidat' }).click()
  await expect(page.getByText('1 candidat inscrit au parcours.').first()).toBeVisible()

  const progress = page.getByRole('list', { name: `Progression d’${NAME}` })
  await progress.getByRole('button', { name: `Inviter à l’étape\u00a0: ${STEP} (${NAME})` }).click()
  const dialog = page.getByRole('dialog', { name: `Inviter à l’étape «\u00a0${STEP}\u00a0»` })
  await expect(dialog).toContainText(`une séance du thème «\u00a0${THEME}\u00a0»`)
  await dialog.getByRole('checkbox', { name: /^SMS/ }).uncheck()
  await dialog.getByRole('checkbox', { name: /^Courrier/ }).check()
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Inviter', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText('1 candidat invité.')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: `Imprimer le courrier d’${NAME}` }).click(),
  ])
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', (await download.path())!, '-']).toString('utf8')
  code = /\/i\/([A-HJ-NP-Z2-9]{8})/.exec(text)![1]!
  await dialog.getByRole('button', { name: 'Terminer' }).click()
  await screenshots(page, 'course-step-invited')

  // From the candidate's sheet, the course's next step offers the same invitation: she holds one already.
  await page.goto(`/v2/candidate/${candidateId}/parcours`)
  await page.getByRole('button', { name: `Inviter à l’étape\u00a0: ${STEP}` }).click()
  const again = page.getByRole('dialog', { name: `Inviter à l’étape «\u00a0${STEP}\u00a0»` })
  await again.getByRole('button', { name: 'Inviter', exact: true }).click()
  await expect(again).toContainText('a déjà une invitation en attente pour ce thème')
})

test('the person books with the letter’s code; marked present at the session, her course’s step is done', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000)
  const signedOut = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  const person = await signedOut.newPage()
  await person.goto(`/i/${code}`)
  await person.getByLabel('Les trois premières lettres de votre nom de famille').fill('eta')
  await person.getByRole('button', { name: 'Continuer' }).click()
  await person.getByRole('radio', { name: new RegExp(SESSION) }).check()
  await person.getByRole('button', { name: 'Continuer' }).click()
  await person.getByRole('button', { name: 'Confirmer ma réservation' }).click()
  await expect(person.getByRole('heading', { name: 'Votre place est réservée' })).toBeVisible()
  await signedOut.close()

  // An hour after the session started, the counsellor marks her present on the workshop's page.
  setAppClock(new Date(startsAt.getTime() + 3_600_000).toISOString())
  const [w] = await onE2eDatabase<{ id: string }>(`select id from workshops where name = $1`, [SESSION])
  await page.goto(`/workshops/${w!.id}`)
  await page.getByRole('combobox', { name: `Présence d’${NAME}` }).selectOption('present')
  await expect(
    page.getByText('L’étape de parcours à laquelle le candidat était invité est faite.').first(),
  ).toBeVisible()

  const [course] = await onE2eDatabase<{ id: string }>(`select id from support_courses where name = $1`, [COURSE])
  await page.goto(`/support-courses/${course!.id}`)
  const progress = page.getByRole('list', { name: `Progression d’${NAME}` })
  await expect(progress).toContainText(`Faite le ${formatDate(startsAt)}`)
  await expect(progress).toContainText(`Atelier «\u00a0${SESSION}\u00a0» du ${formatDate(startsAt)}`)
  await expect(progress.getByRole('button', { name: /Inviter à l’étape/ })).toHaveCount(0)
  setAppClock(null)
})
