import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { provisionUser } from '@/lib/auth/provision-user'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { onboardingProfile } from '@/lib/onboarding/profile'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The onboarding's second-factor step follows the same policy as the sign-in: the organisation's "second factor for
// the roles that read the NIR or export" setting and its permission matrix, not the role alone.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db

async function organisationWith(tx: Tx, settings: { twoFactorForSensitive: boolean }) {
  const id = randomUUID()
  await tx.insert(s.organisations).values({ id, name: `Onboarding ${id.slice(0, 8)}`, ...settings })
  return id
}

async function invited(tx: Tx, organisationId: string, role: string) {
  const created = await provisionUser(asDb(tx), {
    email: `${randomUUID()}@exemple.test`,
    firstName: 'Nina',
    lastName: 'Nouvelle',
    role,
    organisationId,
  })
  if (!created.ok) throw new Error(created.error)
  return created.userId
}

const stepShown = async (tx: Tx, userId: string) => (await onboardingProfile(asDb(tx), userId))!.secondFactorRequired

describe('the onboarding’s second-factor step', () => {
  it('a user who may read the NIR gets it while the organisation covers those roles, and not once it turned that off', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const covering = await organisationWith(tx, { twoFactorForSensitive: true })
      const notCovering = await organisationWith(tx, { twoFactorForSensitive: false })
      const nirReader = async (organisationId: string) => {
        const id = await invited(tx, organisationId, 'counsellor')
        await tx
          .update(s.users)
          .set({ permissions: ['candidate.visualize', 'candidate.nir.visualize'] })
          .where(eq(s.users.id, id))
        return id
      }
      expect(await stepShown(tx, await nirReader(covering))).toBe(true)
      expect(await stepShown(tx, await nirReader(notCovering))).toBe(false)
      // Administrators (settings.*) always give one.
      expect(await stepShown(tx, await invited(tx, notCovering, 'admin'))).toBe(true)
    })
  })

  it('a counsellor the organisation’s matrix lets export gets it', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const organisationId = await organisationWith(tx, { twoFactorForSensitive: true })
      const counsellor = await invited(tx, organisationId, 'counsellor')
      expect(await stepShown(tx, counsellor)).toBe(false)
      await tx
        .insert(s.organisationRolePermissions)
        .values({ organisationId, role: 'counsellor', permissions: ['candidate.visualize', 'candidate.export'] })
      expect(await stepShown(tx, counsellor)).toBe(true)
    })
  })

  it('a user who turned the second factor on keeps the step', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const organisationId = await organisationWith(tx, { twoFactorForSensitive: false })
      const counsellor = await invited(tx, organisationId, 'counsellor')
      await tx.update(s.users).set({ twoFactorEnabled: true }).where(eq(s.users.id, counsellor))
      expect(await stepShown(tx, counsellor)).toBe(true)
    })
  })
})
