import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { addElapsedDays } from '@/lib/dates'

/** The partner dashboard's horizon: the answers due within the next 7 days. */
export const DUE_WITHIN_DAYS = 7

/**
 * "Réponses attendues cette semaine" on a partner structure's dashboard: how many of its pending prescriptions (not
 * archived) the prescribing organisations expect an answer to within the next 7 days (a rolling week from now, not
 * Monday to Sunday: on a Friday, next Monday's are due this week too), and how many of those are already late.
 *
 * An answer is due when the prescribing organisation's reminder delay runs out (organisations.answer_reminder_days,
 * 10 days by default; its expiry delay when that is shorter): that is when lib/prescriptions/reminders.ts reminds the
 * partner, counted the same way (the delay added to the prescription's instant). A prescription past its reminder but
 * not yet expired is late and still due — the most urgent of all; an expired one has left the pending state and is no
 * longer counted. Manual prescriptions (no follow-up sheet) are left out: the referent records their answer, not the
 * partner, and no reminder is sent for them either.
 */
export async function answersDueOfStructure(
  db: DbOrTx,
  structureId: string,
  now: Date,
): Promise<{ due: number; late: number }> {
  const horizon = addElapsedDays(now, DUE_WITHIN_DAYS)
  // The structure's waiting ones come from social_applies_structure_waiting_idx alone (drizzle/0072: it holds the
  // organisation, the sheet's PDF and the id): one with its PDF has its FUP (both are written together), so only
  // those without probe theirs, in a second branch (as one `or exists`, the planner may hash every FUP).
  const waiting = (sheet: SQL) => sql`
    select a.organisation_id, a.prescription_date from social_applies a
    where a.structure_id = ${structureId} and a.state = 'PRESCRIPTION_FILLED' and not a.archived and ${sheet}`
  const { rows } = await db.execute<{ due: number; late: number }>(sql`
    select count(*) filter (where w.due_at < ${horizon}::timestamptz)::int as due,
           count(*) filter (where w.due_at < ${now}::timestamptz)::int as late
    from (
      select a.prescription_date + make_interval(days => least(o.answer_reminder_days, o.prescription_expiry_days)) as due_at
      from (
        ${waiting(sql`a.prescription_document_id is not null`)}
        union all
        ${waiting(sql`a.prescription_document_id is null and exists (select 1 from fups f where f.social_apply_id = a.id)`)}
      ) a join organisations o on o.id = a.organisation_id
    ) w`)
  return { due: rows[0]?.due ?? 0, late: rows[0]?.late ?? 0 }
}
