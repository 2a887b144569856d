import { eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { DbOrTx } from '@/lib/db/client'
import { organisations } from '@/lib/db/schema'
import type { OrganisationInput, SendingHoursInput } from './schemas'
import type { SettingsActor, SettingsOutcome } from './users'

/**
 * The administrator's own organisation: name, address (printed on prescription sheets), whether every user must
 * give a second factor (asked from their next sign-in), the reminder and expiry delays of unanswered prescriptions, the RGPD retention period, and the SMS
 * sending hours (messages written outside them leave at the start of the next window).
 */
export async function updateOrganisationSettings(
  db: DbOrTx,
  actor: SettingsActor,
  input: OrganisationInput,
  hours?: SendingHoursInput,
): Promise<SettingsOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        twoFactorRequired: organisations.twoFactorRequired,
        answerReminderDays: organisations.answerReminderDays,
        prescriptionExpiryDays: organisations.prescriptionExpiryDays,
        retentionDays: organisations.retentionDays,
      })
      .from(organisations)
      .where(eq(organisations.id, actor.organisationId))
      .for('update')
    if (!before) return { ok: false as const, notFound: true as const }
    await tx
      .update(organisations)
      .set({
        name: input.name,
        addressFormatted: input.addressFormatted,
        twoFactorRequired: input.twoFactorRequired,
        answerReminderDays: input.answerReminderDays,
        prescriptionExpiryDays: input.prescriptionExpiryDays,
        retentionDays: input.retentionDays,
        ...(hours
          ? { smsWindowStartMinute: hours.startMinute, smsWindowEndMinute: hours.endMinute, smsWindowDays: hours.days }
          : {}),
      })
      .where(eq(organisations.id, actor.organisationId))
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'organisation.updated',
      entityType: 'organisation',
      entityId: actor.organisationId,
      details: {
        twoFactorRequired: input.twoFactorRequired,
        answerReminderDays: input.answerReminderDays,
        prescriptionExpiryDays: input.prescriptionExpiryDays,
        retentionDays: input.retentionDays,
        smsSendingHours: hours ?? null,
        previous: before,
      },
    })
    return { ok: true as const }
  })
}
