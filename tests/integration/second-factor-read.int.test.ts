import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mustGiveSecondFactor, readSecondFactor } from '@/lib/auth/two-factor-policy'
import { secondFactorStatus } from '@/lib/auth/two-factor-queries'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { getOrganisationUser, listOrganisationUsers } from '@/lib/settings/queries'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// One read of the second factor. The sign-ins, /double-auth and the settings' users all decide it the same
// way: the user's own permissions, else the organisation's permission matrix for the role, else the role's defaults.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = demoIds.orgSeineMaritime
const REFERENT = 'demo-referent'

describe('the second factor, read once', () => {
  it('a referent is not required one, until the organisation’s matrix gives the role a settings permission', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const matrix = async (permissions: string[]) => {
        await tx
          .delete(s.organisationRolePermissions)
          .where(
            and(
              eq(s.organisationRolePermissions.organisationId, SM),
              eq(s.organisationRolePermissions.role, 'referent'),
            ),
          )
        await tx.insert(s.organisationRolePermissions).values({ organisationId: SM, role: 'referent', permissions })
      }
      // The organisation's matrix gives referents no settings permission (whatever the role's defaults are).
      await matrix(['candidate.visualize'])
      await tx.update(s.users).set({ permissions: null, twoFactorEnabled: false }).where(eq(s.users.id, REFERENT))
      await tx.update(s.organisations).set({ twoFactorRequired: false }).where(eq(s.organisations.id, SM))
      const settingsRow = async () =>
        (await listOrganisationUsers(asDb(tx), SM, 1)).rows.find((r) => r.id === REFERENT)!.secondFactor
      expect(await readSecondFactor(tx, eq(s.users.id, REFERENT))).toEqual({
        id: REFERENT,
        required: false,
        enabled: false,
      })
      expect(await settingsRow()).toBe('off')
      expect((await getOrganisationUser(asDb(tx), SM, REFERENT))!.secondFactor).toBe('off')
      expect((await secondFactorStatus(tx, REFERENT)).required).toBe(false)

      await matrix(['candidate.visualize', 'settings.visualize'])

      expect(await readSecondFactor(tx, eq(s.users.email, 'referent@passerelle.test'))).toEqual({
        id: REFERENT,
        required: true,
        enabled: false,
      })
      expect((await secondFactorStatus(tx, REFERENT)).required).toBe(true)
      // The settings' list and sheet say what the sign-in will ask.
      expect(await settingsRow()).toBe('required')
      expect((await getOrganisationUser(asDb(tx), SM, REFERENT))!.secondFactor).toBe('required')
      // An identity-provider sign-in turns the flag on, as a password one does.
      expect(await mustGiveSecondFactor(tx, REFERENT)).toBe(true)
      const [row] = await tx.select({ enabled: s.users.twoFactorEnabled }).from(s.users).where(eq(s.users.id, REFERENT))
      expect(row!.enabled).toBe(true)
    })
  })

  it('nobody is read for an unknown user: the identity-provider sign-in fails closed', async () => {
    expect(await readSecondFactor(db, eq(s.users.id, 'nobody'))).toBeNull()
    expect(await mustGiveSecondFactor(db, 'nobody')).toBe(true)
  })
})
