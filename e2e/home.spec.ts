import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, shot } from './fixtures'

// /homePage is the user's day — what is unread (and how much of it came since the last visit), what
// is late.
test.use({ storageState: storageStateOf('referent') })

test('the referent’s day: unread answers, late prescriptions', async ({ page }) => {
  // The visit is remembered by the page's action once it is on screen (a POST to the page).
  const recorded = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/homePage'))
  await page.goto('/homePage')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Romain')
  await expect(page.getByRole('heading', { name: /^À lire/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /réponses? de partenaires? non lues?/ })).toHaveAttribute(
    'href',
    '#home-answers',
  )
  await expect(
    // A first visit, or the visit of another spec before this one.
    page.getByRole('heading', {
      name: /^Réponses de partenaires non lues \((aucune non lue|\d+ non lues?)(, première visite|,? (dont (aucune|\d+) nouvelles? )?depuis votre)/,
    }),
  ).toBeVisible()
  // The seed's prescriptions of the referent older than the reminder delay are late.
  const late = page.getByRole('table', { name: 'Prescriptions en retard' })
  await expect(late.getByRole('row').nth(1)).toContainText('En attente de réponse')
  await expectNoSeriousA11yViolations(page)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, { path: test.info().outputPath(`home-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
  // The visit is remembered: the next one says when it was.
  await recorded
  await page.reload()
  await expect(
    page.getByRole('heading', {
      name: /^Réponses de partenaires non lues \((aucune non lue|\d+ non lues?, dont (aucune|\d+) nouvelles?) depuis votre dernière visite, le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}\)/,
    }),
  ).toBeVisible()
})

// The count of unread answers and the list of them are one and the same, in both directions.
test('the unread count matches the list of unread answers: never "1 non lue" beside "aucune"', async ({ page }) => {
  const unreadOf = () =>
    onE2eDatabase<{ n: number }>(
      `select count(*)::int as n from notifications
       where user_id = (select id from "user" where email = 'referent@passerelle.test')
         and kind in ('fupAnswered', 'prescriptionExpired') and read_at is null`,
    )
  await page.goto('/homePage')
  const [{ n }] = (await unreadOf()) as [{ n: number }]
  const count = page.getByRole('link', { name: /non lues?$/ }).first()
  const list = page.getByRole('table', { name: 'Réponses de partenaires non lues' })
  if (n === 0) {
    await expect(count).toHaveText('Aucune réponse de partenaire non lue')
    await expect(list).toHaveCount(0)
    await expect(page.getByText('Aucune réponse de partenaire non lue.')).toBeVisible()
  } else {
    await expect(count).toHaveText(
      `${n} ${n > 1 ? 'réponses de partenaires non lues' : 'réponse de partenaire non lue'}`,
    )
    // One header row, then one row per unread answer.
    await expect(list.getByRole('row')).toHaveCount(n + 1)
    await expect(page.getByText('Aucune réponse de partenaire non lue.')).toHaveCount(0)
  }
})
