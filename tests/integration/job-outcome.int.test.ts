import { eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { seal } from '@/lib/crypto/sealed'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { sweepSends } from '@/lib/jobs/sweep-sends'
import { enqueue } from '@/lib/queue/enqueue'
import { failedSends } from '@/lib/settings/failed-sends'
import { workerProcess } from '../support/chaos'
import { useTestDb, testDatabaseUrl } from './db'
import { eventually } from './sms-kit'

/**
 * Mails were once found `queued` or `sending` whose jobs were `completed`. Here the database goes away from a job worker
 * (its role may no longer log in, its connections are cut) while the mail server holds the mail: the write of the
 * outcome fails, and so does telling pg-boss. The job must not end `completed` over a mail whose outcome was not
 * written; once the mail's lease has passed, the sweep makes it `unknown` (the server did get it), for a person.
 */
const db = useTestDb()
const role = `passerelle_it_worker_${process.pid}`
// A password, for servers that ask one (the embedded PostgreSQL does; a trust server ignores it).
const password = `pw-${crypto.randomUUID()}`
const saved = { SMTP_URL: process.env.SMTP_URL }
let stopSink: (() => Promise<void>) | undefined

afterAll(async () => {
  await stopSink?.()
  if (saved.SMTP_URL === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = saved.SMTP_URL
  await db.execute(sql.raw(`alter role ${role} login`)).catch(() => undefined)
  await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${role}`)
  await db.execute(sql.raw(`drop role if exists ${role}`)).catch(() => undefined)
})

describe('a job whose outcome cannot be written', () => {
  it('is not completed while its mail is still `sending`; the sweep then shows the mail as unknown', async () => {
    await db.execute(sql.raw(`create role ${role} superuser login password '${password}'`))
    let received = 0
    let dataStarted: () => void = () => undefined
    const started = new Promise<void>((resolve) => (dataStarted = resolve))
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.on('data', () => undefined)
        stream.on('end', () => {
          dataStarted()
          // The server keeps the mail 1.5 s before answering: the database goes away meanwhile.
          setTimeout(() => {
            received += 1
            callback()
          }, 1_500)
        })
      },
    })
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
    stopSink = () => new Promise<void>((r) => sink.close(() => r()))
    process.env.SMTP_URL = `smtp://127.0.0.1:${(sink.server.address() as { port: number }).port}`

    const [mail] = await db
      .insert(s.outboundMails)
      .values({
        kind: 'reset-password',
        organisationId: demoIds.orgSeineMaritime,
        toAddress: `outage-${crypto.randomUUID()}@passerelle.test`,
        subject: 'Panne',
        sealedText: seal('Bonjour'),
      })
      .returning()
    await enqueue(db, { queue: 'send-mail', data: { mailId: mail!.id } })
    const jobState = async () =>
      (
        await db.execute<{ state: string }>(
          sql`select state from pgboss.job where name = 'send-mail' and data->>'mailId' = ${mail!.id}`,
        )
      ).rows.map((r) => r.state)

    const url = new URL(testDatabaseUrl())
    url.username = role
    url.password = password
    // The app's worker, in its own process as in production (where scripts/serve.mjs restarts it if it dies).
    const worker = workerProcess({
      DATABASE_URL: url.toString(),
      CHAOS_QUEUE: 'send-mail',
      SMTP_URL: process.env.SMTP_URL,
      JOB_SCHEDULES: 'off',
    })
    try {
      await worker.ready
      await started
      await db.execute(sql.raw(`alter role ${role} nologin`))
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${role}`)
      // The server took it; the worker could write nothing, nor tell pg-boss anything.
      await eventually(async () => received === 1)
      await new Promise((r) => setTimeout(r, 2_000))
      const [row] = await db.select().from(s.outboundMails).where(eq(s.outboundMails.id, mail!.id))
      expect(row).toMatchObject({ status: 'sending' })
      expect(row!.callingAt).not.toBeNull()
      expect(await jobState()).toEqual(['active'])
    } finally {
      worker.child.kill('SIGKILL')
      await db.execute(sql.raw(`alter role ${role} login`))
    }
    expect(await jobState()).not.toContain('completed')

    // The lease runs out and the call's bound with it (made to, here); the sweep settles the mail: the server may have
    // it, so a person decides.
    await db.execute(
      sql`update outbound_mails set lease_until = clock_timestamp() - interval '1 second', calling_at = calling_at - interval '1 minute' where id = ${mail!.id}`,
    )
    await sweepSends(db, { now: new Date() })
    const [settled] = await db.select().from(s.outboundMails).where(eq(s.outboundMails.id, mail!.id))
    expect(settled).toMatchObject({ status: 'unknown', errorCode: 'unknownFate' })
    expect(settled!.sealedText).not.toBeNull()
    expect(
      (await failedSends(db, demoIds.orgSeineMaritime, new Date())).mails.find((m) => m.id === mail!.id),
    ).toMatchObject({ status: 'unknown' })
    expect(received).toBe(1)
    await db.execute(sql`delete from pgboss.job where name = 'send-mail' and data->>'mailId' = ${mail!.id}`)
    await db.delete(s.outboundMails).where(eq(s.outboundMails.id, mail!.id))
  }, 60_000)
})
