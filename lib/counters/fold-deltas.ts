import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'

/** A counter table the deltas are added to: its key columns (a unique index on them). */
type CounterTable = { table: string; columns: readonly string[] }

/**
 * The one fold of the append-only `*_deltas` tables (kept by triggers on the counted rows) into their
 * counters: the apply tabs' counts, the candidates' counts and the monthly statistics. Up to 50 000 deltas are moved
 * per run, summed per key, added to the counter table and to each rollup (a coarser key of the same sums), in one
 * transaction under an advisory lock (one folder at a time). Deltas appended meanwhile by other transactions stay for
 * the next run: a read sums counters and deltas, so nothing is counted twice or lost. Returns how many were folded.
 *
 * The names are this code's constants, never input: they are written into the SQL as they are.
 */
export async function foldDeltas(
  db: Db,
  counter: { lock: string; deltas: string; into: CounterTable; rollups?: CounterTable[] },
): Promise<number> {
  const key = counter.into.columns.join(', ')
  const positions = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(', ')
  const add = (target: CounterTable) =>
    `on conflict (${target.columns.join(', ')}) do update set n = ${target.table}.n + excluded.n`
  const rollups = (counter.rollups ?? []).map(
    (r, i) => `, rollup_${i} as (
        insert into ${r.table} (${r.columns.join(', ')}, n)
        select ${r.columns.join(', ')}, sum(n)::int from summed group by ${positions(r.columns.length)}
        ${add(r)}
      )`,
  )
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext(${counter.lock})) as ok`,
    )
    if (!locked[0]?.ok) return 0
    const { rows } = await tx.execute<{ folded: number }>(
      sql.raw(`
      with moved as (
        delete from ${counter.deltas} where id in (select id from ${counter.deltas} order by id limit 50000)
        returning ${key}, n
      ), summed as (
        select ${key}, sum(n)::int as n, count(*)::int as deltas from moved group by ${positions(counter.into.columns.length)}
      ), folded as (
        insert into ${counter.into.table} (${key}, n)
        select ${key}, n from summed
        ${add(counter.into)}
      )${rollups.join('')}
      select coalesce(sum(deltas), 0)::int as folded from summed`),
    )
    return rows[0]?.folded ?? 0
  })
}
