import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { DEMO_REFERRAL_TOKEN } from '@/db/seed/referrals'
import { createLink, listLinks, usableLink } from '@/lib/referrals/links'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const ADMIN = { id: 'demo-admin', organisationId: demoIds.orgSeineMaritime }
const NOW = new Date('2026-11-25T09:00:00Z')
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/** Every value of a referral link's row, as text: where a token in clear would show. */
async function rowText(handle: Db | Tx, id: string): Promise<string> {
  const { rows } = await handle.execute(sql`select to_jsonb(l)::text as row from referral_links l where l.id = ${id}`)
  return String((rows[0] as { row: string }).row)
}

describe('referral-link tokens are stored hashed', () => {
  it('a new link: its token is given once, the table keeps only its SHA-256 and four characters to tell it apart', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const link = await createLink(
        asDb(tx),
        ADMIN,
        { label: 'CCAS de Fécamp', notifyEmail: 'a@b.test', expiresOn: '' },
        NOW,
      )
      if (!link.ok) throw new Error(link.error)
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/)
      const stored = await rowText(tx, link.id)
      expect(stored).not.toContain(link.token)
      expect(stored).not.toContain(link.token.slice(4))
      const [row] = await tx.select().from(s.referralLinks).where(eq(s.referralLinks.id, link.id))
      expect(row).toMatchObject({ tokenHash: sha256(link.token), tokenHint: link.token.slice(0, 4) })
      // The link opens by its token, not by what the table holds.
      expect(await usableLink(asDb(tx), link.token, NOW)).toMatchObject({ id: link.id })
      expect(await usableLink(asDb(tx), row!.tokenHash, NOW)).toBeNull()
      // The settings list holds no token: only the four characters.
      const listed = (await listLinks(asDb(tx), demoIds.orgSeineMaritime)).find((l) => l.id === link.id)
      expect(listed).toMatchObject({ tokenHint: link.token.slice(0, 4) })
      expect(JSON.stringify(listed)).not.toContain(link.token)
    })
  })

  it('the demo’s link still opens by its published token, which no row holds in clear', async () => {
    expect(await usableLink(db, DEMO_REFERRAL_TOKEN, NOW)).toMatchObject({ label: 'CCAS de Dieppe' })
    const { rows } = await db.execute(
      sql`select count(*)::int as n from referral_links l where to_jsonb(l)::text like ${`%${DEMO_REFERRAL_TOKEN}%`}`,
    )
    expect((rows[0] as { n: number }).n).toBe(0)
  })

  it('the migration hashes the existing tokens as the app does (SHA-256 of the UTF-8 text, in hex)', async () => {
    const migration = fs
      .readdirSync(path.join(process.cwd(), 'drizzle'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(process.cwd(), 'drizzle', f), 'utf8'))
      .find((text) => text.includes('"token_hash" = encode(sha256(convert_to("token", \'UTF8\')), \'hex\')'))
    expect(migration).toBeDefined()
    const { rows } = await db.execute(
      sql`select encode(sha256(convert_to(${DEMO_REFERRAL_TOKEN}, 'UTF8')), 'hex') as hash`,
    )
    expect((rows[0] as { hash: string }).hash).toBe(sha256(DEMO_REFERRAL_TOKEN))
  })
})
