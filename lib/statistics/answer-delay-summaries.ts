import { and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { formatDate, formatTime, parisToday } from '@/lib/dates'
import { answerDelaySummaries, organisations, partnerStructures, structureAnswerDelaySummaries } from '@/lib/db/schema'
import { answerDelays, answerDelaysOfStructure } from './answer-delays'
import type { AnswerDelayFigures } from './answer-delays-table'
import { parseStatisticsFilters, PERIODS, type StatisticsFilters } from './filters'

/** What /v2/statistics shows of the partners' answer delays (lib/statistics/answer-delays.ts). */
export type AnswerDelays = Awaited<ReturnType<typeof answerDelays>>

/**
 * A summary older than this is not shown: the job runs every hour, so one this old means the workers are stopped, and
 * the page computes the figures itself rather than show them late.
 */
export const SUMMARY_MAX_AGE_MS = 2 * 60 * 60 * 1000

/** Whether a summary computed at `computedAt` may be shown at `now`: not from the future, and younger than the above. */
function isFresh(computedAt: Date, now: Date): boolean {
  const age = now.getTime() - computedAt.getTime()
  return age >= 0 && age < SUMMARY_MAX_AGE_MS
}

/** The preset periods of the statistics' filter bar at `now` (the custom one excepted), as whole months. */
function presetPeriods(now: Date): Pick<StatisticsFilters, 'fromMonth' | 'toMonth'>[] {
  const seen = new Map<string, Pick<StatisticsFilters, 'fromMonth' | 'toMonth'>>()
  for (const { value } of PERIODS) {
    if (value === 'custom') continue
    const { fromMonth, toMonth } = parseStatisticsFilters({ period: value }, now)
    seen.set(`${fromMonth}/${toMonth}`, { fromMonth, toMonth })
  }
  return [...seen.values()]
}

const wholeOrganisation = (f: Pick<StatisticsFilters, 'fromMonth' | 'toMonth'>): StatisticsFilters => ({
  period: 'custom',
  ...f,
  referentId: null,
  structureId: null,
  offerId: null,
})

/**
 * The hourly job's work (lib/jobs/answer-delay-summaries.ts): for each organisation and each preset period, the
 * answer delays as answerDelays computes them, written with the instant they were read; the periods no preset names
 * any more (last month's) are removed. One organisation at a time, each in its own transaction (`only`: these
 * organisations). Returns the summaries written.
 */
export async function summariseAnswerDelays(db: DbOrTx, now: Date, only?: string[]): Promise<number> {
  const periods = presetPeriods(now)
  const keys = periods.map((p) => `${p.fromMonth}/${p.toMonth}`)
  const all = only
    ? only.map((id) => ({ id }))
    : await db.select({ id: organisations.id }).from(organisations).orderBy(organisations.id)
  let written = 0
  for (const { id } of all) {
    await db.transaction(async (tx) => {
      for (const period of periods) {
        const figures = await answerDelays(tx, id, wholeOrganisation(period))
        // The instant on the domain's clock (lib/clock.ts), as the page compares it.
        await tx
          .insert(answerDelaySummaries)
          .values({ organisationId: id, ...period, computedAt: now, figures })
          .onConflictDoUpdate({
            target: [answerDelaySummaries.organisationId, answerDelaySummaries.fromMonth, answerDelaySummaries.toMonth],
            set: { computedAt: now, figures },
          })
        written++
      }
      await tx
        .delete(answerDelaySummaries)
        .where(
          and(
            eq(answerDelaySummaries.organisationId, id),
            notInArray(sql`${answerDelaySummaries.fromMonth} || '/' || ${answerDelaySummaries.toMonth}`, keys),
          ),
        )
    })
  }
  return written
}

/**
 * The answer delays /v2/statistics shows, and as of when. The whole organisation over a preset period: the hourly
 * summary (`asOf` its instant) when one younger than SUMMARY_MAX_AGE_MS exists. Consistency contract: an answer given
 * since reaches the page at the job's next run, at most an hour later; the page says « Chiffres à jour à HH:MM ».
 * Any other filter (a referent, a structure, an offer, a custom range of months), or no fresh summary: computed now
 * (`asOf` null), exact.
 */
export async function answerDelaysForPage(
  db: DbOrTx,
  organisationId: string,
  f: StatisticsFilters,
  now: Date,
): Promise<AnswerDelays & { asOf: Date | null }> {
  if (!f.referentId && !f.structureId && !f.offerId && f.period !== 'custom') {
    const [summary] = await db
      .select({ computedAt: answerDelaySummaries.computedAt, figures: answerDelaySummaries.figures })
      .from(answerDelaySummaries)
      .where(
        and(
          eq(answerDelaySummaries.organisationId, organisationId),
          eq(answerDelaySummaries.fromMonth, f.fromMonth),
          eq(answerDelaySummaries.toMonth, f.toMonth),
        ),
      )
    if (summary && isFresh(summary.computedAt, now))
      return { ...(summary.figures as AnswerDelays), asOf: summary.computedAt }
  }
  return { ...(await answerDelays(db, organisationId, f)), asOf: null }
}

/** A partner's dashboard period: the statistics' default, the last 12 months, the current one included. */
function structurePeriod(now: Date): Pick<StatisticsFilters, 'fromMonth' | 'toMonth'> {
  const { fromMonth, toMonth } = parseStatisticsFilters({}, now)
  return { fromMonth, toMonth }
}

/** Structures summarised per transaction. */
const STRUCTURES_PER_TRANSACTION = 100

/**
 * The hourly job's second part: each partner structure's own answer delays over the last 12 months, as
 * answerDelaysOfStructure computes them for its dashboard, written with the instant they were read; last month's period
 * is removed. `only`: these structures. Returns the summaries written.
 */
export async function summariseStructureAnswerDelays(db: DbOrTx, now: Date, only?: string[]): Promise<number> {
  const period = structurePeriod(now)
  const ids =
    only ??
    (await db.select({ id: partnerStructures.id }).from(partnerStructures).orderBy(partnerStructures.id)).map(
      (r) => r.id,
    )
  for (let i = 0; i < ids.length; i += STRUCTURES_PER_TRANSACTION) {
    const batch = ids.slice(i, i + STRUCTURES_PER_TRANSACTION)
    await db.transaction(async (tx) => {
      for (const structureId of batch) {
        const figures = await answerDelaysOfStructure(tx, structureId, period)
        await tx
          .insert(structureAnswerDelaySummaries)
          .values({ structureId, ...period, computedAt: now, figures })
          .onConflictDoUpdate({
            target: [
              structureAnswerDelaySummaries.structureId,
              structureAnswerDelaySummaries.fromMonth,
              structureAnswerDelaySummaries.toMonth,
            ],
            set: { computedAt: now, figures },
          })
      }
      await tx
        .delete(structureAnswerDelaySummaries)
        .where(
          and(
            inArray(structureAnswerDelaySummaries.structureId, batch),
            or(
              ne(structureAnswerDelaySummaries.fromMonth, period.fromMonth),
              ne(structureAnswerDelaySummaries.toMonth, period.toMonth),
            ),
          ),
        )
    })
  }
  return ids.length
}

/**
 * A partner structure's own answer delays over the last 12 months, for its dashboard, and as of when: the hourly
 * summary when one younger than SUMMARY_MAX_AGE_MS exists, else computed now (`asOf` null), exact. The same contract as
 * the statistics': an answer given since reaches the dashboard at the job's next run, at most an hour later.
 */
export async function structureAnswerDelaysForDashboard(
  db: DbOrTx,
  structureId: string,
  now: Date,
): Promise<{ figures: AnswerDelayFigures; asOf: Date | null }> {
  const period = structurePeriod(now)
  const [summary] = await db
    .select({ computedAt: structureAnswerDelaySummaries.computedAt, figures: structureAnswerDelaySummaries.figures })
    .from(structureAnswerDelaySummaries)
    .where(
      and(
        eq(structureAnswerDelaySummaries.structureId, structureId),
        eq(structureAnswerDelaySummaries.fromMonth, period.fromMonth),
        eq(structureAnswerDelaySummaries.toMonth, period.toMonth),
      ),
    )
  if (summary && isFresh(summary.computedAt, now))
    return { figures: summary.figures as AnswerDelayFigures, asOf: summary.computedAt }
  return { figures: await answerDelaysOfStructure(db, structureId, period), asOf: null }
}

/** What the page says of a summary's age: « Chiffres à jour à 14:00 », or « au 28/11/2026 à 23:00 » another day. */
export function freshnessText(asOf: Date, now: Date): string {
  const day = parisToday(asOf) === parisToday(now) ? '' : ` au ${formatDate(asOf)}`
  return `Chiffres à jour${day} à ${formatTime(asOf)}, recalculés chaque heure.`
}
