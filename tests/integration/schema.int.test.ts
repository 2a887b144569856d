import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { candidates } from '@/lib/db/schema'
import { inRolledBackTransaction, useTestDb } from './db'

const db = useTestDb()

/** The search predicate the candidate queries use: lower-cased, accent-free, trigram-indexed. */
const searchMatches = (term: string) =>
  sql`${candidates.searchText} like '%' || passerelle_unaccent(lower(${term})) || '%'`

describe('migrations', () => {
  it('leave no cache trigger: a write notifies no one', async () => {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_trigger t join pg_proc p on p.oid = t.tgfoid where p.proname = 'passerelle_cache_changed'`,
    )
    expect(rows[0]!.n).toBe(0)
    const { rows: functions } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_proc where proname = 'passerelle_cache_changed'`,
    )
    expect(functions[0]!.n).toBe(0)
  })

  it('install pg_trgm and unaccent', async () => {
    const { rows } = await db.execute<{ extname: string }>(sql`select extname from pg_extension order by extname`)
    expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']))
  })

  it('create the trigram GIN index on candidates.search_text', async () => {
    const { rows } = await db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'candidates' and indexname = 'candidates_search_trgm_idx'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/)
  })

  it('define passerelle_unaccent, which strips accents and leaves the case alone', async () => {
    const { rows } = await db.execute<{ plain: string; lowered: string; upper: string }>(
      sql`select passerelle_unaccent('Élodie') as plain, passerelle_unaccent(lower('Élodie')) as lowered, passerelle_unaccent('FÉCAMP ÇA') as upper`,
    )
    expect(rows[0]).toEqual({ plain: 'Elodie', lowered: 'elodie', upper: 'FECAMP CA' })
  })
})

describe('candidates.search_text', () => {
  it("holds the seeded 'Élodie Durand' lower-cased and without accents", async () => {
    const [row] = await db
      .select({ searchText: candidates.searchText })
      .from(candidates)
      .where(sql`${candidates.firstName} = 'Élodie' and ${candidates.lastName} = 'Durand'`)
    expect(row?.searchText).toMatch(/^elodie durand /)
  })

  it.each(['Élodie', 'elodie', 'ELODIE', 'éLoDiE', 'lodi', 'DURAND', 'élodie durand'])(
    'finds Élodie Durand when searching %s',
    async (term) => {
      const rows = await db
        .select({ firstName: candidates.firstName, lastName: candidates.lastName })
        .from(candidates)
        .where(searchMatches(term))
      expect(rows).toContainEqual({ firstName: 'Élodie', lastName: 'Durand' })
    },
  )

  it('does not match what she is not called', async () => {
    const rows = await db.select({ id: candidates.id }).from(candidates).where(searchMatches('elodie benali'))
    expect(rows).toEqual([])
  })

  it('follows an update of the name', async () => {
    const searchText = await inRolledBackTransaction(db, async (tx) => {
      const [row] = await tx
        .update(candidates)
        .set({ firstName: 'Hélène', lastName: 'Œuvray' })
        .where(sql`${candidates.firstName} = 'Élodie' and ${candidates.lastName} = 'Durand'`)
        .returning({ searchText: candidates.searchText })
      return row?.searchText
    })
    expect(searchText).toMatch(/^helene oeuvray /)
    // The rollback left the shared seed untouched.
    const [elodie] = await db.select({ id: candidates.id }).from(candidates).where(eq(candidates.firstName, 'Élodie'))
    expect(elodie).toBeDefined()
  })

  it('serves an infix search from candidates_search_trgm_idx (no leading-wildcard scan)', async () => {
    const plan = await inRolledBackTransaction(db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from candidates where search_text like '%' || passerelle_unaccent(lower('lodi')) || '%'`,
      )
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toMatch(/Bitmap Index Scan on candidates_search_trgm_idx/)
  })
})
