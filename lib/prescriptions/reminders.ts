import { sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { appUrl } from '@/lib/auth/app-url'
import type { Db, DbOrTx } from '@/lib/db/client'
import { notifications } from '@/lib/db/schema'
import { formatDate } from '@/lib/format'
import { queueMail, type QueuedMail } from '@/lib/mail/queue-mail'

/**
 * Reminders and expiry of unanswered prescriptions, run every hour by the job queue:
 * - a prescription pending longer than its organisation's reminder delay sends one reminder to the partner structure's
 *   active users, with the deep link that opens its follow-up sheet;
 * - past the organisation's expiry delay it expires: state "expirée" (it leaves the partner's pending tab, and can no
 *   longer be answered), and its referent is told, in the app and by mail.
 * Each step is a guarded update (`reminded_at is null`, `state = 'PRESCRIPTION_FILLED'`) whose mails, notification and
 * audit row are written in the same transaction: a run interrupted, repeated or run twice at once does each step once.
 * Mails name neither the candidate nor anything personal: the links lead to the sheet, behind a sign-in.
 */

/** Prescriptions handled per transaction. */
const BATCH = 200

type Picked = {
  id: string
  organisation_id: string
  structure_id: string
  offer_id: string
  offer_name: string
  candidate_id: string
  author_id: string
  prescription_date: Date
}

/** Reminds the partners of the prescriptions past their organisation's reminder delay (and not yet past expiry). Returns how many. */
export async function remindPendingPrescriptions(db: Db, at: Date, onlyOrganisationId?: string): Promise<number> {
  let total = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<Picked>(sql`
        with due as (
          select a.id from social_applies a join organisations o on o.id = a.organisation_id
          where a.state = 'PRESCRIPTION_FILLED' and a.reminded_at is null and a.archived = false ${organisationFilter(onlyOrganisationId)}
            -- A manual prescription (no follow-up sheet) is answered by its referent, not in Passerelle: no reminder.
            and exists (select 1 from fups s where s.social_apply_id = a.id)
            and a.prescription_date < ${at}::timestamptz - make_interval(days => o.answer_reminder_days)
            and a.prescription_date >= ${at}::timestamptz - make_interval(days => o.prescription_expiry_days)
          order by a.prescription_date
          limit ${BATCH}
          for update of a skip locked
        )
        update social_applies a set reminded_at = ${at}, updated_at = ${at}
        from due, social_offers f
        where a.id = due.id and f.id = a.social_offer_id
        returning a.id, a.organisation_id, a.structure_id, f.id as offer_id, f.name as offer_name, a.candidate_id, a.author_id, a.prescription_date`)
      if (!rows.length) return 0
      const partners = await partnerUsersOf(tx, [...new Set(rows.map((r) => r.structure_id))])
      const mails: QueuedMail[] = []
      for (const apply of rows) {
        for (const to of partners.get(apply.structure_id) ?? [])
          mails.push({
            ...reminderMail(to, apply, at),
            kind: 'prescription-reminder',
            organisationId: apply.organisation_id,
            structureId: apply.structure_id,
          })
      }
      await queueMail(tx, mails)
      await writeAudit(
        tx,
        rows.map((apply) => ({
          actorId: null,
          organisationId: apply.organisation_id,
          action: 'prescription.reminded',
          entityType: 'candidate',
          entityId: apply.candidate_id,
          details: {
            applyId: apply.id,
            offerId: apply.offer_id,
            structureId: apply.structure_id,
            recipients: partners.get(apply.structure_id)?.length ?? 0,
          },
        })),
      )
      return rows.length
    })
    total += done
    if (done < BATCH) return total
  }
}

/** Expires the prescriptions past their organisation's expiry delay and tells their referents. Returns how many. */
export async function expirePendingPrescriptions(db: Db, at: Date, onlyOrganisationId?: string): Promise<number> {
  let total = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<Picked>(sql`
        with due as (
          select a.id from social_applies a join organisations o on o.id = a.organisation_id
          where a.state = 'PRESCRIPTION_FILLED' and a.archived = false ${organisationFilter(onlyOrganisationId)}
            and a.prescription_date < ${at}::timestamptz - make_interval(days => o.prescription_expiry_days)
          order by a.prescription_date
          limit ${BATCH}
          for update of a skip locked
        )
        update social_applies a set state = 'EXPIRED', expired_at = ${at}, updated_at = ${at}
        from due, social_offers f
        where a.id = due.id and f.id = a.social_offer_id
        returning a.id, a.organisation_id, a.structure_id, f.id as offer_id, f.name as offer_name, a.candidate_id, a.author_id, a.prescription_date`)
      if (!rows.length) return 0
      await tx.insert(notifications).values(
        rows.map((apply) => ({
          userId: apply.author_id,
          kind: 'prescriptionExpired',
          payload: { applyId: apply.id, candidateId: apply.candidate_id, offerId: apply.offer_id, state: 'EXPIRED' },
        })),
      )
      const referents = await activeEmails(tx, [...new Set(rows.map((r) => r.author_id))])
      await queueMail(
        tx,
        rows.flatMap((apply) => {
          const to = referents.get(apply.author_id)
          return to
            ? [{ ...expiryMail(to, apply), kind: 'prescription-expired', organisationId: apply.organisation_id }]
            : []
        }),
      )
      await writeAudit(
        tx,
        rows.map((apply) => ({
          actorId: null,
          organisationId: apply.organisation_id,
          action: 'prescription.expired',
          entityType: 'candidate',
          entityId: apply.candidate_id,
          details: { applyId: apply.id, offerId: apply.offer_id, structureId: apply.structure_id },
        })),
      )
      return rows.length
    })
    total += done
    if (done < BATCH) return total
  }
}

/** Every organisation in production; one organisation when a test asks (its data only). */
const organisationFilter = (organisationId?: string) =>
  organisationId ? sql`and a.organisation_id = ${organisationId}` : sql``

/** One hourly run: expiry first (a prescription past both delays expires without a late reminder), then reminders. */
export async function runPrescriptionReminders(
  db: Db,
  at: Date,
  onlyOrganisationId?: string,
): Promise<{ expired: number; reminded: number }> {
  const expired = await expirePendingPrescriptions(db, at, onlyOrganisationId)
  const reminded = await remindPendingPrescriptions(db, at, onlyOrganisationId)
  return { expired, reminded }
}

async function partnerUsersOf(db: DbOrTx, structureIds: string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.execute<{ structure_id: string; email: string }>(sql`
    select structure_id, email from "user"
    where structure_id in (${sql.join(
      structureIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and role = 'fullPartner' and disabled = false
      -- A partner who chose not to get emails about late items gets no reminder.
      and notify_late_items
    order by email`)
  const byStructure = new Map<string, string[]>()
  for (const r of rows) byStructure.set(r.structure_id, [...(byStructure.get(r.structure_id) ?? []), r.email])
  return byStructure
}

async function activeEmails(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ id: string; email: string }>(sql`
    select id, email from "user" where id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and disabled = false and notify_late_items`)
  return new Map(rows.map((r) => [r.id, r.email]))
}

function daysBetween(from: Date, to: Date): number {
  return Math.floor((to.getTime() - new Date(from).getTime()) / 86_400_000)
}

function reminderMail(to: string, apply: Picked, at: Date) {
  return {
    to,
    subject: 'Relance\u00a0: une prescription attend votre réponse',
    text: [
      'Bonjour,',
      '',
      `Une prescription à votre offre « ${apply.offer_name} », faite le ${formatDate(apply.prescription_date)}, attend votre réponse depuis ${daysBetween(apply.prescription_date, at)} jours.`,
      `Complétez sa fiche de suivi : ${appUrl()}/offer/social/${apply.offer_id}?socialApplyId=${apply.id}`,
    ]
      .join('\n')
      .replace(/ ([:?!;»])/g, '\u00a0$1')
      .replace(/« /g, '«\u00a0'),
  }
}

function expiryMail(to: string, apply: Picked) {
  return {
    to,
    subject: 'Prescription expirée sans réponse',
    text: [
      'Bonjour,',
      '',
      `Votre prescription du ${formatDate(apply.prescription_date)} à l’offre « ${apply.offer_name} » n’a pas reçu de réponse du partenaire : elle est expirée.`,
      `Retrouvez-la sur la fiche du candidat : ${appUrl()}/v2/candidate/${apply.candidate_id}/prescriptions`,
    ]
      .join('\n')
      .replace(/ ([:?!;»])/g, '\u00a0$1')
      .replace(/« /g, '«\u00a0'),
  }
}
