import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, ROLES, signIn, storageStateOf } from './fixtures'

// The organisation's permission matrix. An administrator takes the workshops list from counsellors: the
// counsellors' sessions end with the change (opened under the old rights), and once signed in again a counsellor is sent
// away from the list; the administrators cannot lose their own access to the settings.
test.use({ storageState: storageStateOf('admin') })

test('an administrator removes a permission from counsellors, who are then redirected from its page', async ({
  page,
  browser,
}) => {
  // Two browsers, three saves and an axe pass over the 31-row matrix: past 30 s on a busy machine.
  test.slow()
  await page.goto('/v2/settings/permissions')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permissions')
  await expectNoSeriousA11yViolations(page)
  const cell = page.getByRole('checkbox', { name: 'Conseiller\u00a0: Voir la liste des ateliers' })
  await expect(cell).toBeChecked()

  const counsellorContext = await browser.newContext({ storageState: storageStateOf('conseiller') })
  const counsellor = await counsellorContext.newPage()
  await counsellor.goto('/workshops/dashboard')
  await expect(counsellor).toHaveURL('/workshops/dashboard')
  try {
    await cell.uncheck()
    await page.getByRole('button', { name: 'Enregistrer les permissions' }).click()
    await expect(
      page.getByText('Permissions enregistrées\u00a0: elles s’appliquent dès maintenant.').first(),
    ).toBeVisible()
    // The change ended the counsellor's session: the page asks to sign in again, then sends them away from the list.
    await counsellor.goto('/workshops/dashboard')
    await expect(counsellor).toHaveURL(/\/v2\/login/)
    await signIn(counsellor, ROLES.conseiller)
    await counsellor.goto('/workshops/dashboard')
    await expect(counsellor).toHaveURL('/v2/candidates/dashboard')
    await expect(
      counsellor.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Ateliers' }),
    ).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('checkbox', { name: 'Conseiller\u00a0: Voir la liste des ateliers' })).not.toBeChecked()

    // The administrators keep their access to the settings: the change is refused and nothing is saved.
    await page.getByRole('checkbox', { name: 'Administrateur\u00a0: Paramètres de l’organisation' }).uncheck()
    await page.getByRole('button', { name: 'Enregistrer les permissions' }).click()
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Au moins un utilisateur actif doit garder l’accès aux paramètres' })
        .first(),
    ).toBeVisible()
    await page.reload()
    await expect(
      page.getByRole('checkbox', { name: 'Administrateur\u00a0: Paramètres de l’organisation' }),
    ).toBeChecked()
  } finally {
    await page.goto('/v2/settings/permissions')
    await page.getByRole('checkbox', { name: 'Conseiller\u00a0: Voir la liste des ateliers' }).check()
    await page.getByRole('button', { name: 'Enregistrer les permissions' }).click()
    await expect(
      page.getByText('Permissions enregistrées\u00a0: elles s’appliquent dès maintenant.').first(),
    ).toBeVisible()
    // Giving the permission back ended the counsellors' sessions again: the saved login the specs that follow use is
    // signed in anew.
    await signIn(counsellor, ROLES.conseiller)
    await counsellor.goto('/workshops/dashboard')
    await expect(counsellor).toHaveURL('/workshops/dashboard')
    await counsellorContext.storageState({ path: storageStateOf('conseiller') })
    await counsellorContext.close()
  }
})

// Administrators read each permission as a sentence; its technical key is only in a tooltip, for support.
test('each permission is a sentence; its key shows only in the tooltip of its info button', async ({ page }) => {
  await page.goto('/v2/settings/permissions')
  const row = page.getByRole('row').filter({ hasText: 'Voir la liste des ateliers' })
  await expect(row).toContainText('Consulte la liste des ateliers de l’organisation.')
  // No key in the text an administrator reads (the tooltips are closed).
  const text = await page.getByRole('main').innerText()
  expect(text).not.toMatch(/\b(candidate|workshops|settings|offers|partner|filters)\.[a-z.-]+/)

  const info = row.getByRole('button', { name: 'Clé technique de «\u00a0Voir la liste des ateliers\u00a0»' })
  await info.focus()
  const tip = page.getByRole('tooltip').filter({ hasText: 'workshops.dashboard.visualize' })
  await expect(tip).toBeVisible()
  await expect(info).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!)
  await page.keyboard.press('Escape')
  await expect(tip).toBeHidden()
})
