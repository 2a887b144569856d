import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { queueMail } from '@/lib/mail/queue-mail'
import { MailBusyError, sendQueuedMail } from '@/lib/mail/send-queued-mail'
import { failedSends, resendFailedMail } from '@/lib/settings/failed-sends'
import { decodeQuotedPrintable } from '../support/test-codes'
import { useJobWorker } from './auth-kit'
import { useTestDb } from './db'
import { eventually } from './sms-kit'

// Mail on the job queue: written in the transaction that causes it (a rollback leaves none), sealed while it waits,
// sent once by the worker, kept through an SMTP outage, failed visibly when the server refuses it for good.
const db = useTestDb()
useJobWorker()
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-mail-queue-'))
const saved = { OUTBOX_DIR: process.env.OUTBOX_DIR, SMTP_URL: process.env.SMTP_URL }
const created: string[] = []
beforeAll(() => {
  process.env.OUTBOX_DIR = outbox
  delete process.env.SMTP_URL
})
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  fs.rmSync(outbox, { recursive: true, force: true })
  if (created.length) {
    await db.delete(s.auditLog).where(inArray(s.auditLog.entityId, created))
    await db.delete(s.outboundMails).where(inArray(s.outboundMails.id, created))
  }
})

const mail = (over: Partial<{ to: string; text: string }> = {}) => ({
  kind: 'reset-password',
  organisationId: demoIds.orgSeineMaritime,
  to: over.to ?? `queue-${crypto.randomUUID()}@passerelle.test`,
  subject: 'Passerelle : réinitialisation de votre mot de passe',
  text: over.text ?? `Ouvrez ce lien : https://passerelle.example/new-password?token=${crypto.randomUUID()}`,
})
const row = async (id: string) => (await db.select().from(s.outboundMails).where(eq(s.outboundMails.id, id)))[0]!
const outboxMails = (to: string) =>
  fs
    .readdirSync(outbox)
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((m) => m.includes(`To: ${to}`))

/** A real SMTP server on loopback that keeps what it receives, or refuses every recipient with 550. */
async function smtpServer(options: { refuse?: boolean } = {}) {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
      callback()
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push(decodeQuotedPrintable(Buffer.concat(chunks).toString()))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

describe('the mail queue', () => {
  it('writes nothing when the change that caused the mail rolls back', async () => {
    const to = `rollback-${crypto.randomUUID()}@passerelle.test`
    let queued: string[] = []
    await db
      .transaction(async (tx) => {
        queued = await queueMail(tx, mail({ to }))
        tx.rollback()
      })
      .catch(() => undefined)
    expect(queued).toHaveLength(1)
    expect(await db.select().from(s.outboundMails).where(eq(s.outboundMails.toAddress, to))).toEqual([])
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and data->>'mailId' = ${queued[0]!}`,
    )
    expect(rows[0]!.n).toBe(0)
  })

  it('seals the text while it waits, then the worker sends it once and erases it', async () => {
    const m = mail()
    const [id] = await db.transaction((tx) => queueMail(tx, m))
    created.push(id!)
    const token = /token=(\S+)/.exec(m.text)![1]!
    const waiting = await row(id!)
    expect(waiting.sealedText).not.toContain(token)
    const sent = await eventually(async () => {
      const r = await row(id!)
      return r.status === 'sent' && r
    })
    expect(sent).toMatchObject({ sealedText: null, attempts: 1 })
    const files = outboxMails(m.to)
    expect(files).toHaveLength(1)
    expect(files[0]).toContain(token)
    expect(files[0]).toContain(`Message-ID: <${id}@passerelle.local>`)
    // A second attempt (a retried job) sends nothing more.
    expect(await sendQueuedMail(db, id!)).toBe('already')
    expect(outboxMails(m.to)).toHaveLength(1)
  })

  it('keeps the mail through an SMTP outage and sends it when the server is back', async () => {
    const m = mail()
    // The worker must not take it meanwhile: the row is inserted without its job; this test plays the job's attempts.
    const [inserted] = await db
      .insert(s.outboundMails)
      .values({
        kind: m.kind,
        organisationId: m.organisationId,
        toAddress: m.to,
        subject: m.subject,
        sealedText: (await import('@/lib/crypto/sealed')).seal(m.text),
      })
      .returning()
    created.push(inserted!.id)
    process.env.SMTP_URL = 'smtp://127.0.0.1:9' // nothing listens there
    try {
      await expect(sendQueuedMail(db, inserted!.id)).rejects.toThrow()
      expect(await row(inserted!.id)).toMatchObject({ status: 'queued', attempts: 1, errorCode: 'ESOCKET' })
      const server = await smtpServer()
      process.env.SMTP_URL = server.url
      expect(await sendQueuedMail(db, inserted!.id)).toBe('sent')
      expect(server.received.filter((r) => r.includes(`To: ${m.to}`))).toHaveLength(1)
      expect(await row(inserted!.id)).toMatchObject({ status: 'sent', attempts: 2, sealedText: null })
      await server.close()
    } finally {
      delete process.env.SMTP_URL
    }
  })

  it('fails a refused mail at once, shows it to the administrators, and lets one send it again', async () => {
    const m = mail()
    const [inserted] = await db
      .insert(s.outboundMails)
      .values({
        kind: m.kind,
        organisationId: m.organisationId,
        toAddress: m.to,
        subject: m.subject,
        sealedText: (await import('@/lib/crypto/sealed')).seal(m.text),
      })
      .returning()
    created.push(inserted!.id)
    const server = await smtpServer({ refuse: true })
    process.env.SMTP_URL = server.url
    try {
      expect(await sendQueuedMail(db, inserted!.id)).toBe('failed')
    } finally {
      delete process.env.SMTP_URL
      await server.close()
    }
    expect(await row(inserted!.id)).toMatchObject({ status: 'failed', errorCode: '550' })
    const listed = await failedSends(db, demoIds.orgSeineMaritime, new Date())
    expect(listed.mails.find((x) => x.id === inserted!.id)).toMatchObject({
      to: m.to,
      kind: 'reset-password',
      errorCode: '550',
    })
    expect(
      (await failedSends(db, demoIds.orgLyon, new Date())).mails.find((x) => x.id === inserted!.id),
    ).toBeUndefined()
    // Another organisation's administrator cannot resend it; ours can, and the worker sends it (to the outbox now).
    expect(
      await resendFailedMail(db, {
        organisationId: demoIds.orgLyon,
        mailId: inserted!.id,
        actorId: 'demo-referent-lyon',
        now: new Date(),
      }),
    ).toBe(false)
    expect(
      await resendFailedMail(db, {
        organisationId: demoIds.orgSeineMaritime,
        mailId: inserted!.id,
        actorId: 'demo-admin',
        now: new Date(),
      }),
    ).toBe(true)
    await eventually(async () => (await row(inserted!.id)).status === 'sent')
    expect(outboxMails(m.to)).toHaveLength(1)
  })

  it('fails the mail on the last attempt of a transient error', async () => {
    const m = mail()
    const [inserted] = await db
      .insert(s.outboundMails)
      .values({
        kind: m.kind,
        organisationId: m.organisationId,
        toAddress: m.to,
        subject: m.subject,
        sealedText: (await import('@/lib/crypto/sealed')).seal(m.text),
      })
      .returning()
    created.push(inserted!.id)
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'
    try {
      expect(await sendQueuedMail(db, inserted!.id, { lastAttempt: true })).toBe('failed')
    } finally {
      delete process.env.SMTP_URL
    }
    expect(await row(inserted!.id)).toMatchObject({ status: 'failed', errorCode: 'ESOCKET' })
  })

  it('sends a mail once when two attempts take it at the same moment', async () => {
    const m = mail()
    const [inserted] = await db
      .insert(s.outboundMails)
      .values({
        kind: m.kind,
        organisationId: m.organisationId,
        toAddress: m.to,
        subject: m.subject,
        sealedText: (await import('@/lib/crypto/sealed')).seal(m.text),
      })
      .returning()
    created.push(inserted!.id)
    const outcomes = await Promise.allSettled([sendQueuedMail(db, inserted!.id), sendQueuedMail(db, inserted!.id)])
    const sent = outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent')
    expect(sent).toHaveLength(1)
    const other = outcomes.find((o) => !(o.status === 'fulfilled' && o.value === 'sent'))!
    expect(other.status === 'rejected' ? other.reason instanceof MailBusyError : other.value === 'already').toBe(true)
    expect(outboxMails(m.to)).toHaveLength(1)
  })
})
