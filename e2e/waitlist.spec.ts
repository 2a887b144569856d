import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, screenshots, storageStateOf, waitForMail } from './fixtures'

// A full offer is a waitlist (issue 40 §4), on the demo's « Location de vélo à assistance électrique »
// (db/seed/waitlist.ts): no free place, Fatou Camara first in line.
const VAE = '/offer/social/30000000-0000-4000-8000-000000000007'
const OFFER = 'Location de vélo à assistance électrique'

// The spec changes the demo data (a prescription, a place freed): a retry would find it done.
test.describe.configure({ mode: 'serial', retries: 0 })

test('a referent prescribes to a full offer and is told the rank; the partner frees a place and the line moves', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const referent = await (await browser.newContext({ storageState: storageStateOf('referent') })).newPage()
  await referent.goto(VAE)
  // Before sending, the referent knows the offer is full and how long the line is.
  await expect(referent.getByRole('note')).toHaveText(
    'Cette offre est complète\u00a0: une prescription y est mise en liste d’attente, après 1 personne, et parvient au partenaire dès qu’une place se libère.',
  )
  await referent.getByRole('button', { name: `Prescrire à l’offre ${OFFER}` }).click()
  const dialog = referent.getByRole('dialog', { name: `Prescrire à l’offre « ${OFFER} »` })
  await dialog.getByLabel('Rechercher un candidat').fill('mercier')
  await dialog.getByRole('radio', { name: /Mercier Lucas/ }).check()
  await dialog.getByLabel('Objectif de la prescription').fill('Rejoindre un chantier d’insertion à 12 km.')
  await dialog.getByLabel('Je valide cette prescription').check()
  await dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande').check()
  await dialog.getByRole('button', { name: 'Envoyer la prescription' }).click()
  await expect(
    referent.getByText(
      `L’offre « ${OFFER} » est complète\u00a0: la prescription est en liste d’attente, au rang 2. Le partenaire la recevra dès qu’une place se libérera.`,
    ),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  const [lucas] = await onE2eDatabase<{ id: string }>(
    "select id from candidates where first_name = 'Lucas' and last_name = 'Mercier'",
  )
  await referent.goto(`/v2/candidate/${lucas!.id}/prescriptions`)
  await expect(referent.getByRole('row').filter({ hasText: OFFER })).toContainText('En liste d’attente (rang 2)')

  // The partner sees the line in order, frees a place: Fatou Camara's prescription reaches her pending tab.
  const partner = await (await browser.newContext({ storageState: storageStateOf('partenaire') })).newPage()
  await partner.goto(VAE)
  const places = partner.getByRole('region', { name: 'Places et liste d’attente' })
  await expect(places).toContainText('Complet\u00a0: 2 prescriptions attendent une place, dans l’ordre ci-dessous.')
  const line = places.getByRole('list', { name: 'Liste d’attente, dans l’ordre' })
  await expect(line.getByRole('listitem')).toHaveCount(2)
  await expect(line.getByRole('listitem').nth(0)).toContainText('Rang 1')
  await expect(line.getByRole('listitem').nth(0)).toContainText('Fatou Camara')
  await expect(line.getByRole('listitem').nth(1)).toContainText('Lucas Mercier')
  await expectNoSeriousA11yViolations(partner)
  await screenshots(partner, 'waitlist-partner')

  const since = Date.now()
  await places.getByRole('button', { name: 'Libérer une place' }).click()
  await expect(
    partner.getByText('Places enregistrées\u00a0: 1 prescription quitte la liste d’attente et vous parvient.'),
  ).toBeVisible()
  await expect(line.getByRole('listitem')).toHaveCount(1)
  await expect(line.getByRole('listitem').nth(0)).toContainText('Rang 1')
  await expect(line.getByRole('listitem').nth(0)).toContainText('Lucas Mercier')
  await expect(partner.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Camara Fatou' })).toBeVisible()
  // The referent is told by mail (its link leads to Fatou Camara's prescriptions, her name is not in it), and Lucas
  // Mercier is first in line now.
  const [fatou] = await onE2eDatabase<{ id: string }>(
    "select id from candidates where first_name = 'Fatou' and last_name = 'Camara'",
  )
  const mail = await waitForMail(
    'referent@passerelle.test',
    since,
    new RegExp(`/v2/candidate/${fatou!.id}/prescriptions`),
  )
  expect(mail).not.toContain('Camara')
  await referent.reload()
  await expect(referent.getByRole('row').filter({ hasText: OFFER })).toContainText('En liste d’attente (rang 1)')

  // A wrong number is refused in French on its field, and changes nothing.
  await places.getByLabel('Places libres').fill('-2')
  await places.getByRole('button', { name: 'Enregistrer les places' }).click()
  await expect(places.getByLabel('Places libres')).toBeFocused()
  await expect(places.getByText(/Indiquez un nombre entier de places, de 0 à 999/).first()).toBeVisible()
  await expect(line.getByRole('listitem')).toHaveCount(1)
})
