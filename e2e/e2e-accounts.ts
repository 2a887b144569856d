/**
 * Accounts that exist only in the e2e database, provisioned as an administrator would (provisionUser), so that
 * the specs that change a password or a second factor never touch the demo accounts other specs sign in with.
 */
import { eq, sql } from 'drizzle-orm'
import { provisionUser } from '../lib/auth/provision-user'
import type { Db } from '../lib/db/client'
import { organisationPartnerStructures, organisations, users } from '../lib/db/schema'
import { TERMS_VERSION } from '../lib/onboarding/terms'
import { demoIds } from '../db/seed'
import { ENTRA_TENANT, OIDC_IDENTITIES } from './oidc-server'

export const E2E_ACCOUNTS = {
  /** A counsellor whose password the reset and change-password specs change. */
  passwordOwner: { email: 'mot-de-passe@passerelle.test', password: 'Passerelle-E2E-Depart-1!' },
  /** A counsellor who sets up an authenticator app. */
  totpOwner: { email: 'application@passerelle.test', password: 'Passerelle-E2E-Totp-2!' },
  /** A counsellor for the revocation specs. */
  revoked: { email: 'revocation@passerelle.test', password: 'Passerelle-E2E-Revoc-3!' },
  /** A counsellor who has not been through onboarding (the route walk's "signed in, not onboarded"). */
  notOnboarded: { email: 'pas-encore@passerelle.test', password: 'Passerelle-E2E-Accueil-4!' },
  /** A counsellor who links their own Microsoft login from their account page. */
  identityLinker: { email: 'lien-identite@passerelle.test', password: 'Passerelle-E2E-Lien-6!' },
} as const

/**
 * An administrator of structures in a neighbouring organisation that works with both demo structures (linked by their
 * SIRET) without running them: the fuzz suite's "across organisations" session. Explicit permissions (no settings.*),
 * so that it signs in without a second factor.
 */
export const E2E_NEIGHBOUR = {
  organisationId: '10000000-0000-4000-8000-0000000000a1',
  email: 'structures.voisine@passerelle.test',
  password: 'Passerelle-E2E-Voisine-5!',
  permissions: ['partners.structure.modify', 'candidate.socialboard.modify', 'candidate.visualize'],
} as const

async function seedNeighbour(db: Db): Promise<void> {
  await db.insert(organisations).values({ id: E2E_NEIGHBOUR.organisationId, name: 'Communauté voisine' })
  await db.insert(organisationPartnerStructures).values([
    { organisationId: E2E_NEIGHBOUR.organisationId, structureId: demoIds.structureMobilite },
    { organisationId: E2E_NEIGHBOUR.organisationId, structureId: demoIds.structureHabitat },
  ])
  const result = await provisionUser(db, {
    email: E2E_NEIGHBOUR.email,
    password: E2E_NEIGHBOUR.password,
    firstName: 'Victor',
    lastName: 'Voisin',
    role: 'referent',
    organisationId: E2E_NEIGHBOUR.organisationId,
  })
  if (!result.ok) throw new Error(`e2e account ${E2E_NEIGHBOUR.email}: ${result.error}`)
  await db
    .update(users)
    .set({
      permissions: [...E2E_NEIGHBOUR.permissions],
      onboardedAt: sql`now()`,
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: sql`now()`,
    })
    .where(eq(users.id, result.userId))
}

export async function seedE2eAccounts(db: Db): Promise<void> {
  await seedNeighbour(db)
  const names: Record<keyof typeof E2E_ACCOUNTS, [string, string]> = {
    passwordOwner: ['Mona', 'Dupasse'],
    totpOwner: ['Théo', 'Tempo'],
    revoked: ['Régis', 'Vocation'],
    notOnboarded: ['Noé', 'Nouveau'],
    identityLinker: ['Lina', 'Lien'],
  }
  for (const [key, account] of Object.entries(E2E_ACCOUNTS) as [
    keyof typeof E2E_ACCOUNTS,
    (typeof E2E_ACCOUNTS)[keyof typeof E2E_ACCOUNTS],
  ][]) {
    const [firstName, lastName] = names[key]
    const result = await provisionUser(db, {
      email: account.email,
      password: account.password,
      firstName,
      lastName,
      role: 'counsellor',
      organisationId: demoIds.orgSeineMaritime,
    })
    if (!result.ok) throw new Error(`e2e account ${account.email}: ${result.error}`)
  }
}

/** Users of the identity providers (e2e/oidc-server.ts), provisioned without a password. */
export const E2E_PROVIDER_USERS = {
  /** Linked at first sign-in by the email ProConnect vouches for. */
  proconnect: { email: 'agent.proconnect@passerelle.test', name: ['Agathe', 'Connect'] },
  /** Linked at first sign-in by the email Google verified. */
  google: { email: 'google.agent@passerelle.test', name: ['Gaston', 'Gle'] },
  /** Provisioned with its Entra tenant and object id; its Entra email is another one. */
  microsoft: { email: 'entra.agent@passerelle.test', name: ['Émile', 'Ntra'] },
  /** Provisioned with its France Travail subject. */
  franceTravail: { email: 'ft.agent@passerelle.test', name: ['Félix', 'Travail'] },
  /** An administrator signing in with ProConnect (linked by its ProConnect email): the second factor is still asked. */
  proconnectAdmin: { email: 'admin.proconnect@passerelle.test', name: ['Adèle', 'Min'] },
} as const

export async function seedE2eProviderUsers(db: Db): Promise<void> {
  const entra = OIDC_IDENTITIES.microsoft[1]
  const identities: Record<keyof typeof E2E_PROVIDER_USERS, { providerId: string; accountId: string }[]> = {
    proconnect: [],
    google: [],
    microsoft: [{ providerId: 'microsoft', accountId: `${ENTRA_TENANT}:${entra.oid}` }],
    franceTravail: [{ providerId: 'france-travail', accountId: OIDC_IDENTITIES['france-travail'][0].sub }],
    proconnectAdmin: [{ providerId: 'proconnect', accountId: OIDC_IDENTITIES.proconnect[2].sub }],
  }
  const roles: Partial<Record<keyof typeof E2E_PROVIDER_USERS, string>> = { proconnectAdmin: 'admin' }
  for (const [key, user] of Object.entries(E2E_PROVIDER_USERS) as [
    keyof typeof E2E_PROVIDER_USERS,
    (typeof E2E_PROVIDER_USERS)[keyof typeof E2E_PROVIDER_USERS],
  ][]) {
    const result = await provisionUser(db, {
      email: user.email,
      firstName: user.name[0],
      lastName: user.name[1],
      role: roles[key] ?? 'counsellor',
      organisationId: demoIds.orgSeineMaritime,
      identities: identities[key],
    })
    if (!result.ok) throw new Error(`e2e account ${user.email}: ${result.error}`)
  }
}
