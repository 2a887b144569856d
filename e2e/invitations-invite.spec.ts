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

test.beforeAll(async () => {
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
  const person = [candidateId]
  await onE2eDatabase(`delete from sms_messages where candidate_id = $1`, person)
  await onE2eDatabase(`delete from invitations where candidate_id = $1`, person)
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
    dialog.getByRole('link', { name: `Imprimer le courrier de Inès ${LAST_NAME}` }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^invitation-\d{4}-\d{2}-\d{2}\.pdf$/)

  const [sms] = await onE2eDatabase<{ body: string }>(
    `select body from sms_messages where candidate_id = $1 and kind = 'invitation.invitation'`,
    [candidateId],
  )
  const link = /https?:\/\/\S+\/i\/[A-Z2-9]{8}/.exec(sms!.body)![0]
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letter-'))
  try {
    await download.saveAs(path.join(dir, 'letter.pdf'))
    execFileSync('pdftoppm', ['-r', '150', '-singlefile', path.join(dir, 'letter.pdf'), path.join(dir, 'page')])
    const { rgba, width, height } = readPpm(path.join(dir, 'page.ppm'))
    expect(jsQR(rgba, width, height)?.data).toBe(link)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
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
