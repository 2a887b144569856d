import { expect, test } from '@playwright/test'
import { signIn } from './fixtures'

// Every demo account (README) signs in with its email and password and lands where it works; the holders of a
// settings.* permission (admin, referents) give the code emailed to them first (signIn reads it from the mail).
const LANDINGS = [
  ['admin@passerelle.test', '/v2/candidates/dashboard', 'Alice Martin', true],
  ['referent@passerelle.test', '/v2/candidates/dashboard', 'Romain Leroy', true],
  ['partenaire@passerelle.test', '/partners/structure/dashboard', 'Paula Moreau', false],
  ['conseiller@passerelle.test', '/v2/candidates/dashboard', 'Cédric Fontaine', false],
  ['referent.lyon@passerelle.test', '/v2/candidates/dashboard', 'Laura Bernard', true],
  ['partenaire.habitat@passerelle.test', '/partners/structure/dashboard', 'Hugo Petit', false],
] as const

for (const [email, landing, name, secondFactor] of LANDINGS) {
  test(`${email} signs in${secondFactor ? ' with a code by email' : ''} and lands on ${landing}`, async ({ page }) => {
    const visited: string[] = []
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname))
    await signIn(page, email)
    await expect(page).toHaveURL(landing)
    await expect(page.getByRole('banner')).toContainText(name)
    expect(visited.includes('/double-auth')).toBe(secondFactor)
    const cookies = await page.context().cookies()
    const session = cookies.find((c) => c.name === 'passerelle.session_token')!
    expect(session.httpOnly).toBe(true)
    expect(session.sameSite).toBe('Lax')
  })
}
