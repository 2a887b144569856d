import { sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { queueMail, type QueuedMail } from '@/lib/mail/queue-mail'
import { PARTNER_ROLE } from '@/lib/permissions'
import { digestPeriod, previousDigestInstant, type DigestMode } from './digest-period'
import { DIGEST_MAX_LINES, partnerDigestMail } from './mails'
import { waitingSentence } from './waiting-time'

/**
 * The partners' digests (issue 40 §2), run at 8:00 Paris on working days by the job queue: each partner user who chose
 * a daily digest (and on Monday a weekly one, users.prescription_mails) gets ONE mail listing their structure's
 * prescriptions waiting for an answer — new since their last digest or not, reminded or not —, oldest first, with the
 * waiting days and the candidate's initials at most. No mail when nothing waits. Those users get no mail when a
 * prescription is made nor one reminder per late prescription (referent-prescribes.ts, reminders.ts): the digest is
 * where they read both.
 *
 * Sent once: a `partner_digests` row per user and Paris day is inserted in the transaction that queues the user's
 * mail (the delivery machine sends it). A second run that day, or one beside it (it waits on the first one's rows,
 * then finds them), queues nothing more; a run that fails before its commit leaves nothing, and its retry sends.
 */

type DueUser = { id: string; email: string; structureId: string; mode: DigestMode }
type Waiting = {
  offerName: string
  prescriptionDate: Date
  createdAt: Date
  firstName: string | null
  lastName: string | null
  anonymised: boolean
  total: number
}

/** Sends the digests due at `now` (its Paris day decides which). Returns how many mails were queued. */
export async function sendPartnerDigests(db: Db, now: Date, onlyStructureIds?: string[]): Promise<number> {
  const { day, modes } = digestPeriod(now)
  if (modes.length === 0) return 0
  const due = await dueUsers(db, day, modes, onlyStructureIds)
  const byStructure = new Map<string, DueUser[]>()
  for (const user of due) byStructure.set(user.structureId, [...(byStructure.get(user.structureId) ?? []), user])
  let sent = 0
  // One transaction per structure: its users' rows and mails commit together, a failure elsewhere leaves them sent.
  for (const [structureId, users] of byStructure)
    sent += await db.transaction((tx) => digestStructure(tx, { structureId, users, day, now }))
  return sent
}

/** The enabled partner users whose choice is due today and who have no digest for the day yet. */
async function dueUsers(db: DbOrTx, day: string, modes: DigestMode[], onlyStructureIds?: string[]) {
  const { rows } = await db.execute<DueUser>(sql`
    select u.id, u.email, u.structure_id as "structureId", u.prescription_mails as mode
    from "user" u
    where u.role = ${PARTNER_ROLE} and u.structure_id is not null and not u.disabled
      and u.prescription_mails in (${sql.join(
        modes.map((m) => sql`${m}`),
        sql`, `,
      )})
      ${
        onlyStructureIds
          ? sql`and u.structure_id in (${sql.join(
              onlyStructureIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
      and not exists (select 1 from partner_digests d where d.user_id = u.id and d.period = ${day})
    order by u.structure_id, u.id`)
  return rows
}

async function digestStructure(
  tx: DbOrTx,
  { structureId, users, day, now }: { structureId: string; users: DueUser[]; day: string; now: Date },
): Promise<number> {
  // The structure's prescriptions waiting for its answer, from every organisation that prescribes to it; manual ones
  // (no follow-up sheet) are answered by their referent, not here.
  const { rows: waiting } = await tx.execute<Waiting>(sql`
    select f.name as "offerName", a.prescription_date as "prescriptionDate", a.created_at as "createdAt",
      c.first_name as "firstName", c.last_name as "lastName",
      c.anonymised_at is not null as anonymised, count(*) over ()::int as total
    from social_applies a
      join social_offers f on f.id = a.social_offer_id
      join candidates c on c.id = a.candidate_id
    where a.structure_id = ${structureId} and a.state = 'PRESCRIPTION_FILLED' and not a.archived
      and exists (select 1 from fups s where s.social_apply_id = a.id)
    order by a.prescription_date, a.id
    limit ${DIGEST_MAX_LINES}`)
  if (waiting.length === 0) return 0
  const total = waiting[0]!.total
  const { rows: names } = await tx.execute<{ name: string }>(
    sql`select name from partner_structures where id = ${structureId}`,
  )
  const structureName = names[0]?.name ?? ''
  const { rows: previous } = await tx.execute<{ user_id: string; at: Date }>(sql`
    select user_id, max(created_at) as at from partner_digests
    where user_id in (${sql.join(
      users.map((u) => sql`${u.id}`),
      sql`, `,
    )}) group by user_id`)
  const lastDigest = new Map(previous.map((p) => [p.user_id, new Date(p.at)]))

  // The guard: a user whose row is already there (a run beside this one committed it) gets nothing from this run.
  const { rows: claimed } = await tx.execute<{ user_id: string }>(sql`
    insert into partner_digests (user_id, period, mode, listed, created_at)
    values ${sql.join(
      users.map((u) => sql`(${u.id}, ${day}, ${u.mode}, ${total}, ${now})`),
      sql`, `,
    )}
    on conflict do nothing
    returning user_id`)
  const mine = new Set(claimed.map((c) => c.user_id))
  const mails: QueuedMail[] = []
  for (const user of users.filter((u) => mine.has(u.id))) {
    const since = lastDigest.get(user.id) ?? previousDigestInstant(day, user.mode)
    const lines = waiting.map((w) => ({
      offerName: w.offerName,
      prescriptionDate: new Date(w.prescriptionDate),
      waiting: waitingSentence(w.prescriptionDate, day),
      initials: w.anonymised ? '' : initialsOf(w),
      isNew: new Date(w.createdAt) > since,
    }))
    const fresh = lines.filter((l) => l.isNew).length
    mails.push({
      ...partnerDigestMail(user.email, { structureName, mode: user.mode, total, fresh, lines }),
      kind: 'prescription-digest',
      structureId,
    })
  }
  await queueMail(tx, mails)
  await writeAudit(
    tx,
    users
      .filter((u) => mine.has(u.id))
      .map((u) => ({
        actorId: null,
        structureId,
        action: 'prescription.digest',
        entityType: 'user',
        entityId: u.id,
        details: { period: day, mode: u.mode, listed: total },
      })),
  )
  return mails.length
}

/** "A. B.": what a digest says of the candidate (an anonymised one: nothing). */
export function initialsOf(p: { firstName: string | null; lastName: string | null }): string {
  return [p.firstName, p.lastName]
    .map((n) => n?.trim().charAt(0).toLocaleUpperCase('fr-FR'))
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join('\u00a0')
}
