import { expect, test } from '@playwright/test'
import { onE2eDatabase, storageStateOf } from './fixtures'

// A long list stays usable: all its rows are in the server's HTML (readable before the script runs, found by the
// browser's search), on screen, and each one works once the page is interactive.
test.use({ storageState: storageStateOf('referent') })

const MOBILITE = '20000000-0000-4000-8000-000000000001'

test('the directory’s 30 matching offers: all 30 in the server’s HTML and on screen, each prescribable', async ({
  page,
}) => {
  await onE2eDatabase(
    `insert into social_offers (structure_id, offer_id, name, provider_name, source, financing_modes, tags)
     select $1, 'e2e-long-list-' || n, 'Offre en nombre ' || lpad(n::text, 2, '0'), 'Mobilité Solidaire', 'passerelle', '{}', '{mobilite}' from generate_series(1, 30) n`,
    [MOBILITE],
  )
  try {
    const url = '/v2/offers/dashboard/social?q=en%20nombre'
    const html = await (await page.request.get(url)).text()
    expect(html.match(/>Offre en nombre \d\d</g)?.length).toBe(30)

    await page.goto(url)
    await expect(page.getByText('30 offres correspondant aux filtres')).toBeVisible()
    const cards = page.getByRole('list', { name: 'Offres sociales' }).getByRole('listitem')
    await expect(cards).toHaveCount(30)
    await expect(cards.last().getByRole('heading', { name: 'Offre en nombre 30' })).toBeVisible()
    // The last card works as the first: its "Prescrire" opens the prescription dialog.
    await cards.last().getByRole('button', { name: 'Prescrire à l’offre Offre en nombre 30' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
  } finally {
    await onE2eDatabase(`delete from social_offers where offer_id like 'e2e-long-list-%'`)
  }
})
