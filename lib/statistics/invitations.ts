import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { periodInstants, type StatisticsFilters } from './filters'
import { workshopMonthsSource } from './queries'

/** A rate's two counts: absences among those whose attendance was marked. */
export type Attendance = { marked: number; absent: number; rate: number | null }

export type InvitationFigures = {
  /** The theme, or null for every theme together. */
  theme: string | null
  sent: number
  booked: number
  bookedRate: number | null
  /** Median days from the invitation to its booking (fractions of a day kept), among those booked. */
  medianDays: number | null
  /** Booked by the person (the link or an SMS reply), not by a counsellor. */
  byPerson: number
  byPersonRate: number | null
  /** Registrations booked from an invitation, and registrations made by a counsellor (convocations). */
  invited: Attendance
  convoked: Attendance
}

type SentRow = { theme: string | null; sent: number; booked: number; by_person: number; median_days: number | null }
type AttendanceRow = {
  theme: string | null
  invited_marked: number
  invited_absent: number
  convoked_marked: number
  convoked_absent: number
}

const rate = (n: number, of: number) => (of ? n / of : null)
const attendance = (marked: number, absent: number): Attendance => ({ marked, absent, rate: rate(absent, marked) })

/**
 * The invitations' figures of the period, per theme and for all themes (grouping sets: the overall median is not a
 * sum of the themes'). Invitations count by the day they went; attendance by the day of the session, over the
 * registrations whose attendance is marked, an absence being an unexcused one (an excused person warned). The
 * referent and structure filters do not apply: invitations go to a theme, not through a prescription.
 */
export async function invitationStatistics(
  db: DbOrTx,
  organisationId: string,
  f: Pick<StatisticsFilters, 'fromMonth' | 'toMonth'>,
): Promise<{ themes: InvitationFigures[]; total: InvitationFigures }> {
  const { from, until } = periodInstants(f)
  const [sent, marked] = await Promise.all([
    db.execute<SentRow>(sql`
      select theme, count(*)::int as sent, count(booked_at)::int as booked,
             count(*) filter (where booked_at is not null and booked_by = 'person')::int as by_person,
             (percentile_cont(0.5) within group (order by extract(epoch from booked_at - created_at) / 86400)
               filter (where booked_at is not null))::float8 as median_days
      from invitations
      where organisation_id = ${organisationId} and created_at >= ${from} and created_at < ${until}
      group by grouping sets ((theme), ())`),
    // The sessions' attendance counters and their invited share, summed per month and theme by the workshops'
    // trigger (stats_workshop_months, drizzle/0074): a few dozen rows, no session nor registration read.
    db.execute<AttendanceRow>(sql`
      select theme,
             (sum(n) filter (where measure = 'invited_marked'))::int as invited_marked,
             (sum(n) filter (where measure = 'invited_absent'))::int as invited_absent,
             (sum(n) filter (where measure in ('present', 'excused', 'unexcused'))
               - coalesce(sum(n) filter (where measure = 'invited_marked'), 0))::int as convoked_marked,
             (sum(n) filter (where measure = 'unexcused')
               - coalesce(sum(n) filter (where measure = 'invited_absent'), 0))::int as convoked_absent
      from (${workshopMonthsSource(organisationId, f)}) c
      where theme <> ''
      group by grouping sets ((theme), ())
      having sum(n) filter (where measure in ('present', 'excused', 'unexcused')) > 0`),
  ])
  const figures = (theme: string | null): InvitationFigures => {
    const s = sent.rows.find((r) => r.theme === theme)
    const a = marked.rows.find((r) => r.theme === theme)
    const booked = s?.booked ?? 0
    const byPerson = s?.by_person ?? 0
    return {
      theme,
      sent: s?.sent ?? 0,
      booked,
      bookedRate: rate(booked, s?.sent ?? 0),
      medianDays: s?.median_days ?? null,
      byPerson,
      byPersonRate: rate(byPerson, booked),
      invited: attendance(a?.invited_marked ?? 0, a?.invited_absent ?? 0),
      convoked: attendance(a?.convoked_marked ?? 0, a?.convoked_absent ?? 0),
    }
  }
  const themes = [...new Set([...sent.rows, ...marked.rows].map((r) => r.theme))]
    .filter((t): t is string => t !== null)
    .sort((a, b) => a.localeCompare(b, 'fr'))
  return { themes: themes.map(figures), total: figures(null) }
}
