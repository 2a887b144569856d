import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { candidateCountsBy, compactCandidateCounts } from '@/lib/candidates/counts'
import { customFieldsOverview } from '@/lib/settings/custom-fields'
import { type Tx, useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The custom fields' settings page and the statistics' breakdowns read how many candidates hold a value
// per custom field key, status and place from counters kept by a trigger on candidates. They must equal the candidates'
// own columns whatever writes them concurrently.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)

async function countersAndRaw(organisationId: string) {
  return db.transaction(
    async (tx: Tx) => {
      const counters = {
        field: Object.fromEntries(await candidateCountsBy(tx, organisationId, 'field')),
        status: Object.fromEntries(await candidateCountsBy(tx, organisationId, 'status')),
        place: Object.fromEntries(await candidateCountsBy(tx, organisationId, 'place')),
      }
      const raw = async (query: ReturnType<typeof sql>) =>
        Object.fromEntries((await tx.execute<{ key: string; n: number }>(query)).rows.map((r) => [r.key, r.n]))
      return {
        counters,
        raw: {
          field:
            await raw(sql`select k as key, count(*)::int as n from candidates c, jsonb_object_keys(c.custom_fields) k
                               where c.organisation_id = ${organisationId} and jsonb_typeof(c.custom_fields) = 'object' group by 1`),
          status: await raw(
            sql`select coalesce(status_id::text, '') as key, count(*)::int as n from candidates where organisation_id = ${organisationId} group by 1`,
          ),
          place: await raw(
            sql`select coalesce(place_id::text, '') as key, count(*)::int as n from candidates where organisation_id = ${organisationId} group by 1`,
          ),
        },
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

describe('the custom field counters', () => {
  it('equal the candidates’ fields, statuses and places after concurrent creations, edits, deletions and folds', async () => {
    const [organisation] = await db
      .insert(s.organisations)
      .values({ name: `Champs ${randomUUID().slice(0, 8)}` })
      .returning()
    const organisationId = organisation!.id
    throwaway(organisationId)
    await db.insert(s.customFieldDefinitions).values([
      { organisationId, key: 'permis', label: 'Permis B', type: 'bool', position: 1 },
      { organisationId, key: 'vehicule', label: 'Véhicule', type: 'bool', position: 2 },
    ])
    const [status] = await db
      .insert(s.candidateStatuses)
      .values({ organisationId, value: 'suivi', label: 'En suivi' })
      .returning()
    const [place] = await db.insert(s.places).values({ organisationId, label: 'Rouen' }).returning()
    const statusId = status!.id
    const placeId = place!.id
    const made = await db
      .insert(s.candidates)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          organisationId,
          firstName: 'Léa',
          lastName: `Roux ${i}`,
          customFields: (i < 10 ? {} : i < 20 ? { permis: true } : { permis: false, vehicule: true }) as Record<
            string,
            boolean
          >,
        })),
      )
      .returning({ id: s.candidates.id })
    const ids = made.map((c) => c.id)
    // 0–9 without a field, 10–19 with permis, 20–29 with both.
    expect(Object.fromEntries(await candidateCountsBy(db, organisationId, 'field'))).toEqual({
      permis: 20,
      vehicule: 10,
    })
    expect(Object.fromEntries(await candidateCountsBy(db, organisationId, 'status'))).toEqual({ '': 30 })

    const edit = (chunk: string[], fields: Record<string, boolean>) =>
      db.transaction(async (tx) => {
        for (const id of chunk)
          await tx.update(s.candidates).set({ customFields: fields }).where(eq(s.candidates.id, id))
      })
    await Promise.all([
      edit(ids.slice(0, 5), { vehicule: false }),
      edit([...ids.slice(10, 15)].reverse(), {}),
      // An edit of another column leaves the field counters alone; a status and a place move theirs.
      db
        .update(s.candidates)
        .set({ phone: '0612345678', statusId, placeId })
        .where(inArray(s.candidates.id, ids.slice(20, 25))),
      db.delete(s.candidates).where(inArray(s.candidates.id, ids.slice(25, 30))),
      compactCandidateCounts(db),
    ])
    const before = await countersAndRaw(organisationId)
    expect(before.counters).toEqual(before.raw)
    // 0–4 vehicule only, 5–9 none, 10–14 none now, 15–19 permis, 20–24 both, 25–29 deleted (they had both).
    const expected = {
      field: { permis: 10, vehicule: 10 },
      status: { '': 20, [statusId]: 5 },
      place: { '': 20, [placeId]: 5 },
    }
    expect(before.counters).toEqual(expected)
    while ((await compactCandidateCounts(db)) > 0);
    const after = await countersAndRaw(organisationId)
    expect(after.counters).toEqual(expected)
    expect(
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.candidateCountDeltas)
        .where(eq(s.candidateCountDeltas.organisationId, organisationId)),
    ).toEqual([{ n: 0 }])
    const overview = await customFieldsOverview(db, organisationId)
    expect(overview.active.map((f) => [f.key, f.withValues])).toEqual([
      ['permis', 10],
      ['vehicule', 10],
    ])
  })
})
