import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf } from './fixtures'

// The invitations' follow-up: the dashboard's "Invitation" filter finds the candidate whose invitation expired (not the
// one whose invitation is still valid), and the sheet's overview shows the state per theme.
test.describe.configure({ mode: 'serial', retries: 0 })
test.use({ storageState: storageStateOf('conseiller') })

const SEINE_MARITIME = '10000000-0000-4000-8000-000000000001'
const THEME = 'Thème e2e du suivi des invitations'
const EXPIRED = 'Suivexpira'
const PENDING = 'Suivattenda'
const ids: string[] = []

test.beforeAll(async () => {
  for (const [lastName, created, expires] of [
    [EXPIRED, '12 days', '-1 day'],
    [PENDING, '2 days', '8 days'],
  ]) {
    const [c] = await onE2eDatabase<{ id: string }>(
      `insert into candidates (organisation_id, first_name, last_name) values ($1, 'Noé', $2) returning id`,
      [SEINE_MARITIME, lastName],
    )
    ids.push(c!.id)
    await onE2eDatabase(
      `insert into invitations (organisation_id, candidate_id, theme, channels, code_hash, code_sealed, created_at, expires_at)
       values ($1, $2, $3, array['sms'], md5(random()::text), 'e2e', now() - $4::interval, now() + $5::interval)`,
      [SEINE_MARITIME, c!.id, THEME, created, expires],
    )
  }
})

test.beforeAll(async () => {
  // A past session of the theme: the settings list the themes that have workshops.
  await onE2eDatabase(
    `insert into workshops (organisation_id, name, theme, starts_at, capacity) values ($1, 'Atelier e2e du suivi', $2, now() - interval '20 days', 8)`,
    [SEINE_MARITIME, THEME],
  )
})

test.afterAll(async () => {
  await onE2eDatabase(`delete from invitation_themes where organisation_id = $1 and theme = $2`, [
    SEINE_MARITIME,
    THEME,
  ])
  await onE2eDatabase(`delete from workshops where organisation_id = $1 and theme = $2`, [SEINE_MARITIME, THEME])
  await onE2eDatabase(`delete from invitations where candidate_id = any($1::uuid[])`, [ids])
  await onE2eDatabase(`delete from audit_log where entity_type = 'candidate' and entity_id = any($1::text[])`, [ids])
  await onE2eDatabase(`delete from candidates where id = any($1::uuid[])`, [ids])
})

test('the dashboard’s "Invitation expirée" filter lists the candidate whose invitation expired, kept in the URL', async ({
  page,
}) => {
  await page.goto('/v2/candidates/dashboard')
  await page.getByRole('button', { name: 'Invitation', exact: true }).click()
  await page.getByRole('checkbox', { name: 'Invitation expirée' }).check()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/invitation=expired/)
  const table = page.getByRole('table')
  // Narrowed by the search (the demo data may hold other expired invitations): the expired one, not the pending one.
  // The search goes by POST with the filter.
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/candidates/search') && r.method() === 'POST')
  await page.getByLabel('Rechercher un candidat').fill('Suiv')
  expect((await posted).postDataJSON()).toMatchObject({ search: 'Suiv', invitationStates: ['expired'] })
  await expect(page.getByRole('status').filter({ hasText: 'trouvé' })).toBeVisible()
  await expect(table).toHaveAttribute('aria-busy', 'false')
  await expect(table.getByRole('link', { name: new RegExp(EXPIRED, 'i') })).toBeVisible()
  await expect(table.getByRole('link', { name: new RegExp(PENDING, 'i') })).toHaveCount(0)
  // The same from the URL alone, rendered by the server.
  await page.goto('/v2/candidates/dashboard?invitation=expired&invitation=absent')
  await expect(page.getByRole('button', { name: 'Invitation', exact: true })).toContainText('Invitation expirée')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'dashboard-invitation-filter')
})

test('the sheet’s overview shows the follow-up of the invited theme', async ({ page }) => {
  await page.goto(`/v2/candidate/${ids[0]}`)
  const card = page.getByRole('region', { name: /Invitations aux ateliers/ })
  await expect(card.getByText(THEME)).toBeVisible()
  await expect(card.getByText('Invitation expirée')).toBeVisible()
  await expect(card.getByText(/expirée le \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'sheet-invitation-follow-up')
})

test.describe('as an administrator', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('the statistics show the invitations per theme, with their table', async ({ page }) => {
    await page.goto('/v2/statistics')
    const sent = page.getByRole('region', { name: 'Invitations par thème d’atelier' })
    await expect(sent).toBeVisible()
    await sent.getByText('Tableau des données').click()
    const row = sent.getByRole('row').filter({ hasText: THEME })
    // Two invitations of the theme went in the period, none booked.
    await expect(row.getByRole('cell')).toHaveText([THEME, '2', '0', /^0\s%$/, '–', '0', '–'])
    await expect(page.getByRole('region', { name: 'Taux d’absence des invités et des convoqués' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'statistics-invitations')
  })

  test('the settings refuse a bad contact e-mail and a validity out of 4–90 days in French, and save one in range', async ({
    page,
  }) => {
    await page.goto('/v2/settings/organisations')
    await page.getByLabel('Email de contact').fill('accueil@')
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
    await expect(page.getByText('L’adresse email de contact n’est pas valide').first()).toBeVisible()
    const theme = page.getByRole('group', { name: THEME })
    await theme.getByLabel('Validité (jours)').fill('3')
    await page.getByRole('button', { name: 'Appliquer ces durées de validité' }).click()
    await expect(theme.getByText('Une invitation reste valable 4 jours au moins.')).toBeVisible()
    await expect(theme.getByLabel('Validité (jours)')).toBeFocused()
    await theme.getByLabel('Validité (jours)').fill('21')
    await page.getByRole('button', { name: 'Appliquer ces durées de validité' }).click()
    await expect(page.getByText('Validité des invitations enregistrée.').first()).toBeVisible()
    const [saved] = await onE2eDatabase<{ validity_days: number; optional: boolean }>(
      `select validity_days, optional from invitation_themes where organisation_id = $1 and theme = $2`,
      [SEINE_MARITIME, THEME],
    )
    expect(saved).toEqual({ validity_days: 21, optional: false })
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'settings-invitations')
  })
})
