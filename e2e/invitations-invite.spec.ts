import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import jsQR from 'jsqr'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf } from './fixtures'

// A counsellor invites a candidate from the sheet by SMS and letter, reads the answer, prints the letter: its QR code,
// read from the PDF drawn at 150 dpi, is the link the SMS carries.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('conseiller') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const THEME = 'Thème e2e des invitations'
const LAST_NAME = 'Invitatione'

/** A page drawn by pdftoppm (PPM: "P6", width, height, 255, then RGB bytes), as RGBA for jsQR. */
function readPpm(file: string) {
  const data = fs.readFileSync(file)
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 50).toString('latin1'))!
  const [width, height] = [Number(header[1]), Number(header[2])]
  const rgb = data.subarray(header[0].length)
  const rgba = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    rgba.set(rgb.subarray(i * 3, i * 3 + 3), i * 4)
    rgba[i * 4 + 3] = 255
  }
  return { rgba, width, height }
}

let candidateId = ''
let invitationLink = ''
const standIn = `http://127.0.0.1:${process.env.E2E_TWILIO_PORT}`
const MOBILE = '+33611111190'

let hours: { start: number; end: number; days: number[] } | null = null

test.beforeAll(async () => {
  const [before] = await onE2eDatabase<{ start: number; end: number; days: number[] }>(
    `select sms_window_start_minute as start, sms_window_end_minute as "end", sms_window_days as days from organisations where id = $1`,
    [SEINE_MARITIME],
  )
  hours = before!
  await onE2eDatabase(
    `update organisations set sms_window_start_minute = 0, sms_window_end_minute = 1439, sms_window_days = '{1,2,3,4,5,6,7}' where id = $1`,
    [SEINE_MARITIME],
  )
  const [c] = await onE2eDatabase<{ id: string }>(
    `insert into candidates (organisation_id, first_name, last_name, phone, address_formatted, referent_id) values ($1, 'Inès', $2, '0611111190', '8 rue Jeanne-d’Arc, 76000 Rouen', 'demo-referent') returning id`,
    [SEINE_MARITIME, LAST_NAME],
  )
  candidateId = c!.id
  await onE2eDatabase(
    `insert into workshops (organisation_id, name, theme, starts_at, ends_at, address_formatted, capacity, status) values ($1, 'Atelier e2e des invitations', $2, now() + interval '3 days', now() + interval '3 days 2 hours', 'Maison de l’emploi, 76000 Rouen', 6, 'scheduled')`,
    [SEINE_MARITIME, THEME],
  )
})

test.afterAll(async () => {
  await onE2eDatabase(
    `update organisations set sms_window_start_minute = $2, sms_window_end_minute = $3, sms_window_days = $4 where id = $1`,
    [SEINE_MARITIME, hours!.start, hours!.end, hours!.days],
  )
  const person = [candidateId]
  await onE2eDatabase(`delete from sms_messages where candidate_id = $1`, person)
  await onE2eDatabase(`delete from invitations where candidate_id = $1`, person)
  await onE2eDatabase(`delete from workshop_registrations where candidate_id = $1`, person)
  await onE2eDatabase(`delete from audit_log where entity_type = 'candidate' and entity_id = $1`, person)
  await onE2eDatabase(`delete from candidates where id = $1`, person)
  await onE2eDatabase(`delete from workshops where organisation_id = $1 and theme = $2`, [SEINE_MARITIME, THEME])
})

test('a counsellor invites a candidate by SMS and letter from the sheet, and prints the letter whose QR code is the link', async ({
  page,
}) => {
  await page.goto(`/v2/candidate/${candidateId}/ateliers`)
  await page.getByRole('button', { name: 'Inviter à un atelier' }).click()
  const dialog = page.getByRole('dialog', { name: 'Inviter à un atelier' })
  await dialog.getByLabel('Thème d’ateliers').selectOption(THEME)
  await expect(dialog.getByRole('checkbox', { name: /^SMS/ })).toBeChecked()
  await dialog.getByRole('checkbox', { name: /^Courrier/ }).check()
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'invitation-form')
  await dialog.getByRole('button', { name: 'Inviter', exact: true }).click()

  await expect(dialog.getByRole('status')).toHaveText('1 candidat invité.')
  await expect(dialog).toContainText(`Inès ${LAST_NAME}, par SMS et courrier`)
  await screenshots(page, 'invitation-result')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: `Imprimer le courrier d’Inès ${LAST_NAME}` }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^invitation-\d{4}-\d{2}-\d{2}\.pdf$/)

  // The SMS as the person's phone gets it (the Twilio stand-in): the table keeps the code masked.
  const [stored] = await onE2eDatabase<{ body: string }>(
    `select body from sms_messages where candidate_id = $1 and kind = 'invitation.invitation'`,
    [candidateId],
  )
  expect(stored!.body).toContain('/i/…')
  let received = ''
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${standIn}/_stand-in/messages`)).json()) as { to: string; body: string }[]
        received = messages.filter((m) => m.to === MOBILE && m.body.includes('/i/')).at(-1)?.body ?? ''
        return received
      },
      { timeout: 20_000 },
    )
    .toMatch(/\/i\/[A-HJ-NP-Z2-9]{8}/)
  const link = /https?:\/\/\S+\/i\/[A-HJ-NP-Z2-9]{8}/.exec(received)![0]
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letter-'))
  try {
    await download.saveAs(path.join(dir, 'letter.pdf'))
    execFileSync('pdftoppm', ['-r', '150', '-singlefile', path.join(dir, 'letter.pdf'), path.join(dir, 'page')])
    const { rgba, width, height } = readPpm(path.join(dir, 'page.ppm'))
    expect(jsQR(rgba, width, height)?.data).toBe(link)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  invitationLink = link
  const [printed] = await onE2eDatabase<{ n: number }>(
    `select count(*)::int as n from audit_log where entity_type = 'candidate' and entity_id = $1 and action = 'invitation.letterPrinted'`,
    [candidateId],
  )
  expect(printed!.n).toBe(1)

  // Closed, the sheet shows the pending invitation and its letter to print again.
  await dialog.getByRole('button', { name: 'Terminer' }).click()
  const pending = page.getByRole('table', { name: 'Invitations en attente' })
  await expect(pending).toContainText(THEME)
  await expect(pending.getByRole('link', { name: 'Imprimer le courrier' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'invitation-sheet')
})

test('from a workshop’s page, the picker shows a person already invited to its theme as such', async ({ page }) => {
  const [w] = await onE2eDatabase<{ id: string }>(
    `select id from workshops where organisation_id = $1 and theme = $2`,
    [SEINE_MARITIME, THEME],
  )
  await page.goto(`/workshops/${w!.id}`)
  await page.getByRole('button', { name: 'Inviter des candidats à ce thème' }).click()
  const dialog = page.getByRole('dialog', { name: 'Inviter des candidats à ce thème' })
  await dialog.getByLabel('Rechercher un candidat').fill(LAST_NAME)
  const ines = dialog.getByRole('checkbox', { name: new RegExp(LAST_NAME) })
  await expect(ines).toBeDisabled()
  await expect(dialog).toContainText('déjà invité ou inscrit')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'invitation-workshop-picker')
})

test('the person books from the SMS on a 390 px phone, signed out, then cancels by answering ANNULER', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  })
  const person = await phone.newPage()
  await person.goto(new URL(invitationLink).pathname)
  await expect(person.getByRole('heading', { level: 1 })).toContainText(THEME)
  // Nothing personal before the name check.
  await expect(person.getByText(LAST_NAME)).toHaveCount(0)
  await expectNoSeriousA11yViolations(person)
  await person.getByLabel('Les trois premières lettres de votre nom de famille').fill('inv')
  await person.getByRole('button', { name: 'Continuer' }).click()
  await expect(person.getByRole('heading', { name: 'Choisissez une séance' })).toBeFocused()
  await person.getByRole('radio', { name: /Atelier e2e des invitations/ }).check()
  await person.getByRole('button', { name: 'Continuer' }).click()
  await expect(person.getByRole('heading', { name: 'Vérifiez votre choix' })).toBeVisible()
  await person.getByRole('button', { name: 'Confirmer ma réservation' }).click()
  await expect(person.getByRole('heading', { name: 'Votre place est réservée' })).toBeVisible()
  await expectNoSeriousA11yViolations(person)
  await screenshots(person, 'invitation-booked')
  await phone.close()
  const seats = () =>
    onE2eDatabase<{ seats: number; status: string }>(
      `select w.seats_taken as seats, i.status from invitations i join workshops w on w.theme = i.theme and w.organisation_id = i.organisation_id where i.candidate_id = $1`,
      [candidateId],
    )
  expect(await seats()).toEqual([{ seats: 1, status: 'booked' }])

  // From her phone, she answers ANNULER: the seat is freed, and she is told what was understood.
  const answered = await fetch(`${standIn}/_stand-in/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: MOBILE, body: 'Annuler' }),
  })
  expect(await answered.json()).toEqual({ status: 200 })
  expect(await seats()).toEqual([{ seats: 0, status: 'declined' }])
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${standIn}/_stand-in/messages`)).json()) as { to: string; body: string }[]).filter(
          (m) => m.to === MOBILE && m.body.includes('annulée'),
        ).length,
      { timeout: 20_000 },
    )
    .toBe(1)
})
