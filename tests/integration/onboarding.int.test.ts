import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { completeOnboarding, onboardingProfile } from '@/lib/onboarding/profile'
import { needsOnboarding, TERMS_VERSION } from '@/lib/onboarding/terms'
import { createLink } from '@/lib/referrals/links'
import { submitOrientation } from '@/lib/referrals/submit'
import { provisionUser } from '@/lib/auth/provision-user'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Onboarding: a provisioned (invited) user is not onboarded; the form's checks; the terms' version;
// the emails the user chose.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const NOW = new Date('2026-11-25T09:00:00Z')

async function invited(tx: Tx, role = 'counsellor') {
  const email = `${randomUUID()}@exemple.test`
  const created = await provisionUser(asDb(tx), {
    email,
    firstName: 'Nina',
    lastName: 'Nouvelle',
    role,
    organisationId: demoIds.orgSeineMaritime,
  })
  if (!created.ok) throw new Error(created.error)
  const [user] = await tx.select().from(s.users).where(eq(s.users.id, created.userId))
  return user!
}
const valid = {
  phone: '06 12 34 56 78',
  jobTitle: 'Conseillère en insertion',
  acceptTerms: true,
  notifyPrescriptionAnswers: true,
  notifyOrientations: false,
  notifyLateItems: true,
}

describe('onboarding', () => {
  it('an invited user must go through it; the demo accounts have', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      expect(needsOnboarding(await invited(tx))).toBe(true)
      const [admin] = await tx.select().from(s.users).where(eq(s.users.email, 'admin@passerelle.test'))
      expect(needsOnboarding(admin!)).toBe(false)
      // Another version of the terms asks again.
      expect(needsOnboarding({ ...admin!, termsVersion: '2020-01-01' })).toBe(true)
    })
  })

  it('refuses a missing job title, unaccepted terms and a bad phone in French, and changes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const user = await invited(tx)
      expect(
        await completeOnboarding(
          asDb(tx),
          { id: user.id, organisationId: user.organisationId, structureId: null },
          { ...valid, jobTitle: ' ', acceptTerms: false, phone: '06 12' },
          NOW,
        ),
      ).toEqual({
        ok: false,
        error: 'Vérifiez les champs signalés.',
        fieldErrors: {
          jobTitle: 'Votre fonction est obligatoire (par exemple «\u00a0Conseillère en insertion\u00a0»).',
          acceptTerms: 'Acceptez les conditions d’utilisation pour utiliser Passerelle.',
          phone: "Le téléphone n'est pas complet",
        },
      })
      const [after] = await tx.select().from(s.users).where(eq(s.users.id, user.id))
      expect(after).toMatchObject({ onboardedAt: null, termsVersion: null, jobTitle: null })
    })
  })

  it('saves the profile, the terms’ version and the emails; the first onboarding date stays', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const user = await invited(tx)
      expect(
        await completeOnboarding(
          asDb(tx),
          { id: user.id, organisationId: user.organisationId, structureId: null },
          valid,
          NOW,
        ),
      ).toEqual({ ok: true })
      const [after] = await tx.select().from(s.users).where(eq(s.users.id, user.id))
      expect(after).toMatchObject({
        onboardedAt: NOW,
        termsVersion: TERMS_VERSION,
        termsAcceptedAt: NOW,
        jobTitle: 'Conseillère en insertion',
        phone: '06 12 34 56 78',
        notifyOrientations: false,
        notifyLateItems: true,
      })
      expect(needsOnboarding(after!)).toBe(false)
      const later = new Date('2027-01-10T09:00:00Z')
      await completeOnboarding(
        asDb(tx),
        { id: user.id, organisationId: user.organisationId, structureId: null },
        { ...valid, jobTitle: 'Cheffe de service' },
        later,
      )
      const [again] = await tx.select().from(s.users).where(eq(s.users.id, user.id))
      expect(again).toMatchObject({ onboardedAt: NOW, termsAcceptedAt: later, jobTitle: 'Cheffe de service' })
      // Audited, without the personal data.
      const [audit] = await tx.select().from(s.auditLog).where(eq(s.auditLog.entityId, user.id))
      expect(audit).toMatchObject({ action: 'user.onboarded', details: { termsVersion: TERMS_VERSION } })
    })
  })

  it('shows the second-factor step to those who must have one', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      expect((await onboardingProfile(asDb(tx), (await invited(tx, 'counsellor')).id))!.secondFactorRequired).toBe(
        false,
      )
      expect((await onboardingProfile(asDb(tx), (await invited(tx, 'admin')).id))!.secondFactorRequired).toBe(true)
    })
  })

  it('a user who does not want the orientations’ emails gets none', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const user = await invited(tx)
      await completeOnboarding(
        asDb(tx),
        { id: user.id, organisationId: user.organisationId, structureId: null },
        valid,
        NOW,
      )
      const link = await createLink(
        asDb(tx),
        { id: 'demo-admin', organisationId: demoIds.orgSeineMaritime },
        { label: 'CCAS', notifyEmail: user.email, expiresOn: '' },
        NOW,
      )
      if (!link.ok) throw new Error(link.error)
      const form = {
        prescriberName: 'Nadia Benali',
        prescriberStructure: 'CCAS',
        prescriberEmail: 'n@ccas.test',
        firstName: 'Zoé',
        lastName: 'Vasseur',
        consent: true,
      }
      expect(await submitOrientation(asDb(tx), link.token, form, { ip: null, now: NOW })).toMatchObject({ ok: true })
      expect(await tx.select().from(s.outboundMails).where(eq(s.outboundMails.toAddress, user.email))).toHaveLength(0)
      await tx.update(s.users).set({ notifyOrientations: true }).where(eq(s.users.id, user.id))
      await submitOrientation(asDb(tx), link.token, form, { ip: null, now: NOW })
      expect(await tx.select().from(s.outboundMails).where(eq(s.outboundMails.toAddress, user.email))).toHaveLength(1)
    })
  })
})
