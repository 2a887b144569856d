import { drizzle } from 'drizzle-orm/node-postgres'
import * as schema from '../lib/db/schema'
import { createDb } from '../lib/db/client'
import { listAppliesByTab } from '../lib/applies/list-by-tab'
const url = 'postgresql://postgres@127.0.0.1:5432/' + process.env.PGDB
const { pool } = createDb(url, 4)
const captured: { sql: string; params: unknown[] }[] = []
const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } })
const offerId = 'd994f3b7-4599-4000-8000-000000000000', structureId = '50011266-e2bf-4000-8000-000000000000'
const places = (await pool.query(`select id from places where label in ('Rouen','Lyon','Lille','Bordeaux')`)).rows.map((r) => r.id)
for (const [name, filters] of Object.entries({ none: {}, search: { search: 'mar' }, filters: { placeIds: places, statusValues: ['new', 'inProgress'] } })) {
  for (const tab of ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const) {
    captured.length = 0
    let t = performance.now()
    const r = await listAppliesByTab(db as any, { structureId, offerId, tab, filters, skip: 0, limit: 50 })
    t = performance.now()
    for (let i = 0; i < 5; i++) await listAppliesByTab(db as any, { structureId, offerId, tab, filters, skip: 0, limit: 50 })
    console.log(name, tab, r.rows.length, JSON.stringify(r.counts), ((performance.now() - t) / 5).toFixed(1), 'ms')
    if (name === 'search' && tab === 'PRESCRIPTION_FILLED') console.log(captured.slice(0, 2))
  }
}
await pool.end()
