import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'

/**
 * The structures among these that have no enabled user and a contact address, with that address: their prescriptions
 * are answered from a signed link sent there (./answer-link.ts). A structure with an enabled user is reached through
 * its users' own settings instead, even when none of them wants mails.
 */
export async function linkAddressesOf(db: DbOrTx, structureIds: string[]): Promise<Map<string, string>> {
  if (!structureIds.length) return new Map()
  const { rows } = await db.execute<{ id: string; email: string }>(sql`
    select ps.id, trim(ps.email) as email from partner_structures ps
    where ps.id in (${sql.join(
      structureIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and nullif(trim(ps.email), '') is not null
      and not exists (select 1 from "user" u where u.structure_id = ps.id and u.disabled = false)`)
  return new Map(rows.map((r) => [r.id, r.email]))
}
