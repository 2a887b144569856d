import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { baseURL, E2E_AUTH_SECRET } from '../playwright.config'
import {
  completeOnboarding,
  expectNoSeriousA11yViolations,
  onE2eDatabase,
  screenshots,
  signIn,
  storageStateOf,
  waitForMail,
  waitForSentMails,
} from './fixtures'

// A structure is run by its own people. A second organisation, created as an operator does it
// (`npm run admin -- create-organisation`), links the demo's "Mobilité Solidaire" by its SIRET: it finds no way to
// invite, edit, import or read its prescriptions; its request for a partner account reaches the structure's
// administrator, who refuses it.
test.describe.configure({ mode: 'serial', retries: 0 })

const EMAIL = 'admin@agglo-val.test'
const PASSWORD = 'Agglo-Val-Admin-2026!'
const ORGANISATION = 'Agglomération du Val'
const MOBILITE = '20000000-0000-4000-8000-000000000001'
const PERMIS = '30000000-0000-4000-8000-000000000001'
const REQUESTED = 'accueil@mobilite-solidaire.test'

async function cleanUp() {
  const organisation = `(select id from organisations where name = '${ORGANISATION}')`
  await onE2eDatabase(`delete from structure_account_requests where organisation_id in ${organisation}`)
  await onE2eDatabase(`delete from organisation_partner_structures where organisation_id in ${organisation}`)
  await onE2eDatabase(`delete from outbound_mails where organisation_id in ${organisation} or to_address = $1`, [EMAIL])
  await onE2eDatabase(`delete from read_journal where organisation_id in ${organisation}`)
  await onE2eDatabase(
    `delete from audit_log where organisation_id in ${organisation} or actor_id in (select id from "user" where organisation_id in ${organisation})`,
  )
  await onE2eDatabase(`delete from "user" where organisation_id in ${organisation}`)
  await onE2eDatabase(`delete from organisations where name = '${ORGANISATION}'`)
}
test.beforeAll(cleanUp)
test.afterAll(cleanUp)

test('another organisation links a structure by its SIRET, finds no way to run it, and its request is refused by the structure', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  // 1. The operator's command, as the docs give it: the organisation and its first administrator, invited by mail.
  const since = Date.now()
  await promisify(execFile)(
    'npx',
    ['tsx', 'scripts/admin.ts', 'create-organisation', '--name', ORGANISATION, '--admin-email', EMAIL],
    {
      env: {
        ...process.env,
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
        BETTER_AUTH_URL: baseURL,
      },
      timeout: 120_000,
    },
  )
  const invitation = await waitForMail(EMAIL, since, /\/new-password\?token=/, 30_000)
  const link = /(http:\/\/\S+\/new-password\?token=\S+)/.exec(invitation)![1]!
  const admin = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage()
  await admin.goto(link)
  await admin.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await admin.getByLabel('Confirmer le mot de passe').fill(PASSWORD)
  await admin.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click()
  await expect(admin.locator('main').getByRole('status')).toBeVisible()
  await signIn(admin, EMAIL, PASSWORD)
  await completeOnboarding(admin, 'Chargée de partenariats')

  // 2. It links Mobilité Solidaire by its SIRET (public): it now works with it.
  await admin.goto('/partners/structure/create')
  await admin.getByLabel('Nom de la structure').fill('Mobilité Solidaire')
  await admin.getByLabel('SIRET').fill('412 345 678 00012')
  await admin.getByRole('button', { name: 'Créer la structure' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Mobilité Solidaire')
  await expect(admin.getByText('Gérée par ses propres utilisateurs\u00a0: Paula Moreau.')).toBeVisible()
  await expect(admin.getByText(/Organisations qui travaillent avec elle\u00a0: .*Agglomération du Val/)).toBeVisible()

  // 3. No way to run it: no edit, no invitation, no offer written or imported, the pages behind them "not found".
  for (const name of ['Modifier la structure', 'Inviter un utilisateur']) {
    await expect(admin.getByRole('button', { name })).toHaveCount(0)
  }
  for (const name of ['Importer des offres', 'Ajouter une offre sociale']) {
    await expect(admin.getByRole('link', { name })).toHaveCount(0)
  }
  await expect(admin.getByRole('region', { name: 'Utilisateurs de la structure' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(admin)
  await screenshots(admin, 'structure-linked-by-another')
  const page = admin.url()
  for (const path of [
    `/partners/structure/${MOBILITE}/import`,
    `/offer/social/create?structure=${MOBILITE}`,
    `/offer/social/${PERMIS}/edit`,
  ]) {
    expect((await admin.goto(path))?.status(), path).toBe(404)
  }
  // Its offer page shows the organisation's own prescriptions only: none of Seine-Maritime's.
  await admin.goto(`/offer/social/${PERMIS}`)
  await expect(admin.getByRole('tab', { name: /Prescriptions en cours/ })).toContainText('0')
  await expect(admin.locator('main')).not.toContainText('Durand')

  // 4. It asks for a partner account instead.
  await admin.goto(page)
  await admin.getByRole('button', { name: 'Demander un compte partenaire' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Demander un compte partenaire' })
  await dialog.getByLabel('Prénom').fill('Marc')
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill('Valois')
  await dialog.getByLabel('Email').fill(REQUESTED)
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click()
  await expect(admin.getByText('Demande envoyée à ceux qui gèrent la structure.').first()).toBeVisible()
  await expect(admin.locator('main')).toContainText(`Marc Valois (${REQUESTED})`)
  await expect(admin.locator('main')).toContainText('en attente')

  // 5. The structure's administrator is told by mail, finds the request on the structure's page, and refuses it.
  const [told] = await waitForSentMails(
    (m) => m.includes('To: partenaire@passerelle.test') && m.includes('compte partenaire soit créé'),
  )
  expect(told).toContain(`«\u00a0${ORGANISATION}\u00a0» demande qu’un compte partenaire soit créé`)
  const partner = await (await browser.newContext({ storageState: storageStateOf('partenaire') })).newPage()
  await partner.goto('/partners/structure/dashboard')
  await partner.getByRole('link', { name: 'Gérer la structure' }).click()
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Mobilité Solidaire')
  const requests = partner.getByRole('region', { name: /Demandes de compte partenaire/ })
  await expect(requests).toContainText(`Marc Valois ${REQUESTED}`)
  await expect(requests).toContainText(ORGANISATION)
  await expectNoSeriousA11yViolations(partner)
  await screenshots(partner, 'structure-account-request')
  await requests.getByRole('button', { name: 'Refuser la demande de compte pour Marc Valois' }).click()
  await expect(partner.getByText(`Demande de «\u00a0${ORGANISATION}\u00a0» refusée.`).first()).toBeVisible()
  await expect(partner.getByRole('region', { name: /Demandes de compte partenaire/ })).toHaveCount(0)

  // 6. The asking administrator is told; no account was created.
  const [decision] = await waitForSentMails((m) => m.includes(`To: ${EMAIL}`) && m.includes('a refusé votre demande'))
  expect(decision).toContain('a refusé votre demande de compte partenaire')
  expect(await onE2eDatabase(`select id from "user" where email = $1`, [REQUESTED])).toEqual([])
  await admin.reload()
  await expect(admin.locator('main')).toContainText('refusée')
})
