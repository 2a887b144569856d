import { expect, test } from '@playwright/test'
import { onE2eDatabase, storageStateOf } from './fixtures'

// components/ui/use-hydrated.ts: a long list's first 20 rows are in the server's HTML, the others rendered by the
// browser from the same data once the page hydrates. Seen by a person, the list is whole.
test.use({ storageState: storageStateOf('referent') })

const MOBILITE = '20000000-0000-4000-8000-000000000001'

test('the directory’s 30 matching offers: 20 in the server’s HTML, all 30 on screen, each prescribable', async ({ page }) => {
  await onE2eDatabase(
    `insert into social_offers (structure_id, offer_id, name, provider_name, source, financing_modes, tags)
     select $1, 'e2e-long-list-' || n, 'Offre en nombre ' || lpad(n::text, 2, '0'), 'Mobilité Solidaire', 'passerelle', '{}', '{mobilite}' from generate_series(1, 30) n`,
    [MOBILITE],
  )
  try {
    const url = '/v2/offers/dashboard/social?q=en%20nombre'
    const html = await (await page.request.get(url)).text()
    expect(html.match(/>Offre en nombre \d\d</g)?.length).toBe(20)

    await page.goto(url)
    await expect(page.getByText('30 offres correspondant aux filtres')).toBeVisible()
    const cards = page.getByRole('list', { name: 'Offres sociales' }).getByRole('listitem')
    await expect(cards).toHaveCount(30)
    await expect(cards.last().getByRole('heading', { name: 'Offre en nombre 30' })).toBeVisible()
    // A card the browser rendered works as the others: its "Prescrire" opens the prescription dialog.
    await cards.last().getByRole('button', { name: 'Prescrire à l’offre Offre en nombre 30' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
  } finally {
    await onE2eDatabase(`delete from social_offers where offer_id like 'e2e-long-list-%'`)
  }
})
