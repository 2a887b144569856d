import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { normaliseNir } from '@/lib/candidates/nir'
import { encryptNir, nirBlindIndex, NirKeyError, nirKeyringOrNull } from './nir-cipher'

const BATCH = 500

/**
 * The data step of the NIR's encryption, run by lib/db/migrate.ts after drizzle's migrations: SQL cannot encrypt
 * with AES-GCM, so migration 0053 adds the encrypted columns and leaves candidates.social_security_number to this.
 * Its values are encrypted in batches, each committed with the clear value set to null (an interrupted run resumes
 * where it stopped), then the column is dropped. On a fresh database the column is empty and simply dropped; once it
 * is gone, this does nothing. Returns how many NIRs it encrypted.
 *
 * Clear NIRs and no NIR_ENCRYPTION_KEY: it refuses (in French), so that no server starts on a database that still
 * holds them in clear.
 */
export async function encryptClearNirs(db: DbOrTx, batchSize = BATCH): Promise<number> {
  if (!(await clearColumnExists(db))) return 0
  let encrypted = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; nir: string }>(sql`
        select id, social_security_number as nir from candidates
        where social_security_number is not null order by id limit ${batchSize} for update`)
      if (rows.length === 0) {
        // No writer may add a clear value between the last check and the drop (an older server still running).
        await tx.execute(sql`lock table candidates in access exclusive mode`)
        const { rows: left } = await tx.execute(
          sql`select 1 from candidates where social_security_number is not null limit 1`,
        )
        if (left.length > 0) return false
        await tx.execute(sql`alter table candidates drop column social_security_number`)
        return true
      }
      const ring = nirKeyringOrNull()
      if (!ring)
        throw new NirKeyError(
          'Des numéros de sécurité sociale sont encore enregistrés en clair dans la base\u00a0: définissez NIR_ENCRYPTION_KEY pour que la migration les chiffre, puis relancez.',
        )
      const ids: string[] = []
      const ciphertexts: string[] = []
      const indexes: string[] = []
      const prefixes: string[] = []
      for (const row of rows) {
        const nir = normaliseNir(row.nir)
        ids.push(row.id)
        ciphertexts.push(encryptNir(nir, ring.current))
        indexes.push(nirBlindIndex(nir, ring.current))
        prefixes.push(nir.slice(0, 5))
      }
      // updated_at is left alone: this is no activity of the person's (the retention job counts from it).
      await tx.execute(sql`
        update candidates c set nir_encrypted = u.encrypted, nir_blind_index = u.blind_index, nir_prefix = u.prefix,
          social_security_number = null
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(ciphertexts)}::text[], ${sql.param(indexes)}::text[],
          ${sql.param(prefixes)}::text[]) as u(id, encrypted, blind_index, prefix)
        where c.id = u.id`)
      encrypted += rows.length
      return false
    })
    if (done) return encrypted
  }
}

async function clearColumnExists(db: DbOrTx): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = 'candidates' and column_name = 'social_security_number'`)
  return rows.length > 0
}
