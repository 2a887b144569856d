import type { PoolClient } from 'pg'

export type Timing = { iterations: number; p50: number; p95: number; p99: number; min: number; max: number }

export type MeasureOptions = {
  iterations?: number
  /** Untimed runs first, so that the figures describe a warm cache and warm connection, not the first touch. */
  warmup?: number
  /** Untimed work before each run, warm-up runs included (fresh inputs, say); gets the same i as fn. */
  before?: (i: number) => Promise<unknown>
}

const round = (ms: number) => Math.round(ms * 100) / 100

/** Nearest-rank percentile of sorted durations. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** Percentiles of durations in ms (any order). */
export function summarize(durations: number[]): Timing {
  const sorted = [...durations].sort((a, b) => a - b)
  return {
    iterations: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    min: round(sorted[0]!),
    max: round(sorted[sorted.length - 1]!),
  }
}

/** Runs fn sequentially `iterations` times (i is the iteration number, to vary inputs) and returns latencies in ms. */
export async function measure(
  fn: (i: number) => Promise<unknown>,
  { iterations = 200, warmup = 10, before }: MeasureOptions = {},
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) {
    await before?.(i)
    await fn(i)
  }
  const durations: number[] = []
  for (let i = 0; i < iterations; i++) {
    await before?.(i)
    const start = performance.now()
    await fn(i)
    durations.push(performance.now() - start)
  }
  return summarize(durations)
}

/** One SQL statement as the app issued it (captured through a Drizzle logger). */
export type Statement = { sql: string; params: unknown[] }

/**
 * The plans of a case's statements, for the report of a missed target: EXPLAIN (ANALYZE, BUFFERS) of each, logged on
 * stderr where the progress goes. `label` names a statement by its position (e.g. rows, counts).
 */
export async function explainStatements(
  client: PoolClient,
  log: (message: string) => void,
  caseName: string,
  statements: Statement[],
  label = (k: number) => String(k + 1),
) {
  for (const [k, s] of statements.entries()) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params)
    log(
      `EXPLAIN ANALYZE of ${caseName}, statement ${label(k)}, params ${JSON.stringify(s.params)}:\n${s.sql}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
    )
  }
}
