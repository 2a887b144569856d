import { sql, type SQL } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { notifications } from '@/lib/db/schema'
import { DAY_MS, elapsedDaysBetween, formatDate } from '@/lib/dates'
import { failure, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { queueMail, type QueuedMail } from '@/lib/mail/queue-mail'
import { PARTNER_ROLE } from '@/lib/permissions'
import { newAnswerLink } from './answer-link'
import { linkAddressesOf } from './link-recipients'
import { expiryMail, linkReminderMail, reminderMail } from './mails'
import { givePlacesBack } from './waitlist'

/**
 * Reminders and expiry of unanswered prescriptions, run every hour by the job queue:
 * - a prescription pending longer than its organisation's reminder delay sends one reminder to the partner structure's
 *   active users who chose one mail per prescription (those on a digest find it there, ./digest.ts), with the deep
 *   link that opens its follow-up sheet (a structure without an account: to its contact address, with a fresh signed
 *   link);
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
  organisationId: string
  structureId: string
  offerId: string
  offerName: string
  candidateId: string
  authorId: string
  prescriptionDate: Date
}

/**
 * One batch of a step: locks the oldest pending prescriptions that `due` selects (`a` the apply, `o` its organisation;
 * those a concurrent run holds are skipped), sets `set` on them and returns them with their offer.
 */
async function pick(tx: DbOrTx, due: SQL, set: SQL, onlyOrganisationId?: string): Promise<Picked[]> {
  const { rows } = await tx.execute<Picked>(sql`
    with due as (
      select a.id from social_applies a join organisations o on o.id = a.organisation_id
      where a.state = 'PRESCRIPTION_FILLED' and a.archived = false ${organisationFilter(onlyOrganisationId)} and ${due}
      order by a.prescription_date
      limit ${BATCH}
      for update of a skip locked
    )
    update social_applies a set ${set}
    from due, social_offers f
    where a.id = due.id and f.id = a.social_offer_id
    returning a.id, a.organisation_id as "organisationId", a.structure_id as "structureId", f.id as "offerId",
      f.name as "offerName", a.candidate_id as "candidateId", a.author_id as "authorId",
      a.prescription_date as "prescriptionDate"`)
  return rows
}

/** Runs `step` in one transaction per batch until a batch comes back short. Returns how many prescriptions it moved. */
async function inBatches(db: Db, step: (tx: DbOrTx) => Promise<number>): Promise<number> {
  let total = 0
  for (;;) {
    const done = await db.transaction(step)
    total += done
    if (done < BATCH) return total
  }
}

/** Reminds the partners of the prescriptions past their organisation's reminder delay (and not yet past expiry). Returns how many. */
export function remindPendingPrescriptions(db: Db, at: Date, onlyOrganisationId?: string): Promise<number> {
  return inBatches(db, async (tx) => {
    const rows = await pick(
      tx,
      sql`(a.reminded_at is null
          -- A structure without an account (its reminders go by link to its address) is reminded again at each
          -- reminder delay, until the expiry: nobody there sees a pending tab.
          or (a.reminded_at < ${at}::timestamptz - make_interval(days => o.answer_reminder_days)
              and not exists (select 1 from "user" u where u.structure_id = a.structure_id and u.disabled = false)))
        -- A manual prescription (no follow-up sheet) is answered by its referent, not in Passerelle: no reminder.
        and exists (select 1 from fups s where s.social_apply_id = a.id)
        and a.prescription_date < ${at}::timestamptz - make_interval(days => o.answer_reminder_days)
        and a.prescription_date >= ${at}::timestamptz - make_interval(days => o.prescription_expiry_days)`,
      sql`reminded_at = ${at}, updated_at = ${at}`,
      onlyOrganisationId,
    )
    if (!rows.length) return 0
    await remind(tx, rows, at, { actorId: null, action: 'prescription.reminded' })
    return rows.length
  })
}

/**
 * The reminder mails of these prescriptions, queued, and their audit rows: to the structure's partner users who get
 * reminders one by one, and to the contact address of a structure without an account (a fresh signed link). Returns
 * how many mails.
 */
async function remind(
  tx: DbOrTx,
  rows: Picked[],
  at: Date,
  by: { actorId: string | null; action: 'prescription.reminded' | 'prescription.nudged' },
): Promise<number> {
  const structureIds = [...new Set(rows.map((r) => r.structureId))]
  const partners = await partnerUsersOf(tx, structureIds)
  // A structure without an account is reminded at its contact address, with a fresh signed link.
  const byLink = await linkAddressesOf(tx, structureIds)
  const mails: QueuedMail[] = []
  for (const apply of rows) {
    const days = elapsedDaysBetween(apply.prescriptionDate, at)
    const fields = { organisationId: apply.organisationId, structureId: apply.structureId }
    for (const to of partners.get(apply.structureId) ?? [])
      mails.push({ ...reminderMail(to, apply, days), kind: 'prescription-reminder', ...fields })
    const address = byLink.get(apply.structureId)
    if (address) {
      const link = newAnswerLink(apply.id, at)
      mails.push({
        ...linkReminderMail(address, apply, days, link.url, link.expiresAt),
        kind: 'prescription-reminder-link',
        ...fields,
      })
    }
  }
  await queueMail(tx, mails)
  await writeAudit(
    tx,
    rows.map((apply) => ({
      actorId: by.actorId,
      organisationId: apply.organisationId,
      action: by.action,
      entityType: 'candidate',
      entityId: apply.candidateId,
      details: {
        applyId: apply.id,
        offerId: apply.offerId,
        structureId: apply.structureId,
        recipients: (partners.get(apply.structureId)?.length ?? 0) + (byLink.has(apply.structureId) ? 1 : 0),
      },
    })),
  )
  return mails.length
}

/** Expires the prescriptions past their organisation's expiry delay and tells their referents. Returns how many. */
export function expirePendingPrescriptions(db: Db, at: Date, onlyOrganisationId?: string): Promise<number> {
  return inBatches(db, async (tx) => {
    const rows = await pick(
      tx,
      sql`a.prescription_date < ${at}::timestamptz - make_interval(days => o.prescription_expiry_days)`,
      sql`state = 'EXPIRED', expired_at = ${at}, updated_at = ${at}`,
      onlyOrganisationId,
    )
    if (!rows.length) return 0
    // Each gives back the place it held on an offer that publishes places: the first in line get them.
    await givePlacesBack(
      tx,
      rows.map((apply) => apply.offerId),
      at,
    )
    await tx.insert(notifications).values(
      rows.map((apply) => ({
        userId: apply.authorId,
        kind: 'prescriptionExpired',
        payload: { applyId: apply.id, candidateId: apply.candidateId, offerId: apply.offerId, state: 'EXPIRED' },
      })),
    )
    const referents = await activeEmails(tx, [...new Set(rows.map((r) => r.authorId))])
    await queueMail(
      tx,
      rows.flatMap((apply) => {
        const to = referents.get(apply.authorId)
        return to
          ? [{ ...expiryMail(to, apply), kind: 'prescription-expired', organisationId: apply.organisationId }]
          : []
      }),
    )
    await writeAudit(
      tx,
      rows.map((apply) => ({
        actorId: null,
        organisationId: apply.organisationId,
        action: 'prescription.expired',
        entityType: 'candidate',
        entityId: apply.candidateId,
        details: { applyId: apply.id, offerId: apply.offerId, structureId: apply.structureId },
      })),
    )
    return rows.length
  })
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

/** The partner users of each structure who get reminders one by one. */
async function partnerUsersOf(db: DbOrTx, structureIds: string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.execute<{ structure_id: string; email: string }>(sql`
    select structure_id, email from "user"
    where structure_id in (${sql.join(
      structureIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and role = ${PARTNER_ROLE} and disabled = false
      -- A partner who chose not to get emails about late items gets no reminder; one on a daily or weekly digest reads
      -- the late prescriptions there (./digest.ts), not one mail each.
      and notify_late_items and prescription_mails = 'perPrescription'
    order by email`)
  const byStructure = new Map<string, string[]>()
  for (const r of rows) byStructure.set(r.structure_id, [...(byStructure.get(r.structure_id) ?? []), r.email])
  return byStructure
}

/** The enabled referents who get mails about late items, by id. */
async function activeEmails(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ id: string; email: string }>(sql`
    select id, email from "user" where id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and disabled = false and notify_late_items`)
  return new Map(rows.map((r) => [r.id, r.email]))
}

/** A referent nudges the partner at most once a week per prescription (the automatic reminder counts). */
export const NUDGE_EVERY_DAYS = 7
export const NUDGE_MESSAGES = {
  notWaiting: 'Cette prescription n’attend plus de réponse du partenaire.',
  tooSoon: (day: string) => `Le partenaire a été relancé le ${day}\u00a0: une relance par semaine au plus.`,
  nobody:
    'Personne à relancer\u00a0: les utilisateurs de la structure ont choisi un récapitulatif, où cette prescription figure, ou ne reçoivent pas de relances.',
  noContact: 'Personne à relancer\u00a0: la structure n’a ni compte ni adresse de contact.',
} as const

/**
 * "Relancer le partenaire" (issue 42 §3): the reminder of one waiting prescription of the organisation, now — the same
 * mails as the automatic one, to the same people — at most once a week, audited as the referent's. It counts as the
 * prescription's reminder (`reminded_at`).
 */
export async function nudgePartner(
  db: Db,
  actor: { organisationId: string; actorId: string },
  applyId: string,
  at: Date,
): Promise<Outcome<{ mailed: number }>> {
  return db.transaction(async (tx) => {
    const { rows: found } = await tx.execute<{
      structure_id: string
      state: string
      archived: boolean
      reminded_at: Date | string | null
      has_fup: boolean
    }>(sql`
      select a.structure_id, a.state, a.archived, a.reminded_at,
             exists (select 1 from fups s where s.social_apply_id = a.id) as has_fup
      from social_applies a where a.id = ${applyId} and a.organisation_id = ${actor.organisationId}
      for update`)
    const apply = found[0]
    if (!apply) return NOT_FOUND
    if (apply.state !== 'PRESCRIPTION_FILLED' || apply.archived || !apply.has_fup)
      return failure(NUDGE_MESSAGES.notWaiting)
    const last = apply.reminded_at ? new Date(apply.reminded_at) : null
    if (last && last.getTime() > at.getTime() - NUDGE_EVERY_DAYS * DAY_MS)
      return failure(NUDGE_MESSAGES.tooSoon(formatDate(last)))
    const [partners, byLink] = await Promise.all([
      partnerUsersOf(tx, [apply.structure_id]),
      linkAddressesOf(tx, [apply.structure_id]),
    ])
    if (!partners.get(apply.structure_id)?.length && !byLink.size) {
      const { rows: users } = await tx.execute(
        sql`select 1 from "user" u where u.structure_id = ${apply.structure_id} and u.disabled = false limit 1`,
      )
      return failure(users.length ? NUDGE_MESSAGES.nobody : NUDGE_MESSAGES.noContact)
    }
    const rows = await pick(
      tx,
      sql`a.id = ${applyId}`,
      sql`reminded_at = ${at}, updated_at = ${at}`,
      actor.organisationId,
    )
    return {
      ok: true as const,
      mailed: await remind(tx, rows, at, { actorId: actor.actorId, action: 'prescription.nudged' }),
    }
  })
}
