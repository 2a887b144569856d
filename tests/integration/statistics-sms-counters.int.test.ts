import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { periodInstants, type StatisticsFilters } from '@/lib/statistics/filters'
import { compactSmsStats, smsDelivery } from '@/lib/statistics/queries'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The statistics' SMS delivery (stats_sms_months plus the deltas not yet folded, kept by a trigger on sms_messages)
// equals a direct count of the period's outbound messages by status, after every kind of write: queued, sent, delivered,
// failed, a reply (inbound, not counted), a message moved to another month, one deleted (the retention), and at the
// edges of Paris months. Before and after a fold.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const filters = (fromMonth: string, toMonth: string): StatisticsFilters => ({
  period: 'custom',
  fromMonth,
  toMonth,
  referentId: null,
  structureId: null,
  offerId: null,
})
const PERIODS = [filters('2026-10', '2026-10'), filters('2026-11', '2026-11'), filters('2026-09', '2026-12')]

/** The page's figures counted from the messages themselves, over the period's Paris instants. */
async function direct(tx: Tx, organisationId: string, f: StatisticsFilters) {
  const { from, until } = periodInstants(f)
  const { rows } = await tx.execute<{ status: string; n: number }>(sql`
    select status::text as status, count(*)::int as n from sms_messages
    where organisation_id = ${organisationId} and direction = 'outbound' and created_at >= ${from} and created_at < ${until}
    group by 1`)
  const n = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((t, r) => t + r.n, 0)
  const delivered = n('delivered')
  const notDelivered = n('undelivered', 'failed')
  return {
    sent: n('sent', 'delivered', 'undelivered', 'failed'),
    delivered,
    notDelivered,
    waiting: n('queued', 'sending', 'sent'),
    rate: delivered + notDelivered ? delivered / (delivered + notDelivered) : null,
  }
}

async function expectEqualToDirect(tx: Tx, organisationId: string) {
  for (const period of PERIODS)
    expect(await smsDelivery(asDb(tx), organisationId, period)).toEqual(await direct(tx, organisationId, period))
}

describe('the statistics’ SMS counters', () => {
  it('equal a direct count of the messages after each write, before and after a fold', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [org] = await tx.insert(s.organisations).values({ name: 'Compteurs SMS' }).returning()
      const [other] = await tx.insert(s.organisations).values({ name: 'Autre organisation' }).returning()
      const [candidate] = await tx
        .insert(s.candidates)
        .values({ organisationId: org!.id, firstName: 'Inès', lastName: 'Compteur' })
        .returning()
      const [theirs] = await tx
        .insert(s.candidates)
        .values({ organisationId: other!.id, firstName: 'Autre', lastName: 'Candidat' })
        .returning()
      const sms = async (at: string, values: Partial<typeof s.smsMessages.$inferInsert> = {}) => {
        const [row] = await tx
          .insert(s.smsMessages)
          .values({
            organisationId: org!.id,
            candidateId: candidate!.id,
            body: 'Rappel : atelier demain à 9h30.',
            toNumber: '+33612345678',
            createdAt: new Date(at),
            ...values,
          })
          .returning()
        return row!.id
      }
      const status = (id: string, value: (typeof s.smsStatusEnum.enumValues)[number]) =>
        tx.update(s.smsMessages).set({ status: value }).where(eq(s.smsMessages.id, id))

      // 31 October 23:30 UTC is 1 November 00:30 in Paris: a November message. 30 November 23:30 UTC is December.
      const firstOfNovember = await sms('2026-10-31T23:30:00Z')
      const lastOfOctober = await sms('2026-10-31T22:30:00Z', { status: 'delivered' })
      const december = await sms('2026-11-30T23:30:00Z', { status: 'sent' })
      const ids = [
        await sms('2026-11-10T08:00:00Z'),
        await sms('2026-11-12T08:00:00Z'),
        await sms('2026-11-14T08:00:00Z'),
      ]
      await sms('2026-11-15T08:00:00Z', { direction: 'inbound', status: 'delivered' })
      await tx.insert(s.smsMessages).values({
        organisationId: other!.id,
        candidateId: theirs!.id,
        body: 'Rappel',
        toNumber: '+33698765432',
        status: 'delivered',
        createdAt: new Date('2026-11-10T08:00:00Z'),
      })
      await expectEqualToDirect(tx, org!.id)

      await status(firstOfNovember, 'sending')
      await status(firstOfNovember, 'sent')
      await status(firstOfNovember, 'delivered')
      await status(ids[0]!, 'sent')
      await status(ids[0]!, 'undelivered')
      await status(ids[1]!, 'failed')
      await status(december, 'delivered')
      await expectEqualToDirect(tx, org!.id)
      expect(await smsDelivery(asDb(tx), org!.id, filters('2026-11', '2026-11'))).toMatchObject({
        sent: 3,
        delivered: 1,
        notDelivered: 2,
        waiting: 1,
      })

      expect(await compactSmsStats(asDb(tx))).toBeGreaterThan(0)
      await expectEqualToDirect(tx, org!.id)

      // Moved to another month, a body rewritten (not counted: the key is unchanged), deleted by the retention.
      await tx
        .update(s.smsMessages)
        .set({ createdAt: new Date('2026-09-20T08:00:00Z') })
        .where(eq(s.smsMessages.id, ids[2]!))
      await tx.update(s.smsMessages).set({ body: '…' }).where(eq(s.smsMessages.id, lastOfOctober))
      await tx.delete(s.smsMessages).where(inArray(s.smsMessages.id, [ids[1]!, lastOfOctober]))
      await expectEqualToDirect(tx, org!.id)
      await compactSmsStats(asDb(tx))
      await expectEqualToDirect(tx, org!.id)
      expect(await smsDelivery(asDb(tx), org!.id, filters('2026-10', '2026-10'))).toMatchObject({ sent: 0, waiting: 0 })
    })
  })
})
