import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import { parisTextSql } from '@/lib/dates-sql'
import * as s from '@/lib/db/schema'
import { invitationStatistics } from '@/lib/statistics/invitations'
import { compactWorkshopStats, workshopMonthsSource } from '@/lib/statistics/queries'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The statistics' workshop counters equal a direct count of the registrations after every kind of write: booked from
// an invitation, convoked, marked, marked again, cancelled, waitlisted, moved to another session, linked to or unlinked
// from an invitation, deleted, the session renamed, moved to another month, cancelled and deleted. Two levels: each
// session's invited share (workshops.invited_*_count, kept by the registrations' trigger), and the monthly counters
// per theme (stats_workshop_months plus the deltas not yet folded, kept by the sessions' trigger), before and after a
// fold. The page's figures equal the same figures counted from the registrations.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const NOVEMBER = { fromMonth: '2026-11', toMonth: '2026-11' }
const AUTUMN = { fromMonth: '2026-09', toMonth: '2026-12' }

/** The counters as they should be: every workshop's marked invited registrations, counted from the rows. */
async function directCounts(tx: Tx, organisationId: string) {
  const { rows } = await tx.execute<{ workshop_id: string; invited_marked: number; invited_absent: number }>(sql`
    select r.workshop_id, count(*)::int as invited_marked,
           count(*) filter (where r.attendance = 'unexcused')::int as invited_absent
    from workshop_registrations r
    where r.organisation_id = ${organisationId} and r.status = 'registered' and r.attendance is not null
      and r.invitation_id is not null
    group by 1 order by 1`)
  return rows
}

async function keptCounts(tx: Tx, organisationId: string) {
  const { rows } = await tx.execute<{ workshop_id: string; invited_marked: number; invited_absent: number }>(sql`
    select id as workshop_id, invited_marked_count as invited_marked, invited_absent_count as invited_absent
    from workshops
    where organisation_id = ${organisationId} and (invited_marked_count <> 0 or invited_absent_count <> 0)
    order by 1`)
  return rows
}

/** Every measure per Paris month and theme of the scheduled sessions, counted from the registrations themselves. */
async function directMonthly(tx: Tx, organisationId: string) {
  const { rows } = await tx.execute<{ month: string; theme: string; measure: string; n: number }>(sql`
    with sessions as (
      select w.id, w.theme, w.seats_taken, ${parisTextSql(sql`w.starts_at`, 'YYYY-MM')} as month
      from workshops w
      where w.organisation_id = ${organisationId} and w.status = 'scheduled' and w.starts_at is not null
    ), measures as (
      select w.month, w.theme, m.measure, 1 as n
      from sessions w join workshop_registrations r on r.workshop_id = w.id and r.status = 'registered'
        and r.attendance is not null,
      lateral (values (r.attendance::text), (case when r.invitation_id is not null then 'invited_marked' end),
                      (case when r.invitation_id is not null and r.attendance = 'unexcused' then 'invited_absent' end)) m(measure)
      where m.measure is not null
      union all
      select month, theme, 'seated', seats_taken from sessions
    )
    select month, theme, measure, sum(n)::int as n from measures group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`)
  return rows
}

async function keptMonthly(tx: Tx, organisationId: string) {
  const { rows } = await tx.execute<{ month: string; theme: string; measure: string; n: number }>(sql`
    select month, theme, measure, sum(n)::int as n from (${workshopMonthsSource(organisationId, AUTUMN)}) c
    group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`)
  return rows
}

/** The invitations section's attendance per theme and in total, counted from the registrations themselves. */
async function directAttendance(tx: Tx, organisationId: string) {
  const { rows } = await tx.execute<{
    theme: string | null
    invited_marked: number
    invited_absent: number
    convoked_marked: number
    convoked_absent: number
  }>(sql`
    select w.theme,
           count(*) filter (where r.invitation_id is not null)::int as invited_marked,
           count(*) filter (where r.invitation_id is not null and r.attendance = 'unexcused')::int as invited_absent,
           count(*) filter (where r.invitation_id is null)::int as convoked_marked,
           count(*) filter (where r.invitation_id is null and r.attendance = 'unexcused')::int as convoked_absent
    from workshops w join workshop_registrations r on r.workshop_id = w.id
    where w.organisation_id = ${organisationId} and w.status = 'scheduled' and w.theme <> ''
      and w.starts_at >= '2026-10-31T23:00:00Z' and w.starts_at < '2026-11-30T23:00:00Z'
      and r.status = 'registered' and r.attendance is not null
    group by grouping sets ((w.theme), ())`)
  return rows
}

async function expectExact(tx: Tx, organisationId: string) {
  expect(await keptCounts(tx, organisationId)).toEqual(await directCounts(tx, organisationId))
  const direct = await directMonthly(tx, organisationId)
  expect(await keptMonthly(tx, organisationId)).toEqual(direct)
  // Folded into the monthly counters: the same sums, no delta left (a fold elsewhere holding the lock: tried again).
  const left = async () =>
    (
      await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from stats_workshop_deltas where organisation_id = ${organisationId}`,
      )
    ).rows[0]!.n
  for (let attempt = 0; attempt < 5 && (await left()) > 0; attempt++) await compactWorkshopStats(asDb(tx))
  expect(await left()).toBe(0)
  expect(await keptMonthly(tx, organisationId)).toEqual(direct)
  const stats = await invitationStatistics(asDb(tx), organisationId, NOVEMBER)
  // With nothing marked, the grouping set () still gives its row of zeros: compared as shown, a figure with marks.
  const attended = (await directAttendance(tx, organisationId)).filter((d) => d.invited_marked + d.convoked_marked > 0)
  const shown = [...stats.themes, stats.total].filter((t) => t.invited.marked + t.convoked.marked > 0)
  expect(
    shown.map((t) => ({
      theme: t.theme,
      invited: [t.invited.marked, t.invited.absent],
      convoked: [t.convoked.marked, t.convoked.absent],
    })),
  ).toEqual(
    expect.arrayContaining(
      attended.map((d) => ({
        theme: d.theme,
        invited: [d.invited_marked, d.invited_absent],
        convoked: [d.convoked_marked, d.convoked_absent],
      })),
    ),
  )
  expect(shown).toHaveLength(attended.length)
}

describe('the workshop statistics counters', () => {
  it('equal a direct count of the registrations after every kind of write', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [org] = await tx
        .insert(s.organisations)
        .values({ name: `Présences ${randomUUID().slice(0, 8)}` })
        .returning({ id: s.organisations.id })
      const organisationId = org!.id
      const people = await tx
        .insert(s.candidates)
        .values(Array.from({ length: 6 }, (_, i) => ({ organisationId, firstName: `P${i}`, lastName: 'Présence' })))
        .returning({ id: s.candidates.id })
      const session = (theme: string, day: number) => ({
        organisationId,
        name: `${theme} ${day}`,
        theme,
        startsAt: new Date(`2026-11-${String(day).padStart(2, '0')}T09:00:00Z`),
        endsAt: new Date(`2026-11-${String(day).padStart(2, '0')}T11:00:00Z`),
        capacity: 20,
      })
      const [cv, cvLater, info] = await tx
        .insert(s.workshops)
        .values([session('Atelier CV', 5), session('Atelier CV', 12), session('Information collective', 6)])
        .returning({ id: s.workshops.id })
      const register = async (workshopId: string, candidate: number, invited: boolean) => {
        const [row] = await tx
          .insert(s.workshopRegistrations)
          .values({
            organisationId,
            workshopId,
            candidateId: people[candidate]!.id,
            status: 'registered',
            invitationId: invited ? randomUUID() : null,
          })
          .returning({ id: s.workshopRegistrations.id })
        return row!.id
      }
      const update = (id: string, values: Partial<typeof s.workshopRegistrations.$inferInsert>) =>
        tx.update(s.workshopRegistrations).set(values).where(eq(s.workshopRegistrations.id, id))

      // Booked from invitations and convoked, nothing marked yet: nothing counted.
      const a = await register(cv!.id, 0, true)
      const b = await register(cv!.id, 1, true)
      const c = await register(cv!.id, 2, false)
      const d = await register(info!.id, 3, true)
      await expectExact(tx, organisationId)
      // Marked: present, absent without excuse, excused; a convoked one absent.
      await update(a, { attendance: 'present' })
      await update(b, { attendance: 'unexcused' })
      await update(c, { attendance: 'unexcused' })
      await update(d, { attendance: 'excused' })
      await expectExact(tx, organisationId)
      expect(await keptCounts(tx, organisationId)).toHaveLength(2)
      // Marked again, the other way round.
      await update(a, { attendance: 'unexcused' })
      await update(b, { attendance: 'present' })
      await expectExact(tx, organisationId)
      // A mark removed; a registration cancelled, then one waitlisted and marked (not seated: not counted).
      await update(d, { attendance: null })
      await update(b, { status: 'cancelled' })
      const e = await register(cv!.id, 4, true)
      await update(e, { status: 'waitlisted', attendance: 'present' })
      await expectExact(tx, organisationId)
      // Seated from the waiting list; moved to the later session; an invitation linked, another unlinked.
      await update(e, { status: 'registered' })
      await update(a, { workshopId: cvLater!.id })
      await update(c, { invitationId: randomUUID() })
      await update(e, { invitationId: null })
      await expectExact(tx, organisationId)
      // One registration changed on every watched column at once.
      await update(c, { workshopId: info!.id, attendance: 'present', invitationId: null, status: 'registered' })
      await expectExact(tx, organisationId)
      // The sessions themselves: seats taken, a theme renamed, one moved to October, cancelled, scheduled again.
      const session_ = (id: string, values: Partial<typeof s.workshops.$inferInsert>) =>
        tx.update(s.workshops).set(values).where(eq(s.workshops.id, id))
      await session_(cv!.id, { seatsTaken: 3 })
      await session_(info!.id, { seatsTaken: 2, theme: 'Réunion d’information' })
      await expectExact(tx, organisationId)
      await session_(cvLater!.id, { startsAt: new Date('2026-10-20T09:00:00Z'), seatsTaken: 1 })
      await session_(cv!.id, { status: 'cancelled' })
      await expectExact(tx, organisationId)
      await session_(cv!.id, { status: 'scheduled', startsAt: new Date('2026-12-01T09:00:00Z') })
      await expectExact(tx, organisationId)
      // Deleted: a registration, then a session with its registrations (its counters go with it).
      await tx.delete(s.workshopRegistrations).where(eq(s.workshopRegistrations.id, e))
      await expectExact(tx, organisationId)
      await tx.delete(s.workshopRegistrations).where(eq(s.workshopRegistrations.workshopId, cvLater!.id))
      await tx.delete(s.workshops).where(eq(s.workshops.id, cvLater!.id))
      await expectExact(tx, organisationId)
      // A session deleted with its counters still set (seats, as an operator's cleanup would): they leave the month.
      await tx.delete(s.workshopRegistrations).where(eq(s.workshopRegistrations.workshopId, info!.id))
      await session_(info!.id, { seatsTaken: 5 })
      await tx.delete(s.workshops).where(eq(s.workshops.id, info!.id))
      await expectExact(tx, organisationId)
      expect(await directMonthly(tx, organisationId)).toEqual(
        expect.arrayContaining([{ month: '2026-12', theme: 'Atelier CV', measure: 'seated', n: 3 }]),
      )
    })
  })
})
