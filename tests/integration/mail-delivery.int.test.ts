import net from 'node:net'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { seal } from '@/lib/crypto/sealed'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { sweepSends } from '@/lib/jobs/sweep-sends'
import { sendQueuedMail } from '@/lib/mail/send-queued-mail'
import { useTestDb } from './db'

// The mail half of the delivery machine's doors: what an SMTP failure says depends on the stage it happened at.
const db = useTestDb()
const created: string[] = []
const savedSmtp = process.env.SMTP_URL
afterAll(async () => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = savedSmtp
  if (!created.length) return
  await db.execute(
    sql`delete from pgboss.job where name = 'send-mail' and data->>'mailId' = any(${`{${created.join(',')}}`}::text[])`,
  )
  await db.delete(s.outboundMails).where(inArray(s.outboundMails.id, created))
})

/** A mail row with no job: the test plays the job's attempts. */
async function waitingMail() {
  const [row] = await db
    .insert(s.outboundMails)
    .values({
      kind: 'reset-password',
      organisationId: demoIds.orgSeineMaritime,
      toAddress: `delivery-${crypto.randomUUID()}@passerelle.test`,
      subject: 'Passerelle : test',
      sealedText: seal('Bonjour'),
    })
    .returning()
  created.push(row!.id)
  return row!
}
const row = async (id: string) => (await db.select().from(s.outboundMails).where(eq(s.outboundMails.id, id)))[0]!

/** A server that takes connections and never says a word (no greeting). */
async function silentServer() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe('SMTP failures by stage', () => {
  it('a server that accepts the connection and never greets got nothing: the mail goes back to the queue', async () => {
    const server = await silentServer()
    process.env.SMTP_URL = server.url
    try {
      const mail = await waitingMail()
      await expect(sendQueuedMail(db, mail.id)).rejects.toThrow()
      expect(await row(mail.id)).toMatchObject({ status: 'queued', attemptId: null, callingAt: null })
      expect((await row(mail.id)).errorCode).toBe('ETIMEDOUT')
    } finally {
      await server.close()
      delete process.env.SMTP_URL
    }
  }, 20_000)
})

describe('the sweep', () => {
  it('settles each mail on its own: one whose write throws does not stop the others', async () => {
    const broken = await waitingMail()
    const fine = await waitingMail()
    // Both attempts died before calling SMTP, the broken one's lease first (the sweep takes the oldest first).
    await db.execute(sql`
      update outbound_mails set status = 'sending', attempt_id = gen_random_uuid(), attempt_started_at = clock_timestamp(),
        lease_until = clock_timestamp() - case when id = ${broken.id} then interval '2 minutes' else interval '1 minute' end
      where id in (${broken.id}, ${fine.id})`)
    const trigger = `refuse_${broken.id.replaceAll('-', '')}`
    await db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$ begin if new.id = '${broken.id}' then raise exception 'broken'; end if; return new; end $$;
        create trigger ${trigger} before update on outbound_mails for each row execute function ${trigger}();`),
    )
    try {
      const swept = await sweepSends(db, { now: new Date() })
      expect(swept.mails.error).toBeGreaterThanOrEqual(1)
      expect(await row(fine.id)).toMatchObject({ status: 'queued', attemptId: null })
      expect(await row(broken.id)).toMatchObject({ status: 'sending' })
    } finally {
      await db.execute(sql.raw(`drop trigger ${trigger} on outbound_mails; drop function ${trigger}();`))
    }
  })

  it('gives a mail left queued with no job a new one through pg-boss’s own API, once per ten minutes', async () => {
    const mail = await waitingMail()
    await db.execute(
      sql`update outbound_mails set status_at = clock_timestamp() - interval '11 minutes' where id = ${mail.id}`,
    )
    const jobs = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and data->>'mailId' = ${mail.id}`,
        )
      ).rows[0]!.n
    expect(await jobs()).toBe(0)
    expect((await sweepSends(db, { now: new Date() })).mails.orphans).toBeGreaterThanOrEqual(1)
    expect(await jobs()).toBe(1)
    await sweepSends(db, { now: new Date() })
    expect(await jobs()).toBe(1)
  })
})
