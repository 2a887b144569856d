import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { unseal } from '@/lib/crypto/sealed'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { sendDiagnosisLink } from '@/lib/diagnosis/diagnoses'
import { toSmsNumber } from '@/lib/sms/mobile-number'
import { smsThread } from '@/lib/sms/queries'
import { sendQueuedSms } from '@/lib/sms/send-queued-sms'
import type { Handed, OutgoingSms, SmsTransport } from '@/lib/sms/transport'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const COUNSELLOR = { id: 'demo-conseiller', organisationId: demoIds.orgSeineMaritime }
/** A Wednesday morning, within the demo organisation's sending hours. */
const NOW = new Date('2026-11-25T09:00:00Z')
const TOKEN = /\/diagnosis\/([A-Za-z0-9_-]{43})/

/** A provider that records what it is handed; `lose` drops the answer (the provider took it, the app never heard). */
function provider(options: { lose?: boolean } = {}) {
  const handed: OutgoingSms[] = []
  const transport: SmsTransport = {
    name: 'outbox',
    async send(sms) {
      handed.push(sms)
      if (options.lose) throw new Error('socket hang up')
      return { sid: `SM${handed.length}${sms.id.slice(0, 8)}`, status: 'sent' }
    },
    async findHanded(sms) {
      // As Twilio's list: the messages to that number whose text is this one.
      return handed
        .filter((h) => h.to === sms.to && h.body === sms.body)
        .map((h, i): Handed => ({ sid: `SMlost${i}${h.id.slice(0, 8)}`, status: 'sent' }))
    },
    async fetchStatus() {
      return null
    },
  }
  return { transport, handed }
}

async function diagnosisSms(tx: Tx) {
  const rows = await tx
    .select({ id: s.candidates.id, phone: s.candidates.phone })
    .from(s.candidates)
    .where(
      and(
        eq(s.candidates.organisationId, demoIds.orgSeineMaritime),
        isNull(s.candidates.smsOptedOutAt),
        isNotNull(s.candidates.phone),
      ),
    )
  const candidateId = rows.find((r) => toSmsNumber(r.phone))!.id
  expect(await sendDiagnosisLink(asDb(tx), COUNSELLOR, candidateId, NOW)).toMatchObject({ ok: true })
  const [sms] = await tx
    .select()
    .from(s.smsMessages)
    .where(and(eq(s.smsMessages.candidateId, candidateId), eq(s.smsMessages.kind, 'diagnosis.link')))
  const token = TOKEN.exec(unseal(sms!.sealedBody!))![1]!
  return { sms: sms!, token, candidateId }
}

/** Every column of the message, as text: where a token in clear would show. */
async function rowText(tx: Tx, id: string): Promise<string> {
  const { rows } = await tx.execute(sql`select to_jsonb(m)::text as row from sms_messages m where m.id = ${id}`)
  return String((rows[0] as { row: string }).row)
}

const message = async (tx: Tx, id: string) =>
  (await tx.select().from(s.smsMessages).where(eq(s.smsMessages.id, id)))[0]!

describe('a diagnosis link’s token is never kept in clear in an SMS', () => {
  it('queued: the text masks it, the whole text is sealed; sent: the provider got the link, the sealed text is gone', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { sms, token, candidateId } = await diagnosisSms(tx)
      const hash = createHash('sha256').update(token).digest('base64url')
      expect(await tx.select().from(s.diagnoses).where(eq(s.diagnoses.tokenHash, hash))).toHaveLength(1)
      expect(sms.body).toContain('/diagnosis/… (lien valable 7 jours).')
      expect(await rowText(tx, sms.id)).not.toContain(token)

      const { transport, handed } = provider()
      expect(await sendQueuedSms(asDb(tx), sms.id, { transport, now: () => NOW, ratePerSecond: 0 })).toBe('sent')
      expect(handed).toHaveLength(1)
      expect(handed[0]!.body).toContain(`/diagnosis/${token}`)
      const sent = await message(tx, sms.id)
      expect(sent).toMatchObject({ status: 'sent', sealedBody: null })
      expect(sent.body).toBe(sms.body)
      expect(await rowText(tx, sms.id)).not.toContain(token)
      const thread = await smsThread(asDb(tx), { organisationId: demoIds.orgSeineMaritime, candidateId })
      expect(JSON.stringify(thread)).not.toContain(token)
    })
  })

  it('an answer lost on the way: the reconcile still finds the message by its whole text, then forgets it', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { sms, token } = await diagnosisSms(tx)
      const { transport, handed } = provider({ lose: true })
      await expect(sendQueuedSms(asDb(tx), sms.id, { transport, now: () => NOW, ratePerSecond: 0 })).rejects.toThrow()
      // On its way, fate unknown: the sealed text is kept for the reconcile.
      expect(await message(tx, sms.id)).toMatchObject({ status: 'sending', sealedBody: sms.sealedBody })
      await tx.execute(
        sql`update sms_messages set lease_until = clock_timestamp() - interval '1 second', calling_at = calling_at - interval '1 minute' where id = ${sms.id}`,
      )
      expect(await sendQueuedSms(asDb(tx), sms.id, { transport, now: () => NOW, ratePerSecond: 0 })).toBe('reconciled')
      expect(handed).toHaveLength(1)
      expect(await message(tx, sms.id)).toMatchObject({
        status: 'sent',
        sealedBody: null,
        providerSid: expect.any(String),
      })
      expect(await rowText(tx, sms.id)).not.toContain(token)
    })
  })

  it('whatever settles a message — failed, cancelled, unknown — forgets the sealed text; a link left in clear is masked', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      for (const status of ['failed', 'cancelled', 'unknown'] as const) {
        const { sms, token } = await diagnosisSms(tx)
        await tx.update(s.smsMessages).set({ status }).where(eq(s.smsMessages.id, sms.id))
        expect(await message(tx, sms.id)).toMatchObject({ status, sealedBody: null })
        expect(await rowText(tx, sms.id)).not.toContain(token)
        await tx.delete(s.smsMessages).where(eq(s.smsMessages.id, sms.id))
      }
      // A message queued before the token was sealed carries it in clear: masked as soon as it is sent.
      const { sms, token } = await diagnosisSms(tx)
      const clear = unseal(sms.sealedBody!)
      await tx.update(s.smsMessages).set({ body: clear, sealedBody: null }).where(eq(s.smsMessages.id, sms.id))
      const { transport, handed } = provider()
      expect(await sendQueuedSms(asDb(tx), sms.id, { transport, now: () => NOW, ratePerSecond: 0 })).toBe('sent')
      expect(handed[0]!.body).toContain(token)
      expect(await rowText(tx, sms.id)).not.toContain(token)
    })
  })

  it('no export reads the sealed text: the SMS data set exports the masked one', () => {
    const datasets = fs.readFileSync(path.join(process.cwd(), 'lib', 'exports', 'datasets.ts'), 'utf8')
    expect(datasets).not.toMatch(/sealed_body|sealedBody|token/i)
    expect(datasets).toContain("{ key: 'body', label: 'Texte', sql: sql`r.body` }")
  })
})
