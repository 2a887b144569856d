import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { decryptNir, encryptNir, nirBlindIndex, type NirKeyring } from './nir-cipher'

export type RotationOutcome = {
  /** NIRs re-encrypted by this run. */
  reencrypted: number
  /** NIRs left under a key that is neither the current one nor the previous one (they cannot be read). */
  unknownKey: number
}

/**
 * Re-encrypts every NIR stored under the previous key with the current one, and recomputes its blind index, in
 * batches each committed on its own: the app keeps running (it reads either key and compares both indexes meanwhile),
 * and an interrupted run resumes with the rows still under the previous key. Nothing but the two NIR columns changes,
 * updated_at included (the retention job counts from it). Rows under the current key are never touched.
 */
export async function rotateNirKey(
  db: DbOrTx,
  ring: NirKeyring,
  { batchSize = 500, onBatch }: { batchSize?: number; onBatch?: (done: number) => void } = {},
): Promise<RotationOutcome> {
  let reencrypted = 0
  const previous = ring.previous
  if (previous) {
    const header = `v1:${previous.id}:`
    let after = '00000000-0000-0000-0000-000000000000'
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string; nir: string }>(sql`
          select id, nir_encrypted as nir from candidates
          where id > ${after}::uuid and starts_with(nir_encrypted, ${header})
          order by id limit ${batchSize} for update`)
        if (rows.length === 0) return null
        const ids: string[] = []
        const ciphertexts: string[] = []
        const indexes: string[] = []
        for (const row of rows) {
          const nir = decryptNir(row.nir, ring)
          ids.push(row.id)
          ciphertexts.push(encryptNir(nir, ring.current))
          indexes.push(nirBlindIndex(nir, ring.current))
        }
        await tx.execute(sql`
          update candidates c set nir_encrypted = u.encrypted, nir_blind_index = u.blind_index
          from unnest(${sql.param(ids)}::uuid[], ${sql.param(ciphertexts)}::text[], ${sql.param(indexes)}::text[])
            as u(id, encrypted, blind_index)
          where c.id = u.id`)
        return { count: rows.length, last: rows[rows.length - 1]!.id }
      })
      if (!batch) break
      after = batch.last
      reencrypted += batch.count
      onBatch?.(reencrypted)
    }
  }
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from candidates
    where nir_encrypted is not null and not starts_with(nir_encrypted, ${`v1:${ring.current.id}:`})`)
  return { reencrypted, unknownKey: Number(rows[0]?.n ?? 0) }
}
