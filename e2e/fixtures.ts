import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Passerelle-Demo-2026!'
export const ROLES = {
  admin: 'admin@passerelle.test',
  referent: 'referent@passerelle.test',
  partenaire: 'partenaire@passerelle.test',
  conseiller: 'conseiller@passerelle.test',
} as const
export type DemoRole = keyof typeof ROLES

export const storageStateOf = (role: DemoRole) => `e2e/.auth/${role}.json`

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/v2/login')
  await page.getByLabel('Adresse email').fill(email)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

/** axe-core on the current page: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/** The messages the app sent during this run (the local outbox: see lib/mail/mailer.ts). */
export function sentMails(): string[] {
  const dir = process.env.E2E_OUTBOX_DIR!
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir).map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')))
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]!))
  }
  return Buffer.from(bytes).toString('utf8')
}
