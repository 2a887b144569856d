import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'

export const dynamic = 'force-dynamic'

/** Liveness and database reachability, for the launcher, the tests and a load balancer. */
export async function GET() {
  try {
    await getDb().execute(sql`select 1`)
    return Response.json({ status: 'ok' })
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503 })
  }
}
