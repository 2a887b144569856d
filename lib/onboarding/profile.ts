import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { optionalPhone, requiredText } from '@/lib/directory/fields'
import { invalid, type Outcome } from '@/lib/frame/outcome'
import { readSecondFactor } from '@/lib/auth/two-factor-policy'
import { TERMS_VERSION } from './terms'

export const ONBOARDING_MESSAGES = {
  jobTitleRequired: 'Votre fonction est obligatoire (par exemple «\u00a0Conseillère en insertion\u00a0»).',
  termsRequired: 'Acceptez les conditions d’utilisation pour utiliser Passerelle.',
} as const

const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean())

/** /onboarding/form: phone, job title, the terms of use of the current version, the emails the user wants. */
export const onboardingSchema = z.object({
  jobTitle: requiredText(ONBOARDING_MESSAGES.jobTitleRequired, 120),
  phone: optionalPhone,
  acceptTerms: z.literal(true, { error: ONBOARDING_MESSAGES.termsRequired }),
  notifyPrescriptionAnswers: flag,
  notifyOrientations: flag,
  notifyLateItems: flag,
})

/**
 * What the form starts from, and whether the user must have a second factor (its step is then shown): the same read as
 * the sign-in's (lib/auth/two-factor-policy.ts), so the organisation's settings and permission matrix count here too.
 */
export async function onboardingProfile(db: DbOrTx, userId: string) {
  const [[row], secondFactor] = await Promise.all([
    db
      .select({
        phone: users.phone,
        jobTitle: users.jobTitle,
        termsVersion: users.termsVersion,
        notifyPrescriptionAnswers: users.notifyPrescriptionAnswers,
        notifyOrientations: users.notifyOrientations,
        notifyLateItems: users.notifyLateItems,
      })
      .from(users)
      .where(eq(users.id, userId)),
    readSecondFactor(db, eq(users.id, userId)),
  ])
  if (!row || !secondFactor) return null
  return { ...row, secondFactorRequired: secondFactor.required || secondFactor.enabled }
}

/** Saves the form: the user is onboarded (the first time only) and has accepted this version of the terms. */
export async function completeOnboarding(
  db: Db,
  user: { id: string; organisationId: string | null; structureId: string | null },
  input: unknown,
  now: Date,
): Promise<Outcome> {
  const parsed = onboardingSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const v = parsed.data
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        phone: v.phone,
        jobTitle: v.jobTitle,
        termsVersion: TERMS_VERSION,
        termsAcceptedAt: now,
        notifyPrescriptionAnswers: v.notifyPrescriptionAnswers,
        notifyOrientations: v.notifyOrientations,
        notifyLateItems: v.notifyLateItems,
        onboardedAt: sql`coalesce(${users.onboardedAt}, ${now})`,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
    await writeAudit(tx, {
      actorId: user.id,
      organisationId: user.organisationId,
      structureId: user.structureId,
      action: 'user.onboarded',
      entityType: 'user',
      entityId: user.id,
      details: { termsVersion: TERMS_VERSION },
    })
    return { ok: true as const }
  })
}
