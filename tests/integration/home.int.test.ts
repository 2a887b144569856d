import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { HOME_ROWS, recordHomeVisit, userDay } from '@/lib/home/user-day'
import { inRolledBackTransaction, useTestDb } from './db'

// /homePage, the user's day.
const db = useTestDb()
const SM = demoIds.orgSeineMaritime
const REFERENT = 'demo-referent'

describe('the user’s day', () => {
  it('shows the unread answers (those since the last visit counted apart) and the late prescriptions', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const t0 = new Date('2026-11-24T08:00:00Z')
      const first = await userDay(tx, {
        userId: REFERENT,
        organisationId: SM,
        wholeOrganisation: false,
        answerReminderDays: 10,
        now: t0,
      })
      expect(first.lastVisit).toBeNull()
      await recordHomeVisit(tx, REFERENT, t0)

      // A partner answers one of the referent's prescriptions after the visit.
      const [apply] = await tx
        .select({
          id: s.socialApplies.id,
          candidateId: s.socialApplies.candidateId,
          offerId: s.socialApplies.socialOfferId,
        })
        .from(s.socialApplies)
        .where(
          and(
            eq(s.socialApplies.organisationId, SM),
            eq(s.socialApplies.authorId, REFERENT),
            eq(s.socialApplies.state, 'INTEGRATED_CANDIDATE'),
          ),
        )
        .limit(1)
      const t1 = new Date('2026-11-24T09:30:00Z')
      await tx.insert(s.notifications).values({
        userId: REFERENT,
        kind: 'fupAnswered',
        payload: {
          applyId: apply!.id,
          candidateId: apply!.candidateId,
          offerId: apply!.offerId,
          state: 'INTEGRATED_CANDIDATE',
          cause: null,
        },
        createdAt: t1,
      })

      const second = await userDay(tx, {
        answerReminderDays: 10,
        userId: REFERENT,
        organisationId: SM,
        wholeOrganisation: false,
        now: new Date('2026-11-24T10:00:00Z'),
      })
      expect(second.lastVisit?.toISOString()).toBe(t0.toISOString())
      expect(second.unreadAnswers.map((a) => a.id)).toContain(apply!.id)
      expect(second.unreadCount).toBe(first.unreadCount + 1)
      expect(second.unreadSinceLastVisit).toBe(1)
      // Late: the referent's pending prescriptions older than the reminder delay, counted in the database.
      const { rows } = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from social_applies
        where organisation_id = ${SM} and author_id = ${REFERENT} and state = 'PRESCRIPTION_FILLED' and not archived
          and prescription_date < ${'2026-11-24T10:00:00Z'}::timestamptz - make_interval(days => ${second.reminderDays})`)
      const n = rows[0]!.n
      expect(n).toBeGreaterThan(0)
      expect(second.late.total).toBe(n)
      expect(second.late.rows.every((r) => r.state === 'PRESCRIPTION_FILLED')).toBe(true)

      await recordHomeVisit(tx, REFERENT, new Date('2026-11-24T10:00:00Z'))
      const third = await userDay(tx, {
        answerReminderDays: 10,
        userId: REFERENT,
        organisationId: SM,
        wholeOrganisation: false,
        now: new Date('2026-11-24T11:00:00Z'),
      })
      // Seen on the home page is not read: it stays in the list, no longer counted as come since the last visit.
      expect(third.unreadSinceLastVisit).toBe(0)
      expect(third.unreadAnswers.map((a) => a.id)).toContain(apply!.id)
      // Another user's day does not see the referent's answers.
      const other = await userDay(tx, {
        answerReminderDays: 10,
        userId: 'demo-referent-lyon',
        organisationId: demoIds.orgLyon,
        wholeOrganisation: false,
        now: t1,
      })
      expect(other.unreadAnswers.map((a) => a.id)).not.toContain(apply!.id)
    })
  })

  it('lists the five newest unread answers and counts all of them, those since the last visit too', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const t0 = new Date('2026-11-24T08:00:00Z')
      await tx.update(s.notifications).set({ readAt: t0 }).where(eq(s.notifications.userId, REFERENT))
      await recordHomeVisit(tx, REFERENT, t0)
      const applies = await tx
        .select({
          id: s.socialApplies.id,
          candidateId: s.socialApplies.candidateId,
          offerId: s.socialApplies.socialOfferId,
        })
        .from(s.socialApplies)
        .where(and(eq(s.socialApplies.organisationId, SM), eq(s.socialApplies.authorId, REFERENT)))
        .limit(7)
      expect(applies).toHaveLength(7)
      // Seven answers, one a minute after the visit: the home page lists five, newest first, and counts seven.
      await tx.insert(s.notifications).values(
        applies.map((a, i) => ({
          userId: REFERENT,
          kind: 'fupAnswered',
          payload: {
            applyId: a.id,
            candidateId: a.candidateId,
            offerId: a.offerId,
            state: 'INTEGRATED_CANDIDATE',
            cause: null,
          },
          createdAt: new Date(t0.getTime() + (i + 1) * 60_000),
        })),
      )
      const day = await userDay(tx, {
        answerReminderDays: 10,
        userId: REFERENT,
        organisationId: SM,
        wholeOrganisation: false,
        now: new Date('2026-11-24T10:00:00Z'),
      })
      expect(HOME_ROWS).toBe(5)
      expect(day.unreadAnswers.map((a) => a.id)).toEqual(
        applies
          .slice(2)
          .reverse()
          .map((a) => a.id),
      )
      expect(day.unreadCount).toBe(7)
      expect(day.unreadSinceLastVisit).toBe(7)
      expect(day.late.rows.length).toBeLessThanOrEqual(5)
    })
  })
})
