import { expect, test } from '@playwright/test'
import { onE2eDatabase, storageStateOf } from './fixtures'

// Rendering a page writes nothing (a read journal row aside): the SMS tab's replies are marked read, and the home
// page's visit remembered, by the browser once the page is on screen. Without JavaScript, both pages show and nothing
// changes; with it, the action does the write.
test.use({ storageState: storageStateOf('referent') })
test.describe.configure({ mode: 'serial', retries: 0 })

const REFERENT = `(select id from "user" where email = 'referent@passerelle.test')`
const MARK = 'render-writes'
let candidateId = ''

test.beforeAll(async () => {
  candidateId = (
    await onE2eDatabase<{ id: string }>(`select id from candidates where first_name = 'Julien' and last_name = 'Morel'`)
  )[0]!.id
  await onE2eDatabase(
    `insert into notifications (user_id, kind, payload) values (${REFERENT}, 'smsReply', jsonb_build_object('candidateId', $1::text, 'mark', $2::text))`,
    [candidateId, MARK],
  )
})

test.afterAll(async () => {
  await onE2eDatabase(`delete from notifications where payload->>'mark' = $1`, [MARK])
})

const noticeRead = async () =>
  (
    await onE2eDatabase<{ read: boolean }>(
      `select read_at is not null as read from notifications where payload->>'mark' = $1`,
      [MARK],
    )
  )[0]!.read
const lastVisit = async () =>
  (
    await onE2eDatabase<{ at: string | null }>(
      `select visited_at::text as at from user_home_visits where user_id = ${REFERENT}`,
    )
  )[0]?.at ?? null

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the SMS tab and the home page show, and write nothing', async ({ page }) => {
    const visit = await lastVisit()
    await page.goto(`/v2/candidate/${candidateId}/sms`)
    await expect(page.getByRole('heading', { name: 'SMS', level: 2 })).toBeVisible()
    expect(await noticeRead()).toBe(false)
    await page.goto('/homePage')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Romain')
    expect(await lastVisit()).toBe(visit)
  })
})

test('once on screen, the SMS tab marks its replies read and the home page remembers the visit', async ({ page }) => {
  // No visit yet: whatever another spec's clock left, the one this page records is seen.
  await onE2eDatabase(`delete from user_home_visits where user_id = ${REFERENT}`)
  await page.goto(`/v2/candidate/${candidateId}/sms`)
  await expect(page.getByRole('heading', { name: 'SMS', level: 2 })).toBeVisible()
  await expect.poll(noticeRead).toBe(true)
  await page.goto('/homePage')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Romain')
  await expect.poll(lastVisit).not.toBeNull()
})
