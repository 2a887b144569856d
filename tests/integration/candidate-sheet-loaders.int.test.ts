import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loadSheetHeader } from '@/lib/candidates/sheet/header'
import { loadSheetOverview } from '@/lib/candidates/sheet/overview'
import { loadSheetPrescriptions } from '@/lib/candidates/sheet/prescriptions'
import { loadSheetSms, markSmsRepliesRead } from '@/lib/candidates/sheet/sms'
import { loadSheetWorkshops } from '@/lib/candidates/sheet/workshops'
import * as s from '@/lib/db/schema'
import { recordHomeVisit, userDay } from '@/lib/home/user-day'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The candidate sheet's loaders (lib/candidates/sheet/): what a tab reads, scoped to the reader's organisation, with
// one journal row per tab and nothing else written; the writes a page used to make while rendering (marking SMS
// replies read, remembering a home visit) are the actions' domain functions, called once the page is on screen.
const db = useTestDb()
const SM = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon
const AT = new Date('2026-12-01T10:00:00Z')
const referent = {
  id: 'demo-referent',
  organisationId: SM,
  answerReminderDays: 10,
  firstName: 'Romain',
  lastName: 'Leroy',
  role: 'referent',
  permissions: null,
  rolePermissions: null,
}

async function candidateOf(tx: Tx, firstName: string, lastName: string) {
  const [row] = await tx
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(and(eq(s.candidates.firstName, firstName), eq(s.candidates.lastName, lastName)))
  return row!.id
}

/** Every row count the sheet could touch: a tab's render changes none but the journal's. */
async function footprint(tx: Tx) {
  const { rows } = await tx.execute<{ t: string; n: number; unread: number }>(sql`
    select 'notifications' as t, count(*)::int as n, count(*) filter (where read_at is null)::int as unread
      from notifications
    union all select 'user_home_visits', count(*)::int, 0 from user_home_visits
    union all select 'audit_log', count(*)::int, 0 from audit_log
    union all select 'read_journal', count(*)::int, 0 from read_journal`)
  return Object.fromEntries(rows.map((r) => [r.t, [r.n, r.unread]]))
}

/** A reply of the candidate to the referent's SMS, and the referent's unread notice of it. */
async function replyNotice(tx: Tx, candidateId: string) {
  const [reply] = await tx
    .insert(s.smsMessages)
    .values({
      organisationId: SM,
      candidateId,
      direction: 'inbound',
      status: 'received',
      kind: 'reply',
      toNumber: '+33600000000',
      fromNumber: '+33611223344',
      body: 'Merci, je serai là.',
      createdAt: AT,
    })
    .returning({ id: s.smsMessages.id })
  await tx.insert(s.notifications).values({
    userId: 'demo-referent',
    kind: 'smsReply',
    payload: { candidateId, messageId: reply!.id },
    createdAt: AT,
  })
  return reply!.id
}

describe('the sheet’s header', () => {
  it('journals one row per tab read, and nothing for another organisation’s reader', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await candidateOf(tx, 'Julien', 'Morel')
      const before = await footprint(tx)
      const header = await loadSheetHeader(tx, {
        reader: { id: 'demo-referent', organisationId: SM },
        candidateId: id,
        read: 'candidate.workshops',
        withSettings: true,
      })
      expect(header?.candidate.firstName).toBe('Julien')
      expect(header?.settings?.customFields).toBeDefined()
      const lyon = { id: 'demo-referent-lyon', organisationId: LYON }
      expect(
        await loadSheetHeader(tx, { reader: lyon, candidateId: id, read: 'candidate.sms', withSettings: false }),
      ).toBeNull()
      const after = await footprint(tx)
      expect(after.read_journal![0]).toBe(before.read_journal![0]! + 1)
      expect({ ...after, read_journal: null }).toEqual({ ...before, read_journal: null })
    })
  })

  it('fails when its journal row cannot be written: nothing is shown unjournaled', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await candidateOf(tx, 'Julien', 'Morel')
      await tx.execute(sql`savepoint journal_down`)
      // A journal that refuses rows (as a full disk or a lost lock would): the tab's read fails with it.
      await tx.execute(sql`alter table read_journal add constraint journal_down check (false) not valid`)
      await expect(
        loadSheetHeader(tx, {
          reader: { id: 'demo-referent', organisationId: SM },
          candidateId: id,
          read: 'candidate.identity',
          withSettings: false,
        }),
      ).rejects.toThrow()
      await tx.execute(sql`rollback to savepoint journal_down`)
    })
  })
})

describe('the tabs’ loaders', () => {
  it('read only the reader’s organisation’s rows', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await candidateOf(tx, 'Julien', 'Morel')
      const scope = { organisationId: SM, candidateId: id }
      const foreign = { organisationId: LYON, candidateId: id }
      const lyonUser = { ...referent, id: 'demo-referent-lyon', organisationId: LYON }
      expect(await loadSheetOverview(tx, { ...scope, user: referent, at: AT })).toMatchObject({
        overview: { name: 'Julien Morel' },
        may: { workshop: true, smsSend: true },
      })
      expect(await loadSheetOverview(tx, { ...foreign, user: lyonUser, at: AT })).toBeNull()
      const mine = await loadSheetPrescriptions(tx, {
        ...scope,
        viewerId: 'demo-referent',
        prescriberId: 'demo-referent',
        at: AT,
      })
      expect(mine.prescriber?.rsaReferentName).toBeTruthy()
      expect(mine.today).toBe('2026-12-01')
      const theirs = await loadSheetPrescriptions(tx, {
        ...foreign,
        viewerId: 'demo-referent-lyon',
        prescriberId: null,
        at: AT,
      })
      expect(theirs.rows).toEqual([])
      expect(theirs.prescriber).toBeNull()
      // Another organisation's reader: none of the candidate's workshops or invitations (the themes listed are the
      // reader's own, to invite to).
      expect(await loadSheetWorkshops(tx, { ...foreign, at: AT })).toMatchObject({
        coming: [],
        past: [],
        invitations: [],
      })
      expect(await loadSheetSms(tx, { ...foreign, sender: null, at: AT })).toBeNull()
    })
  })
})

describe('the SMS tab', () => {
  it('writes nothing when read; the action marks the replies read, once', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await candidateOf(tx, 'Julien', 'Morel')
      const replyId = await replyNotice(tx, id)
      const before = await footprint(tx)
      const tab = await loadSheetSms(tx, { organisationId: SM, candidateId: id, sender: referent, at: AT })
      expect(tab?.messages.map((m) => m.id)).toContain(replyId)
      expect(tab?.composer?.values.expediteur).toBe('Romain Leroy')
      expect(await footprint(tx)).toEqual(before)

      // Another organisation's user marks nothing of this candidate's; the user's own action marks the notice.
      const lyon = { organisationId: LYON, candidateId: id, userId: 'demo-referent', at: AT }
      expect(await markSmsRepliesRead(tx, lyon)).toBe(0)
      const mark = { organisationId: SM, candidateId: id, userId: 'demo-referent', at: AT }
      expect(await markSmsRepliesRead(tx, mark)).toBe(1)
      expect(await markSmsRepliesRead(tx, { ...mark, at: new Date('2026-12-02T10:00:00Z') })).toBe(0)
      const [notice] = await tx
        .select({ readAt: s.notifications.readAt })
        .from(s.notifications)
        .where(sql`${s.notifications.payload}->>'messageId' = ${replyId}`)
      expect(notice?.readAt).toEqual(AT)
    })
  })
})

describe('the home page', () => {
  it('reads the day without writing; the visit, recorded after, never goes back', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await footprint(tx)
      await userDay(tx, {
        userId: 'demo-referent',
        organisationId: SM,
        wholeOrganisation: false,
        answerReminderDays: 10,
        now: AT,
      })
      expect(await footprint(tx)).toEqual(before)

      await recordHomeVisit(tx, 'demo-referent', AT)
      await recordHomeVisit(tx, 'demo-referent', AT)
      // An older tab's late call leaves the later visit in place.
      await recordHomeVisit(tx, 'demo-referent', new Date('2026-11-30T10:00:00Z'))
      const day = await userDay(tx, {
        userId: 'demo-referent',
        organisationId: SM,
        wholeOrganisation: false,
        answerReminderDays: 10,
        now: AT,
      })
      expect(day.lastVisit).toEqual(AT)
    })
  })
})
