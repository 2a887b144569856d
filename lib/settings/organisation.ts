import { eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { endOrganisationSessions } from '@/lib/auth/revoke'
import type { DbOrTx } from '@/lib/db/client'
import { organisations } from '@/lib/db/schema'
import type { OrganisationInput, SendingHoursInput } from './schemas'
import type { SettingsActor, SettingsOutcome } from './users'

/**
 * The administrator's own organisation: name, address (printed on prescription sheets), whether every user must
 * give a second factor, whether the roles that read the NIR or export must, the contact given to invited people, the read journal's retention, the
 * reminder and expiry delays of unanswered prescriptions, the RGPD retention period, and the SMS sending hours
 * (messages written outside them leave at the start of the next window).
 *
 * Turning a second-factor rule on ends the sessions of the organisation's users in the same transaction (they were
 * opened without the factor now asked), all but the administrator's own, who acts under the rule already (holding
 * the settings, they gave a second factor). Turning one off ends none: no open session is weaker for it.
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
        twoFactorForSensitive: organisations.twoFactorForSensitive,
        journalRetentionMonths: organisations.journalRetentionMonths,
        answerReminderDays: organisations.answerReminderDays,
        prescriptionExpiryDays: organisations.prescriptionExpiryDays,
        retentionDays: organisations.retentionDays,
        contactEmail: organisations.contactEmail,
        contactPhone: organisations.contactPhone,
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
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        twoFactorRequired: input.twoFactorRequired,
        twoFactorForSensitive: input.twoFactorForSensitive,
        journalRetentionMonths: input.journalRetentionMonths,
        answerReminderDays: input.answerReminderDays,
        prescriptionExpiryDays: input.prescriptionExpiryDays,
        retentionDays: input.retentionDays,
        ...(hours
          ? { smsWindowStartMinute: hours.startMinute, smsWindowEndMinute: hours.endMinute, smsWindowDays: hours.days }
          : {}),
      })
      .where(eq(organisations.id, actor.organisationId))
    const stricter =
      (input.twoFactorRequired && !before.twoFactorRequired) ||
      (input.twoFactorForSensitive && !before.twoFactorForSensitive)
    const sessionsEnded = stricter
      ? await endOrganisationSessions(tx, { organisationId: actor.organisationId, keep: actor.sessionId })
      : 0
    // The contact's address and number are not written in the journal, only whether they changed.
    const { contactEmail, contactPhone, ...previous } = before
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'organisation.updated',
      entityType: 'organisation',
      entityId: actor.organisationId,
      details: {
        twoFactorRequired: input.twoFactorRequired,
        twoFactorForSensitive: input.twoFactorForSensitive,
        journalRetentionMonths: input.journalRetentionMonths,
        answerReminderDays: input.answerReminderDays,
        prescriptionExpiryDays: input.prescriptionExpiryDays,
        retentionDays: input.retentionDays,
        sessionsEnded,
        smsSendingHours: hours ?? null,
        contactEmailChanged: contactEmail !== input.contactEmail,
        contactPhoneChanged: contactPhone !== input.contactPhone,
        previous,
      },
    })
    return { ok: true as const }
  })
}
