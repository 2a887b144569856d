import { and, asc, eq, gt, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { invitationThemes, workshops } from '@/lib/db/schema'
import { addCalendarDays, parisInstant, parisToday } from '@/lib/dates'
import { DEFAULT_VALIDITY_DAYS } from './messages'

/** An organisation's validity for a theme: its own setting, or 10 days; `optional`: no last day. */
export async function themeValidity(db: DbOrTx, organisationId: string, theme: string) {
  const [row] = await db
    .select({ validityDays: invitationThemes.validityDays, optional: invitationThemes.optional })
    .from(invitationThemes)
    .where(and(eq(invitationThemes.organisationId, organisationId), eq(invitationThemes.theme, theme)))
  return row ?? { validityDays: DEFAULT_VALIDITY_DAYS, optional: false }
}

/** The end (Paris) of the validity's last day: an invitation of 10 days sent on the 1st is good until the 11th, 23:59. */
export function validityEnd(now: Date, days: number): Date {
  return parisInstant(addCalendarDays(parisToday(now), days + 1), 0)
}

/** A session of the theme that can be booked: scheduled, not started, with a free seat. */
export function openSessionOf(organisationId: string, theme: string, now: Date, until: Date | null) {
  return and(
    eq(workshops.organisationId, organisationId),
    eq(workshops.theme, theme),
    eq(workshops.status, 'scheduled'),
    gt(workshops.startsAt, now),
    until ? lte(workshops.startsAt, until) : undefined,
    sql`${workshops.seatsTaken} < coalesce(${workshops.capacity}, 0)`,
  )
}

export type OpenSession = {
  id: string
  name: string
  startsAt: Date
  endsAt: Date | null
  addressFormatted: string | null
  videoUrl: string | null
  freeSeats: number
}

/** The theme's sessions a person may book, soonest first (at most 50: a page a phone can show). */
export async function openSessions(
  db: DbOrTx,
  organisationId: string,
  theme: string,
  now: Date,
  until: Date | null,
): Promise<OpenSession[]> {
  const rows = await db
    .select({
      id: workshops.id,
      name: workshops.name,
      startsAt: workshops.startsAt,
      endsAt: workshops.endsAt,
      addressFormatted: workshops.addressFormatted,
      videoUrl: workshops.videoUrl,
      freeSeats: sql<number>`coalesce(${workshops.capacity}, 0) - ${workshops.seatsTaken}`.mapWith(Number),
    })
    .from(workshops)
    .where(openSessionOf(organisationId, theme, now, until))
    .orderBy(asc(workshops.startsAt), asc(workshops.id))
    .limit(50)
  return rows.map((r) => ({ ...r, startsAt: r.startsAt! }))
}

/** The organisation's themes that have a coming session, for the invite dialog's choice. */
export async function themesWithSessions(db: DbOrTx, organisationId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ theme: workshops.theme })
    .from(workshops)
    .where(
      and(
        eq(workshops.organisationId, organisationId),
        eq(workshops.status, 'scheduled'),
        gt(workshops.startsAt, now),
        sql`${workshops.theme} <> ''`,
      ),
    )
    .orderBy(asc(workshops.theme))
  return rows.map((r) => r.theme)
}
