import { expect, test as setup } from '@playwright/test'
import { ROLES, signIn, storageStateOf, type DemoRole } from './fixtures'

// One saved login per demo role, reused by the specs.
const landing: Record<DemoRole, string> = {
  admin: '/v2/candidates/dashboard',
  referent: '/v2/candidates/dashboard',
  conseiller: '/v2/candidates/dashboard',
  partenaire: '/partners/structure/dashboard',
}

for (const role of Object.keys(ROLES) as DemoRole[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signIn(page, ROLES[role])
    await expect(page).toHaveURL(landing[role])
    await page.context().storageState({ path: storageStateOf(role) })
  })
}
