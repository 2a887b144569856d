import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, storageStateOf } from './fixtures'

// Issue 15 §3: the organisation's permission matrix. An administrator takes the workshops list from counsellors: a
// counsellor is then sent away from it at once; the administrators cannot lose their own access to the settings.
test.use({ storageState: storageStateOf('admin') })

test('an administrator removes a permission from counsellors, who are then redirected from its page', async ({ page, browser }) => {
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
    await expect(page.getByText('Permissions enregistrées\u00a0: elles s’appliquent dès maintenant.').first()).toBeVisible()
    await counsellor.goto('/workshops/dashboard')
    await expect(counsellor).toHaveURL('/v2/candidates/dashboard')
    await expect(counsellor.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Ateliers' })).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('checkbox', { name: 'Conseiller\u00a0: Voir la liste des ateliers' })).not.toBeChecked()

    // The administrators keep their access to the settings: the change is refused and nothing is saved.
    await page.getByRole('checkbox', { name: 'Administrateur\u00a0: Paramètres de l’organisation' }).uncheck()
    await page.getByRole('button', { name: 'Enregistrer les permissions' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Au moins un utilisateur actif doit garder l’accès aux paramètres' }).first()).toBeVisible()
    await page.reload()
    await expect(page.getByRole('checkbox', { name: 'Administrateur\u00a0: Paramètres de l’organisation' })).toBeChecked()
  } finally {
    await page.goto('/v2/settings/permissions')
    await page.getByRole('checkbox', { name: 'Conseiller\u00a0: Voir la liste des ateliers' }).check()
    await page.getByRole('button', { name: 'Enregistrer les permissions' }).click()
    await expect(page.getByText('Permissions enregistrées\u00a0: elles s’appliquent dès maintenant.').first()).toBeVisible()
    await counsellor.goto('/workshops/dashboard')
    await expect(counsellor).toHaveURL('/workshops/dashboard')
    await counsellorContext.close()
  }
})
