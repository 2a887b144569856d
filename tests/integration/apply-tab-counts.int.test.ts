import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applyCountsOfOrganisation, compactApplyTabCounts } from '@/lib/prescriptions/counts'
import { archiveApplies, restoreApplies } from '@/lib/prescriptions/partner-archives'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { type Tx, useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The offer page's tab counts come from counters kept by a trigger. They must equal count(*) whatever
// runs concurrently (answers, archives, restores, deletions, the fold), and no two of those may deadlock.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const PARTNER = 'demo-partenaire'

/**
 * Counters (folded plus not yet folded) and count(*) per offer, structure, organisation and state, and the
 * organisations' rollup (plus the deltas) and count(*) per organisation and state, in one snapshot.
 */
async function countersAndRaw() {
  return db.transaction(
    async (tx: Tx) => {
      const counters = await tx.execute<{ key: string; n: number }>(sql`
        select social_offer_id::text || '|' || structure_id::text || '|' || organisation_id::text || '|' || state::text as key, sum(n)::int as n
        from (select social_offer_id, structure_id, organisation_id, state, n from social_apply_counts
              union all select social_offer_id, structure_id, organisation_id, state, n from social_apply_count_deltas) c
        group by 1 having sum(n) <> 0 order by 1`)
      const raw = await tx.execute<{ key: string; n: number }>(sql`
        select social_offer_id::text || '|' || structure_id::text || '|' || organisation_id::text || '|' || state::text as key, count(*)::int as n
        from social_applies where not archived group by 1 order by 1`)
      const organisations = await tx.execute<{ key: string; n: number }>(sql`
        select organisation_id::text || '|' || state::text as key, sum(n)::int as n
        from (select organisation_id, state, n from organisation_apply_counts
              union all select organisation_id, state, n from social_apply_count_deltas) c
        group by 1 having sum(n) <> 0 order by 1`)
      const rawOrganisations = await tx.execute<{ key: string; n: number }>(sql`
        select organisation_id::text || '|' || state::text as key, count(*)::int as n
        from social_applies where not archived group by 1 order by 1`)
      return {
        counters: counters.rows,
        raw: raw.rows,
        organisations: organisations.rows,
        rawOrganisations: rawOrganisations.rows,
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

async function newOrganisationWithApplies(n: number) {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Compteurs ${randomUUID().slice(0, 8)}` })
    .returning()
  throwaway(organisation!.id)
  const referentId = `counts-${randomUUID()}`
  await db.insert(s.users).values({
    id: referentId,
    name: 'Iris Vidal',
    firstName: 'Iris',
    lastName: 'Vidal',
    email: `${referentId}@exemple.test`,
    role: 'referent',
    organisationId: organisation!.id,
  })
  const [candidate] = await db
    .insert(s.candidates)
    .values({ organisationId: organisation!.id, firstName: 'Léon', lastName: 'Garnier' })
    .returning()
  const applies = await db
    .insert(s.socialApplies)
    .values(
      Array.from({ length: n }, () => ({
        organisationId: organisation!.id,
        structureId: demoIds.structureMobilite,
        socialOfferId: demoIds.offerPermis,
        candidateId: candidate!.id,
        authorId: referentId,
      })),
    )
    .returning({ id: s.socialApplies.id })
  return { ids: applies.map((a) => a.id), organisationId: organisation!.id }
}

const answer = (ids: string[], state: 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE') =>
  db.transaction(async (tx) => {
    // One row at a time, in an order of its own, as separate answers would come.
    for (const id of ids) {
      await tx
        .update(s.socialApplies)
        .set({ state, responseDate: new Date(), cause: state === 'REFUSED_STRUCTURE' ? 'hasJob' : null })
        .where(eq(s.socialApplies.id, id))
    }
  })

describe('the offer tab counters', () => {
  it('equal count(*) after concurrent answers, archives, restores, deletions and folds, with no deadlock', async () => {
    const { ids, organisationId } = await newOrganisationWithApplies(80)
    const chunks = Array.from({ length: 8 }, (_, i) => ids.slice(i * 10, i * 10 + 10))
    // Round 1: answers in opposite orders across transactions, a fold in the middle.
    await Promise.all([
      answer(chunks[0]!, 'INTEGRATED_CANDIDATE'),
      answer([...chunks[1]!].reverse(), 'REFUSED_STRUCTURE'),
      answer(chunks[2]!, 'INTEGRATED_CANDIDATE'),
      answer([...chunks[3]!].reverse(), 'REFUSED_STRUCTURE'),
      compactApplyTabCounts(db),
    ])
    // Round 2: the partner archives, restores and answers at once; a deletion and a fold meanwhile.
    const results = await Promise.all([
      archiveApplies(db, {
        structureId: demoIds.structureMobilite,
        ids: [...chunks[0]!, ...chunks[1]!.slice(0, 5)],
        actorId: PARTNER,
      }),
      archiveApplies(db, { structureId: demoIds.structureMobilite, ids: [...chunks[3]!].reverse(), actorId: PARTNER }),
      answer(chunks[4]!, 'INTEGRATED_CANDIDATE'),
      db.delete(s.socialApplies).where(inArray(s.socialApplies.id, chunks[7]!)),
      compactApplyTabCounts(db),
    ])
    expect(results[0]).toEqual({ ok: true, archived: 15 })
    expect(results[1]).toEqual({ ok: true, archived: 10 })
    // Round 3: restores against further archives and answers.
    const round3 = await Promise.all([
      restoreApplies(db, { structureId: demoIds.structureMobilite, ids: chunks[0]!, actorId: PARTNER }),
      archiveApplies(db, { structureId: demoIds.structureMobilite, ids: chunks[2]!, actorId: PARTNER }),
      answer(chunks[5]!, 'REFUSED_STRUCTURE'),
      compactApplyTabCounts(db),
    ])
    expect(round3[0]).toEqual({ ok: true, restored: 10 })
    expect(round3[1]).toEqual({ ok: true, archived: 10 })

    const before = await countersAndRaw()
    expect(before.counters).toEqual(before.raw)
    expect(before.organisations).toEqual(before.rawOrganisations)
    // The home page's counts of this organisation (chunks below): 0 and 4 integrated, 1 (half) and 5 refused, 6 waiting.
    const expected = { PRESCRIPTION_FILLED: 10, INTEGRATED_CANDIDATE: 20, REFUSED_STRUCTURE: 15 }
    expect(await applyCountsOfOrganisation(db, organisationId)).toEqual(expected)
    while ((await compactApplyTabCounts(db)) > 0);
    const after = await countersAndRaw()
    expect(after.counters).toEqual(after.raw)
    expect(after.organisations).toEqual(after.rawOrganisations)
    expect(await applyCountsOfOrganisation(db, organisationId)).toEqual(expected)
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(s.socialApplyCountDeltas)).toEqual([{ n: 0 }])

    // What the partner's list shows equals count(*) in one snapshot (other files may prescribe to this offer meanwhile);
    // this organisation's share is 80 applies less 10 deleted and 25 archived, 10 of them restored (chunks: 0 integrated
    // and restored, 1 refused with 5 archived, 2 integrated and archived, 3 refused and archived, 4 integrated,
    // 5 refused, 6 pending, 7 deleted).
    await db.transaction(
      async (tx: Tx) => {
        const { counts } = await listAppliesByTab(tx, {
          structureId: demoIds.structureMobilite,
          offerId: demoIds.offerPermis,
          tab: 'PRESCRIPTION_FILLED',
        })
        const byState = async (organisation: boolean) =>
          Object.fromEntries(
            (
              await tx.execute<{ state: string; n: number }>(sql`
                select state::text, count(*)::int as n from social_applies
                where social_offer_id = ${demoIds.offerPermis} and not archived ${organisation ? sql`and organisation_id = (select organisation_id from candidates where id = (select candidate_id from social_applies where id = ${ids[0]!}))` : sql``}
                group by 1`)
            ).rows.map((r) => [r.state, r.n]),
          )
        expect(counts).toEqual(await byState(false))
        expect(await byState(true)).toEqual({
          PRESCRIPTION_FILLED: 10,
          INTEGRATED_CANDIDATE: 20,
          REFUSED_STRUCTURE: 15,
        })
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
  })
})
