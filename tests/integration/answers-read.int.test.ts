import { and, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '@/lib/constants'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { loadSheetPrescriptions } from '@/lib/candidates/sheet/prescriptions'
import { userDay } from '@/lib/home/user-day'
import { actionsDashboard, type ActionsDashboardViewer } from '@/lib/prescriptions/referent-dashboard'
import {
  markAnswerRead,
  receivedAnswers,
  unreadAnswerApplyIds,
  unreadTotalOf,
} from '@/lib/prescriptions/referent-follows-up'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Issue 42 §3: each partner's answer is marked read on its own (the actions dashboard's row, the candidate sheet's),
// and the home page and the actions dashboard say the same number of unread answers, whatever their number.
const db = useTestDb()
const SM = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon
const REFERENT = 'demo-referent'
const NOW = new Date('2026-11-24T10:00:00Z')
const TODAY = '2026-11-24'

const viewer: ActionsDashboardViewer = {
  userId: REFERENT,
  organisationId: SM,
  answerReminderDays: 10,
  wholeOrganisation: false,
  workshops: false,
  courses: false,
  orientations: false,
}

/** Three answered prescriptions of the referent's organisation, each with an unread answer notification of theirs. */
async function notifyThree(tx: Tx) {
  // The demo's other notifications are read: the counts below are the rows written here.
  await tx.update(s.notifications).set({ readAt: NOW }).where(isNull(s.notifications.readAt))
  const applies = await tx
    .select({ id: s.socialApplies.id, candidateId: s.socialApplies.candidateId })
    .from(s.socialApplies)
    .where(and(eq(s.socialApplies.organisationId, SM), eq(s.socialApplies.state, 'INTEGRATED_CANDIDATE')))
    .orderBy(s.socialApplies.id)
    .limit(3)
  expect(applies).toHaveLength(3)
  for (const [i, a] of applies.entries())
    await tx.insert(s.notifications).values({
      userId: REFERENT,
      kind: 'fupAnswered',
      payload: { applyId: a.id, candidateId: a.candidateId, state: 'INTEGRATED_CANDIDATE' },
      createdAt: new Date(NOW.getTime() - (i + 1) * 60_000),
    })
  return applies
}

/** What the two pages say: the dashboard's "N non lues" and its rows marked new, the home page's count and list. */
async function bothPages(tx: Tx) {
  const dashboard = await actionsDashboard(tx, viewer, NOW, TODAY)
  const day = await userDay(tx, {
    userId: REFERENT,
    organisationId: SM,
    wholeOrganisation: false,
    answerReminderDays: 10,
    now: NOW,
  })
  return {
    dashboard: unreadTotalOf(dashboard.answers),
    dashboardRows: dashboard.answers.filter((a) => !a.readAt).map((a) => a.id),
    home: day.unreadCount,
    homeRows: day.unreadAnswers.map((a) => a.id),
  }
}

describe('marking one answer read', () => {
  it('reads that answer alone, for that user in that organisation; both pages then say one less', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [first, second, third] = await notifyThree(tx)
      const before = await bothPages(tx)
      expect(before).toEqual({
        dashboard: 3,
        dashboardRows: [first!.id, second!.id, third!.id],
        home: 3,
        homeRows: [first!.id, second!.id, third!.id],
      })

      // Another organisation's id, or another user, marks nothing.
      expect(await markAnswerRead(tx, { userId: REFERENT, organisationId: LYON, applyId: second!.id, now: NOW })).toBe(
        0,
      )
      expect(
        await markAnswerRead(tx, { userId: 'demo-conseiller', organisationId: SM, applyId: second!.id, now: NOW }),
      ).toBe(0)

      expect(await markAnswerRead(tx, { userId: REFERENT, organisationId: SM, applyId: second!.id, now: NOW })).toBe(1)
      // Twice is nothing more.
      expect(await markAnswerRead(tx, { userId: REFERENT, organisationId: SM, applyId: second!.id, now: NOW })).toBe(0)
      const after = await bothPages(tx)
      expect(after).toEqual({
        dashboard: 2,
        dashboardRows: [first!.id, third!.id],
        home: 2,
        homeRows: [first!.id, third!.id],
      })
      // Still listed, read, after the unread ones.
      const answers = await receivedAnswers(tx, { userId: REFERENT, organisationId: SM, now: NOW })
      const read = answers.find((a) => a.id === second!.id)
      expect(read?.readAt).toEqual(NOW)
      expect(answers.findIndex((a) => a.id === second!.id)).toBeGreaterThan(
        answers.findIndex((a) => a.id === third!.id),
      )
    })
  })

  it('the candidate sheet offers it for the unread answers of that candidate only, and for the reader only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const three = await notifyThree(tx)
      const first = three[0]!
      const scope = { organisationId: SM, candidateId: first.candidateId }
      // The candidate's own answered prescriptions among the three (the demo gives one candidate two of them).
      const theirs = three.filter((a) => a.candidateId === first.candidateId).map((a) => a.id)
      const sorted = (ids: string[]) => [...ids].sort()
      expect(sorted(await unreadAnswerApplyIds(tx, { ...scope, userId: REFERENT }))).toEqual(sorted(theirs))
      expect(await unreadAnswerApplyIds(tx, { ...scope, userId: 'demo-conseiller' })).toEqual([])
      expect(await unreadAnswerApplyIds(tx, { ...scope, organisationId: LYON, userId: REFERENT })).toEqual([])
      const tab = await loadSheetPrescriptions(tx, { ...scope, viewerId: REFERENT, prescriberId: REFERENT, at: NOW })
      expect(sorted(tab.unreadAnswers)).toEqual(sorted(theirs))

      await markAnswerRead(tx, { userId: REFERENT, organisationId: SM, applyId: first.id, now: NOW })
      const again = await loadSheetPrescriptions(tx, { ...scope, viewerId: REFERENT, prescriberId: REFERENT, at: NOW })
      expect(sorted(again.unreadAnswers)).toEqual(sorted(theirs.filter((id) => id !== first.id)))
      expect((await bothPages(tx)).home).toBe(2)
    })
  })

  it('counts every unread answer on both pages, beyond a page of them, the unread listed first', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [first] = await notifyThree(tx)
      // A page and more of unread answers, older than a read one of this morning.
      await tx
        .update(s.notifications)
        .set({ readAt: NOW })
        .where(sql`${s.notifications.payload}->>'applyId' = ${first!.id}`)
      const many = PAGE_SIZE + 5
      await tx.insert(s.notifications).values(
        Array.from({ length: many }, (_, i) => ({
          userId: REFERENT,
          kind: 'prescriptionExpired',
          payload: { applyId: first!.id, state: 'EXPIRED' },
          createdAt: new Date(NOW.getTime() - (i + 10) * 3_600_000),
        })),
      )
      const [{ n }] = (
        await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from notifications where user_id = ${REFERENT} and read_at is null`,
        )
      ).rows as [{ n: number }]
      expect(n).toBe(many + 2)
      const pages = await bothPages(tx)
      expect(pages.dashboard).toBe(n)
      expect(pages.home).toBe(n)
      // The lists hold unread ones only: the read answer of this morning does not push one of them out. The home
      // page lists the first five, the dashboard its first DASHBOARD_ROWS (10), and a page once expanded.
      expect(pages.dashboardRows).toHaveLength(10)
      expect(pages.homeRows).toHaveLength(5)
      const expanded = await actionsDashboard(tx, viewer, NOW, TODAY, null, { answers: true, unanswered: false })
      expect(expanded.answers).toHaveLength(PAGE_SIZE)
      expect(expanded.answers.every((a) => !a.readAt)).toBe(true)
      // Every row says how many answers there are in all: the unread ones and the one read this morning.
      expect(expanded.answers[0]!.total).toBe(many + 3)
    })
  })
})
