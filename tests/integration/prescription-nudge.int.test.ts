import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { demoIds } from '@/db/seed'
import { DAY_MS, formatDate } from '@/lib/dates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { NUDGE_MESSAGES, nudgePartner } from '@/lib/prescriptions/reminders'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// "Relancer le partenaire" (issue 42 §3): a referent's reminder of one waiting prescription, at most once a week.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-referent' }
const LYON = { organisationId: demoIds.orgLyon, actorId: 'demo-referent-lyon' }
const AT = new Date('2026-11-28T10:00:00Z')

/** A seeded prescription to Mobilité Solidaire waiting for its answer, with a sheet. */
async function waiting(tx: Tx) {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select a.id from social_applies a join fups f on f.social_apply_id = a.id
    where a.structure_id = ${demoIds.structureMobilite} and a.state = 'PRESCRIPTION_FILLED' and not a.archived
    order by a.prescription_date limit 1`)
  await tx.execute(sql`update social_applies set reminded_at = null where id = ${rows[0]!.id}`)
  return rows[0]!.id
}

const queuedReminders = (tx: Tx) =>
  tx
    .select({ to: s.outboundMails.toAddress })
    .from(s.outboundMails)
    .where(and(eq(s.outboundMails.kind, 'prescription-reminder'), sql`${s.outboundMails.createdAt} = now()`))

describe('nudging the partner', () => {
  it('mails the partner users who get reminders, once a week at most, audited as the referent’s', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const applyId = await waiting(tx)
      // Who gets reminders one by one there: enabled partner users who want late items, on one mail per prescription.
      const { rows: expected } = await tx.execute<{ email: string }>(sql`
        select email from "user" where structure_id = ${demoIds.structureMobilite} and disabled = false
          and notify_late_items and prescription_mails = 'perPrescription' order by email`)
      expect(expected.length).toBeGreaterThan(0)
      expect(await nudgePartner(asDb(tx), SM, applyId, AT)).toEqual({ ok: true, mailed: expected.length })
      expect((await queuedReminders(tx)).map((m) => m.to).sort()).toEqual(expected.map((e) => e.email))
      const [apply] = await tx.select().from(s.socialApplies).where(eq(s.socialApplies.id, applyId))
      expect(apply!.remindedAt).toEqual(AT)
      const [audit] = await tx
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.action, 'prescription.nudged'), sql`${s.auditLog.details}->>'applyId' = ${applyId}`))
      expect(audit).toMatchObject({ actorId: 'demo-referent', organisationId: demoIds.orgSeineMaritime })

      // Six days later: too soon, said with the day; eight days later: again.
      expect(await nudgePartner(asDb(tx), SM, applyId, new Date(AT.getTime() + 6 * DAY_MS))).toEqual({
        ok: false,
        error: NUDGE_MESSAGES.tooSoon(formatDate(AT)),
      })
      expect(await nudgePartner(asDb(tx), SM, applyId, new Date(AT.getTime() + 8 * DAY_MS))).toMatchObject({ ok: true })
    })
  })

  it('another organisation finds nothing; a prescription answered or archived no longer waits', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const applyId = await waiting(tx)
      expect(await nudgePartner(asDb(tx), LYON, applyId, AT)).toMatchObject({ ok: false, notFound: true })
      await tx.update(s.socialApplies).set({ archived: true }).where(eq(s.socialApplies.id, applyId))
      expect(await nudgePartner(asDb(tx), SM, applyId, AT)).toEqual({ ok: false, error: NUDGE_MESSAGES.notWaiting })
      await tx
        .update(s.socialApplies)
        .set({ archived: false, state: 'INTEGRATED_CANDIDATE' })
        .where(eq(s.socialApplies.id, applyId))
      expect(await nudgePartner(asDb(tx), SM, applyId, AT)).toEqual({ ok: false, error: NUDGE_MESSAGES.notWaiting })
      expect(await queuedReminders(tx)).toEqual([])
    })
  })

  it('a structure whose users are all on a digest has nobody to nudge, and nothing changes', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const applyId = await waiting(tx)
      await tx
        .update(s.users)
        .set({ prescriptionMails: 'daily' })
        .where(eq(s.users.structureId, demoIds.structureMobilite))
      expect(await nudgePartner(asDb(tx), SM, applyId, AT)).toEqual({ ok: false, error: NUDGE_MESSAGES.nobody })
      const [apply] = await tx.select().from(s.socialApplies).where(eq(s.socialApplies.id, applyId))
      expect(apply!.remindedAt).toBeNull()
    })
  })
})
