import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { addCalendarDays, addElapsedDays, parisInstant, parisToday } from '@/lib/dates'
import { queueSms } from '@/lib/sms/queue-sms'
import { noticeText } from './notice-templates'

/** A workshop's reminder goes the day before, at 10:00 Paris time. */
export const REMINDER_MINUTE = 10 * 60

/** The instant of a workshop's reminder: 10:00 (Paris) on the day before its start (Paris). */
export function reminderTime(startsAt: Date): Date {
  return parisInstant(addCalendarDays(parisToday(startsAt), -1), REMINDER_MINUTE)
}

/**
 * The hourly job: every seated candidate of a coming workshop (a convocation: not a seat booked from an invitation)
 * whose reminder time has passed and who has not been reminded gets the reminder SMS (the organisation's sending hours
 * apply, as for every SMS). The registrations are marked in the same transaction as their SMS are queued, rows locked
 * and skipped when another run holds them: a run after a restart catches up, and no candidate is reminded twice. A
 * moved workshop clears the marks (workshops.ts).
 */
export async function runWorkshopReminders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string
      candidate_id: string
      workshop_id: string
      organisation_id: string
      name: string
      starts_at: Date
      address_formatted: string | null
      video_url: string | null
    }>(sql`
      select r.id, r.candidate_id, r.workshop_id, r.organisation_id, w.name, w.starts_at, w.address_formatted, w.video_url
      from workshop_registrations r join workshops w on w.id = r.workshop_id
      where r.status = 'registered' and r.reminded_at is null and w.status = 'scheduled'
        -- A seat booked from an invitation has its own reminder, 48 hours before (lib/invitations/reminders.ts).
        and r.invitation_id is null
        and w.starts_at > ${now} and w.starts_at <= ${addElapsedDays(now, 2)}
      order by r.workshop_id
      for update of r skip locked`)
    const due = rows.filter((r) => reminderTime(new Date(r.starts_at)) <= now)
    const byWorkshop = new Map<string, typeof due>()
    for (const r of due) byWorkshop.set(r.workshop_id, [...(byWorkshop.get(r.workshop_id) ?? []), r])
    for (const registrations of byWorkshop.values()) {
      const w = registrations[0]!
      await queueSms(tx, {
        organisationId: w.organisation_id,
        authorId: null,
        kind: 'workshop.reminder',
        candidateIds: registrations.map((r) => r.candidate_id),
        text: await noticeText(tx, w.organisation_id, 'reminder', {
          name: w.name,
          startsAt: new Date(w.starts_at),
          addressFormatted: w.address_formatted,
          videoUrl: w.video_url,
        }),
        now,
      })
      await tx.execute(
        sql`update workshop_registrations set reminded_at = ${now} where id in (${sql.join(
          registrations.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        )})`,
      )
    }
    return due.length
  })
}
