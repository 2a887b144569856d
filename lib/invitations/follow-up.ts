import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'

/**
 * A candidate's follow-up for one workshop theme, read from their latest invitation of that theme and the registration
 * it led to. A theme never invited to has no follow-up (the sheet lists the invited themes only).
 */
export const FOLLOW_UP_STATES = [
  'pending',
  'expired',
  'declined',
  'cancelled',
  'booked',
  'present',
  'absent',
  'excused',
] as const
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number]

export const FOLLOW_UP_LABELS: Record<FollowUpState, string> = {
  pending: 'Invitation en attente',
  expired: 'Invitation expirée',
  declined: 'Invitation déclinée',
  cancelled: 'Invitation annulée',
  booked: 'Réservé',
  present: 'Présent',
  absent: 'Absent',
  excused: 'Excusé',
}

export type FollowUpSource = {
  status: 'pending' | 'booked' | 'declined' | 'cancelled'
  expiresAt: Date | null
  registrationStatus: 'registered' | 'waitlisted' | 'cancelled' | null
  attendance: 'present' | 'excused' | 'unexcused' | null
}

/**
 * The state of one invitation. "Expired" is a pending one past its last day (never written: see the schema). A booking
 * whose seat a counsellor took back (its registration cancelled) reads as cancelled; a session held without attendance
 * marked stays "Réservé" until someone marks it.
 */
export function followUpState(inv: FollowUpSource, now: Date): FollowUpState {
  if (inv.status === 'pending') return inv.expiresAt && inv.expiresAt <= now ? 'expired' : 'pending'
  if (inv.status === 'declined') return 'declined'
  if (inv.status === 'cancelled') return 'cancelled'
  if (inv.registrationStatus === 'cancelled') return 'cancelled'
  if (inv.attendance === 'present') return 'present'
  if (inv.attendance === 'excused') return 'excused'
  if (inv.attendance === 'unexcused') return 'absent'
  return 'booked'
}

export type ThemeFollowUp = {
  theme: string
  state: FollowUpState
  /** When the invitation went. */
  sentAt: Date
  /** Its last day (pending, expired); null: no limit, or not pending. */
  expiresAt: Date | null
  /** The booked session's start (booked, present, absent, excused). */
  sessionAt: Date | null
  /** When it was declined or cancelled. */
  closedAt: Date | null
}

type Row = {
  theme: string
  status: FollowUpSource['status']
  expires_at: Date | string | null
  created_at: Date | string
  closed_at: Date | string | null
  registration_status: FollowUpSource['registrationStatus']
  attendance: FollowUpSource['attendance']
  starts_at: Date | string | null
}
const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v))

/**
 * The candidate's follow-up per theme, by theme name: the latest invitation of each theme (through
 * invitations_candidate_idx: organisation, candidate, theme, created_at), with its registration and session.
 */
export async function candidateFollowUp(
  db: DbOrTx,
  organisationId: string,
  candidateId: string,
  now: Date,
): Promise<ThemeFollowUp[]> {
  const { rows } = await db.execute<Row>(sql`
    select distinct on (i.theme) i.theme, i.status::text as status, i.expires_at, i.created_at, i.closed_at,
           r.status::text as registration_status, r.attendance::text as attendance, w.starts_at
    from invitations i
    left join workshop_registrations r on r.id = i.registration_id and r.organisation_id = i.organisation_id
    left join workshops w on w.id = r.workshop_id and w.organisation_id = i.organisation_id
    where i.organisation_id = ${organisationId} and i.candidate_id = ${candidateId}
    order by i.theme, i.created_at desc, i.id desc`)
  return rows
    .map((r) => {
      const expiresAt = date(r.expires_at)
      const state = followUpState(
        { status: r.status, expiresAt, registrationStatus: r.registration_status, attendance: r.attendance },
        now,
      )
      return {
        theme: r.theme,
        state,
        sentAt: date(r.created_at)!,
        expiresAt: state === 'pending' || state === 'expired' ? expiresAt : null,
        sessionAt: r.status === 'booked' ? date(r.starts_at) : null,
        closedAt: date(r.closed_at),
      }
    })
    .sort((a, b) => a.theme.localeCompare(b.theme, 'fr'))
}

/** The dashboard's "Invitation" filter: the states a counsellor acts on. */
export const INVITATION_FILTERS = ['pending', 'expired', 'absent'] as const satisfies readonly FollowUpState[]
export type InvitationFilter = (typeof INVITATION_FILTERS)[number]

/**
 * Whether a candidate (`candidateId`: a column of the outer query) has a theme whose latest invitation is in one of
 * `states` at `now` (null: the database's clock). Each probe walks invitations_candidate_idx; "latest" is the row with
 * no later one of the same theme.
 */
export function invitationFilterSql(
  organisationId: string,
  candidateId: SQL,
  states: InvitationFilter[],
  now: Date | null,
) {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`
  const when = states.map((s) =>
    s === 'pending'
      ? sql`(i.status = 'pending' and (i.expires_at is null or i.expires_at > ${at}))`
      : s === 'expired'
        ? sql`(i.status = 'pending' and i.expires_at <= ${at})`
        : sql`(i.status = 'booked' and exists (select 1 from workshop_registrations r
              where r.id = i.registration_id and r.status <> 'cancelled' and r.attendance = 'unexcused'))`,
  )
  return sql`exists (select 1 from invitations i
    where i.organisation_id = ${organisationId} and i.candidate_id = ${candidateId}
      and (${sql.join(when, sql` or `)})
      and not exists (select 1 from invitations l
        where l.organisation_id = i.organisation_id and l.candidate_id = i.candidate_id and l.theme = i.theme
          and (l.created_at, l.id) > (i.created_at, i.id)))`
}
