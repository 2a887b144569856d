import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf } from './fixtures'

// Issue 42 §3: the actions dashboard shows the partners' new answers first, each one marked read on its own (the
// others stay new); the candidate sheet offers the same on the prescription; the home page says the same count.
test.use({ storageState: storageStateOf('referent') })

type Answered = { applyId: string; candidateId: string; name: string; fullName: string; offer: string }

/** Two answered prescriptions of the referent, of two candidates, each with a new answer notification. */
async function twoNewAnswers(): Promise<[Answered, Answered]> {
  // The answers other specs left unread are read: the counts below are these two.
  await onE2eDatabase(
    `update notifications set read_at = now() where user_id = 'demo-referent'
       and kind in ('fupAnswered', 'prescriptionExpired') and read_at is null`,
  )
  const rows = await onE2eDatabase<Answered>(
    `select distinct on (a.candidate_id) a.id as "applyId", a.candidate_id as "candidateId",
            c.last_name || ' ' || c.first_name as name, c.first_name || ' ' || c.last_name as "fullName",
            o.name as offer
       from social_applies a join candidates c on c.id = a.candidate_id join social_offers o on o.id = a.social_offer_id
      where a.author_id = 'demo-referent' and a.state in ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE') and not a.archived
        and c.anonymised_at is null
      order by a.candidate_id, a.id limit 2`,
  )
  expect(rows).toHaveLength(2)
  for (const r of rows)
    await onE2eDatabase(
      `insert into notifications (user_id, kind, payload) values ('demo-referent', 'fupAnswered', $1::jsonb)`,
      [JSON.stringify({ applyId: r.applyId, candidateId: r.candidateId })],
    )
  return rows as [Answered, Answered]
}

test('new answers come first on the actions dashboard, each marked read on its own; the sheet and the home page agree', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const [first, second] = await twoNewAnswers()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/v2/actions/dashboard')
  // The partners' answers are the first section.
  const sections = page.getByRole('main').getByRole('heading', { level: 2 })
  await expect(sections.first()).toHaveText('Réponses reçues (2 non lues)')
  const answers = page.getByRole('table', { name: 'Réponses reçues' })
  const rowOf = (a: Answered) => answers.getByRole('row').filter({ hasText: a.name }).filter({ hasText: a.offer })
  await expect(rowOf(first)).toContainText('Non lue')
  await expect(rowOf(second)).toContainText('Non lue')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'actions-answers-unread', [390, 1440])

  await page.setViewportSize({ width: 390, height: 844 })
  await rowOf(first)
    .getByRole('button', { name: `Marquer comme lue la réponse pour ${first.name}, ${first.offer}` })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Réponse marquée comme lue.' })).toBeVisible()
  await expect(sections.first()).toHaveText('Réponses reçues (1 non lue)')
  // Still listed, read; the other one still new.
  await expect(rowOf(first)).not.toContainText('Non lue')
  await expect(rowOf(first).getByRole('button', { name: /^Marquer comme lue/ })).toHaveCount(0)
  await expect(rowOf(second)).toContainText('Non lue')

  // The home page says the same: one unread, listed, and the sentence beside it does not contradict it.
  await page.goto('/homePage')
  await expect(page.getByRole('link', { name: '1 réponse de partenaire non lue' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Réponses de partenaires non lues \(1 non lue, / })).toBeVisible()
  const unread = page.getByRole('table', { name: 'Réponses de partenaires non lues' })
  await expect(unread.getByRole('row')).toHaveCount(2)
  await expect(unread).toContainText(second.name)

  // The candidate sheet: the prescription's answer not read yet, marked read there.
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/v2/candidate/${second.candidateId}/prescriptions`)
  const sheetRow = page.getByRole('row').filter({ hasText: second.offer })
  await expect(sheetRow).toContainText('Réponse non lue')
  await expectNoSeriousA11yViolations(page)
  await screenshots(page, 'sheet-answer-unread')
  await sheetRow
    .getByRole('button', {
      name: `Marquer comme lue la réponse pour ${second.fullName}, ${second.offer}`,
    })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Réponse marquée comme lue.' })).toBeVisible()
  await expect(sheetRow).not.toContainText('Réponse non lue')
  await expect(sheetRow.getByRole('button', { name: /^Marquer comme lue/ })).toHaveCount(0)

  await page.goto('/v2/actions/dashboard')
  await expect(sections.first()).toHaveText('Réponses reçues (aucune non lue)')
  await page.goto('/homePage')
  await expect(page.getByRole('link', { name: 'Aucune réponse de partenaire non lue' })).toBeVisible()
})

test('each list shows its first 10 rows, and « Afficher » the rest up to a page; the home page leads there', async ({
  page,
}) => {
  test.setTimeout(90_000)
  // 22 new answers: copies of one of the referent's answered prescriptions, each notified to them. They are removed
  // at the end, with their notifications, so that no other spec counts them.
  await onE2eDatabase(
    `update notifications set read_at = now() where user_id = 'demo-referent'
       and kind in ('fupAnswered', 'prescriptionExpired') and read_at is null`,
  )
  const copies = await onE2eDatabase<{ id: string }>(
    `with src as (select * from social_applies where author_id = 'demo-referent' and state = 'INTEGRATED_CANDIDATE'
                    and not archived order by id limit 1),
          copies as (insert into social_applies
                       select (jsonb_populate_record(null::social_applies,
                                 to_jsonb(src) || jsonb_build_object('id', gen_random_uuid()))).*
                         from src, generate_series(1, 22)
                     returning id, candidate_id)
     insert into notifications (user_id, kind, payload)
       select 'demo-referent', 'fupAnswered', jsonb_build_object('applyId', id, 'candidateId', candidate_id) from copies
     returning payload->>'applyId' as id`,
  )
  expect(copies).toHaveLength(22)
  try {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/homePage')
    await page.getByRole('link', { name: 'Voir les 22 réponses non lues sur le tableau des actions' }).click()
    // The home page asked for the whole page of answers: all 22 new ones are there.
    await expect(page).toHaveURL(/\/v2\/actions\/dashboard\?answers=all#answers$/)
    const answers = page.getByRole('table', { name: 'Réponses reçues' })
    await expect(answers.getByRole('row').filter({ hasText: 'Non lue' })).toHaveCount(22)

    // Without it, the first 10 (the new ones first), and « Afficher les N réponses » under them.
    await page.goto('/v2/actions/dashboard')
    await expect(answers.getByRole('row')).toHaveCount(11)
    await expect(answers.getByRole('row').filter({ hasText: 'Non lue' })).toHaveCount(10)
    const more = page.getByRole('link', { name: /^Afficher les (50 premières|\d+) réponses$/ })
    const label = (await more.textContent())!
    const total = label.includes('premières') ? 50 : Number(/\d+/.exec(label)![0])
    expect(total).toBeGreaterThanOrEqual(22)
    await expectNoSeriousA11yViolations(page)
    await more.click()
    await expect(page).toHaveURL(/\/v2\/actions\/dashboard\?answers=all#answers$/)
    await expect(answers.getByRole('row')).toHaveCount(Math.min(total, 50) + 1)
    await expect(page.getByRole('link', { name: /^Afficher les .* réponses$/ })).toHaveCount(0)
  } finally {
    await onE2eDatabase(`delete from notifications where user_id = 'demo-referent' and payload->>'applyId' = any($1)`, [
      copies.map((c) => c.id),
    ])
    await onE2eDatabase(`delete from social_applies where id = any($1::uuid[])`, [copies.map((c) => c.id)])
  }
})
