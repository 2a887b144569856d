import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { invitations, workshopRegistrations, workshops } from '@/lib/db/schema'
import { addCalendarDays, addElapsedDays, DAY_MS, parisInstant, parisToday } from '@/lib/dates'
import { tellInvitation } from './send'
import { openSessions } from './sessions'

/** The day-3 reminder goes from 10:00 (Paris), as the workshops' day-before notice: a morning message. */
export const INVITATION_REMINDER_MINUTE = 10 * 60
/** A reminder only while this many days (48 hours) of validity remain: less is too short to act on it. */
export const REMINDER_MIN_DAYS_LEFT = 2
/** The booked session's reminder: this many days (48 hours) before it starts. */
export const SESSION_REMINDER_DAYS = 2
/** No reminder on a channel that carried one of the person's invitation messages in the last 24 hours. */
const QUIET_MS = DAY_MS
const BATCH = 200

/**
 * When a pending invitation is reminded: 10:00 (Paris) on its 3rd calendar day, the day it was sent being the 1st (sent
 * on Monday, whatever the hour: reminded from Wednesday 10:00). A run that missed it catches up later.
 */
export function invitationReminderTime(createdAt: Date): Date {
  return parisInstant(addCalendarDays(parisToday(createdAt), 2), INVITATION_REMINDER_MINUTE)
}

/** The invitations created before this instant have their reminder due at `now` (invitationReminderTime, inverted). */
function createdBefore(now: Date): Date {
  const today = parisToday(now)
  const dueToday = now >= parisInstant(today, INVITATION_REMINDER_MINUTE)
  return parisInstant(addCalendarDays(today, dueToday ? -1 : -2), 0)
}

/** The channels on which one of these people got an invitation message (sent, offered, booked, reminded) lately. */
async function recentChannels(tx: DbOrTx, organisationIds: string[], candidateIds: string[], since: Date) {
  const { rows } = await tx.execute<{ organisation_id: string; candidate_id: string; channel: string }>(sql`
    select distinct organisation_id, candidate_id, unnest(channels) as channel from invitations
    where organisation_id in (${sql.join(
      organisationIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and candidate_id in (${sql.join(
      candidateIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and greatest(created_at, offered_at, booked_at, reminded_at) > ${since}`)
  return new Set(rows.map((r) => `${r.organisation_id}:${r.candidate_id}:${r.channel}`))
}

/**
 * The day-3 reminders of pending invitations ('invitationReminder', on the invitation's SMS and mail channels), in
 * batches, one transaction each, rows locked and skipped when another run holds them. An invitation is reminded once
 * (`reminded_at`), from invitationReminderTime, while 2 days (48 hours) of its validity remain (an optional workshop's
 * never ends). A channel that carried one of the person's invitation messages in the last 24 hours is left out; when
 * that leaves none, or when the theme has no free seat left within the validity (a link to nothing), the reminder waits
 * for a later run. Returns how many invitations were reminded.
 */
export async function remindPendingInvitations(db: Db, now: Date): Promise<number> {
  let total = 0
  let after: { createdAt: Date; id: string } | null = null
  for (;;) {
    const batch: { reminded: number; picked: number; last: { createdAt: Date; id: string } | null } =
      await db.transaction(async (tx) => {
        const due = await tx
          .select({
            id: invitations.id,
            organisationId: invitations.organisationId,
            candidateId: invitations.candidateId,
            theme: invitations.theme,
            channels: invitations.channels,
            codeSealed: invitations.codeSealed,
            expiresAt: invitations.expiresAt,
            createdAt: invitations.createdAt,
          })
          .from(invitations)
          .where(
            and(
              eq(invitations.status, 'pending'),
              isNull(invitations.remindedAt),
              lt(invitations.createdAt, createdBefore(now)),
              or(
                isNull(invitations.expiresAt),
                gte(invitations.expiresAt, addElapsedDays(now, REMINDER_MIN_DAYS_LEFT)),
              ),
              sql`${invitations.channels} && array['sms', 'mail']::text[]`,
              after
                ? sql`(${invitations.createdAt}, ${invitations.id}) > (${after.createdAt}, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(asc(invitations.createdAt), asc(invitations.id))
          .limit(BATCH)
          .for('update', { skipLocked: true })
        if (!due.length) return { reminded: 0, picked: 0, last: null }
        const recent = await recentChannels(
          tx,
          [...new Set(due.map((d) => d.organisationId))],
          [...new Set(due.map((d) => d.candidateId))],
          new Date(now.getTime() - QUIET_MS),
        )
        const sessionsOf = new Map<string, Awaited<ReturnType<typeof openSessions>>>()
        let reminded = 0
        for (const inv of due) {
          if (invitationReminderTime(inv.createdAt) > now) continue
          const channels = inv.channels.filter(
            (c) => c !== 'letter' && !recent.has(`${inv.organisationId}:${inv.candidateId}:${c}`),
          )
          if (!channels.length) continue
          const key = `${inv.organisationId}:${inv.theme}:${inv.expiresAt?.getTime() ?? ''}`
          if (!sessionsOf.has(key))
            sessionsOf.set(key, await openSessions(tx, inv.organisationId, inv.theme, now, inv.expiresAt))
          const sessions = sessionsOf.get(key)!
          if (!sessions.length) continue
          const lastDay = inv.expiresAt ? new Date(inv.expiresAt.getTime() - 1) : sessions.at(-1)!.startsAt
          const told = await tellInvitation(tx, { ...inv, channels, lastDay }, 'invitationReminder', null, now)
          await tx.update(invitations).set({ remindedAt: now, updatedAt: now }).where(eq(invitations.id, inv.id))
          await writeAudit(tx, {
            actorId: null,
            organisationId: inv.organisationId,
            action: 'invitation.reminded',
            entityType: 'candidate',
            entityId: inv.candidateId,
            details: { invitationId: inv.id, channels: told },
          })
          reminded += 1
        }
        const last = due.at(-1)!
        return { reminded, picked: due.length, last: { createdAt: last.createdAt, id: last.id } }
      })
    total += batch.reminded
    if (batch.picked < BATCH || !batch.last) return total
    after = batch.last
  }
}

/**
 * The reminder 48 hours before a session booked from an invitation ('bookingReminder', on the invitation's channels;
 * the SMS waits for the organisation's sending hours, as every SMS). Once per booking (the registration's `reminded_at`, which a
 * move makes anew and a change of the workshop's date or place clears, as for the day-before notice); none for a seat booked within those 48 hours, whose confirmation is the reminder. Such seats
 * get no day-before notice (lib/workshops/reminders.ts). Returns how many bookings were reminded.
 */
export async function remindBookedSessions(db: Db, now: Date): Promise<number> {
  let total = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          registrationId: workshopRegistrations.id,
          invitation: {
            id: invitations.id,
            organisationId: invitations.organisationId,
            candidateId: invitations.candidateId,
            theme: invitations.theme,
            channels: invitations.channels,
            codeSealed: invitations.codeSealed,
            expiresAt: invitations.expiresAt,
          },
          workshop: {
            id: workshops.id,
            name: workshops.name,
            startsAt: workshops.startsAt,
            addressFormatted: workshops.addressFormatted,
            videoUrl: workshops.videoUrl,
          },
        })
        .from(invitations)
        .innerJoin(workshopRegistrations, eq(workshopRegistrations.id, invitations.registrationId))
        .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
        .where(
          and(
            eq(invitations.status, 'booked'),
            isNull(workshopRegistrations.remindedAt),
            sql`${invitations.channels} && array['sms', 'mail']::text[]`,
            eq(workshopRegistrations.status, 'registered'),
            eq(workshops.status, 'scheduled'),
            eq(workshops.organisationId, invitations.organisationId),
            gt(workshops.startsAt, now),
            sql`${workshops.startsAt} <= ${addElapsedDays(now, SESSION_REMINDER_DAYS)}`,
            sql`${workshopRegistrations.createdAt} < ${workshops.startsAt} - make_interval(days => ${SESSION_REMINDER_DAYS})`,
          ),
        )
        .orderBy(asc(invitations.id))
        .limit(BATCH)
        .for('update', { of: invitations, skipLocked: true })
      for (const { invitation: inv, workshop } of due) {
        const w = { ...workshop, startsAt: workshop.startsAt! }
        const lastDay = inv.expiresAt ? new Date(inv.expiresAt.getTime() - 1) : w.startsAt
        const told = await tellInvitation(tx, { ...inv, lastDay }, 'bookingReminder', w, now)
        await writeAudit(tx, {
          actorId: null,
          organisationId: inv.organisationId,
          action: 'invitation.sessionReminded',
          entityType: 'candidate',
          entityId: inv.candidateId,
          details: { invitationId: inv.id, workshopId: w.id, channels: told },
        })
      }
      if (due.length)
        await tx
          .update(workshopRegistrations)
          .set({ remindedAt: now, updatedAt: now })
          .where(
            inArray(
              workshopRegistrations.id,
              due.map((d) => d.registrationId),
            ),
          )
      return due.length
    })
    total += done
    if (done < BATCH) return total
  }
}
