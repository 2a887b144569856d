/**
 * The figures (`npm run bench`): a candidate's SMS thread at 1 000 000 messages, a bulk send of 1 000, and the
 * job worker's sending rate to the Twilio stand-in (one worker, two workers, a configured rate). Each has its floor,
 * measured in turns in the same run: `select 1` on the same pool for the database ones, the SDK posting straight to
 * the stand-in (no database, no queue) for the worker.
 */
import type { Pool } from 'pg'
import { startJobWorker } from '../lib/jobs/worker'
import { sendBulkSms } from '../lib/sms/bulk-send'
import { smsThread } from '../lib/sms/queries'
import { bulkSchema } from '../lib/sms/schemas'
import { resetSmsTransport, smsTransport } from '../lib/sms/transport'
import { startTwilioStandIn } from '../tests/support/twilio-stand-in'
import { summarize } from './measure'
import type { Measurement, MeasurementContext } from './measurements'

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
const THREAD_TARGET_ROWS = 1_000_000

/** Loads the SMS messages (set-based) up to `target` rows in all: a few busy threads and a long tail, then VACUUM. */
async function ensureMessages(pool: Pool, target: number, log: (m: string) => void) {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_messages')
  const missing = target - rows[0]!.n
  if (missing <= 0) return
  log(`sms: loading ${missing} messages`)
  const started = performance.now()
  // Candidates with a mobile, ranked: the first 200 get a thread of ~1 000 messages each (a long-followed person),
  // the others share the rest.
  await pool.query(`
    WITH c AS (
      SELECT id, organisation_id, referent_id, '+33' || substr(phone, 2) AS to_number, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS total
      FROM candidates WHERE phone ~ '^0[67]'
    )
    INSERT INTO sms_messages (organisation_id, candidate_id, direction, author_id, kind, body, to_number, status, provider_sid, segments, scheduled_for, sent_at, status_at, created_at)
    SELECT c.organisation_id, c.id, CASE WHEN i % 5 = 0 THEN 'inbound' ELSE 'outbound' END::sms_direction,
      CASE WHEN i % 5 = 0 THEN NULL ELSE c.referent_id END, CASE WHEN i % 5 = 0 THEN 'reply' ELSE 'sheet' END,
      'Bonjour, je vous rappelle notre rendez-vous du ' || (1 + i % 28) || ' à ' || (9 + i % 8) || ' h. Merci de confirmer par retour de SMS.',
      c.to_number, CASE WHEN i % 5 = 0 THEN 'received' WHEN i % 50 = 1 THEN 'failed' ELSE 'delivered' END::sms_status,
      'SMbench' || i, 1, at, at, at, at
    FROM generate_series(0, ${missing - 1}) i
    JOIN c ON c.k = CASE WHEN i % 5 < 1 THEN (i / 5) % 200 ELSE 200 + (hashint8(i) & 2147483647) % GREATEST(c.total - 200, 1) END
    CROSS JOIN LATERAL (SELECT '2026-11-01T00:00:00Z'::timestamptz - (hashint8(i + 7) & 2147483647) % (2 * 365 * 86400) * interval '1 second' AS at) t`)
  await pool.query('VACUUM ANALYZE sms_messages')
  log(`sms: loaded in ${round((performance.now() - started) / 1000, 1)} s`)
}

/** `select 1` on the same pool, one after each call: the floor of a database read in this minute. */
const floorQuery = async (pool: Pool) => {
  const start = performance.now()
  await pool.query('SELECT 1')
  return performance.now() - start
}

export const smsThreadServer: Measurement = {
  name: 'sms-thread-server',
  async run({ pool, db, client, iterations, log }: MeasurementContext) {
    await ensureMessages(pool, THREAD_TARGET_ROWS, log)
    const { rows: busiest } = await client.query<{ organisation_id: string; candidate_id: string; n: number }>(
      'SELECT organisation_id, candidate_id, count(*)::int AS n FROM sms_messages GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 20',
    )
    const { rows: total } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_messages')
    const server: number[] = []
    const floor: number[] = []
    for (let i = 0; i < iterations + 10; i++) {
      const t = busiest[i % busiest.length]!
      const start = performance.now()
      await smsThread(db, { organisationId: t.organisation_id, candidateId: t.candidate_id })
      const ms = performance.now() - start
      const f = await floorQuery(pool)
      if (i >= 10) {
        server.push(ms)
        floor.push(f)
      }
    }
    // The plan of the same read (lib/sms/queries.ts smsThread's SQL) for the busiest thread.
    const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT m.id, m.direction, m.status, m.kind, m.body, m.segments, m.scheduled_for, m.error_code, m.status_at, m.created_at, u.first_name, u.last_name
       FROM sms_messages m LEFT JOIN "user" u ON u.id = m.author_id
       WHERE m.organisation_id = $1 AND m.candidate_id = $2 ORDER BY m.created_at DESC, m.id DESC LIMIT 51`,
      [busiest[0]!.organisation_id, busiest[0]!.candidate_id],
    )
    const text = plan.map((r) => r['QUERY PLAN']).join('\n')
    const indexOnly = /Index Only Scan using sms_messages_thread_idx/.test(text)
    const timing = summarize(server)
    const floorTiming = summarize(floor)
    const ok = timing.p95 <= 5 && indexOnly
    if (!ok) log(`sms-thread plan:\n${text}`)
    return {
      ...timing,
      floor: { query: 'select 1', p50: floorTiming.p50, p95: floorTiming.p95 },
      ratio: round(timing.p95 / floorTiming.p95),
      indexOnly,
      messages: total[0]!.n,
      threadMessages: busiest[0]!.n,
      target: { p95: 5 },
      ok,
    }
  },
}

/** An organisation's candidates with a mobile the app accepts (06/07 with a valid plan), up to n, with its sending hours opened. */
async function mobileCandidates(pool: Pool, n: number) {
  const { rows: orgs } = await pool.query<{ id: string; author: string }>(
    `SELECT o.id, (SELECT u.id FROM "user" u WHERE u.organisation_id = o.id ORDER BY u.id LIMIT 1) AS author FROM organisations o ORDER BY (SELECT count(*) FROM candidates c WHERE c.organisation_id = o.id) DESC LIMIT 1`,
  )
  const org = orgs[0]!
  await pool.query(
    `UPDATE organisations SET sms_window_start_minute = 0, sms_window_end_minute = 1440, sms_window_days = '{1,2,3,4,5,6,7}' WHERE id = $1`,
    [org.id],
  )
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM candidates WHERE organisation_id = $1 AND phone ~ '^06[0-9]{8}$' AND sms_opted_out_at IS NULL ORDER BY id LIMIT $2`,
    [org.id, n],
  )
  return { organisationId: org.id, authorId: org.author, ids: rows.map((r) => r.id) }
}

export const smsBulk1000: Measurement = {
  name: 'sms-bulk-1000',
  async run({ pool, db }: MeasurementContext) {
    const { organisationId, authorId, ids } = await mobileCandidates(pool, 1000)
    const input = bulkSchema.parse({
      candidateIds: ids,
      text: 'Bonjour {prenom}, la permanence emploi est ouverte vendredi de 9 h à 12 h. {referent}',
    })
    const server: number[] = []
    const floor: number[] = []
    const batches: string[] = []
    for (let i = 0; i < 7; i++) {
      const start = performance.now()
      const result = await sendBulkSms(db, { organisationId, authorId, input, now: new Date() })
      const ms = performance.now() - start
      if (!result.ok) throw new Error(result.error)
      batches.push(result.batchId)
      const f = performance.now()
      await pool.query('BEGIN; SELECT 1; COMMIT')
      if (i >= 2) {
        server.push(ms)
        floor.push(performance.now() - f)
      }
    }
    // Not sent here: the queued messages and their jobs go (the worker figure queues its own).
    await pool.query(
      `DELETE FROM pgboss.job WHERE name = 'send-sms' AND data->>'messageId' IN (SELECT id::text FROM sms_messages WHERE batch_id = ANY($1::uuid[]))`,
      [batches],
    )
    await pool.query(
      "DELETE FROM audit_log WHERE organisation_id = $1 AND action = $2 AND details->>'batchId' = ANY($3::text[])",
      [organisationId, 'sms.queued', batches],
    )
    await pool.query('DELETE FROM sms_messages WHERE batch_id = ANY($1::uuid[])', [batches])
    await pool.query('DELETE FROM sms_batches WHERE id = ANY($1::uuid[])', [batches])
    const timing = summarize(server)
    const floorTiming = summarize(floor)
    return {
      ...timing,
      recipients: ids.length,
      floor: { query: 'empty transaction', p50: floorTiming.p50, p95: floorTiming.p95 },
      target: { p95: 1000 },
      ok: timing.max <= 1000,
    }
  },
}

/** Queues `count` messages and measures how long the running workers take to hand them all to the stand-in. */
async function drain(ctx: MeasurementContext, standIn: Awaited<ReturnType<typeof startTwilioStandIn>>, count: number) {
  const { organisationId, authorId, ids } = await mobileCandidates(ctx.pool, count)
  const before = standIn.counts.create
  const result = await sendBulkSms(ctx.db, {
    organisationId,
    authorId,
    input: bulkSchema.parse({ candidateIds: ids, text: `Bonjour {prenom}, message ${Date.now()}` }),
    now: new Date(),
  })
  if (!result.ok) throw new Error(result.error)
  const start = performance.now()
  for (;;) {
    const { rows } = await ctx.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sms_messages WHERE batch_id = $1 AND provider_sid IS NULL`,
      [result.batchId],
    )
    if (rows[0]!.n === 0) break
    if (performance.now() - start > 300_000) throw new Error('sms worker: not drained after 5 minutes')
    await new Promise((r) => setTimeout(r, 50))
  }
  const seconds = (performance.now() - start) / 1000
  const { rows: dupes } = await ctx.pool.query<{ n: number; sids: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT provider_sid)::int AS sids FROM sms_messages WHERE batch_id = $1`,
    [result.batchId],
  )
  const creates = standIn.counts.create - before
  return {
    messages: result.queued,
    seconds: round(seconds),
    perSecond: round(result.queued / seconds, 1),
    exactlyOnce: creates === result.queued && dupes[0]!.sids === result.queued,
  }
}

export const smsWorker: Measurement = {
  name: 'sms-worker',
  async run(ctx: MeasurementContext) {
    const { pool, log } = ctx
    const standIn = await startTwilioStandIn({ inboundUrl: 'http://127.0.0.1:9/unused' })
    standIn.autoCallbacks = false
    const env = {
      TWILIO_ACCOUNT_SID: standIn.accountSid,
      TWILIO_AUTH_TOKEN: standIn.authToken,
      TWILIO_FROM: 'PASSERELLE',
      TWILIO_API_BASE_URL: standIn.url,
    }
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
    Object.assign(process.env, env)
    resetSmsTransport()
    const url = (pool as unknown as { options: { connectionString: string } }).options.connectionString
    const workers: Awaited<ReturnType<typeof startJobWorker>>[] = []
    try {
      // The floor: the SDK posting straight to the stand-in, 50 at a time (the worker's batch), no database.
      const transport = smsTransport()
      const floorCount = 1000
      const floorStart = performance.now()
      for (let i = 0; i < floorCount; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, k) =>
            transport.send({
              id: crypto.randomUUID(),
              attemptId: crypto.randomUUID(),
              to: '+33612345678',
              body: `floor ${i + k}`,
            }),
          ),
        )
      }
      const floorRate = round(floorCount / ((performance.now() - floorStart) / 1000), 1)

      log('sms-worker: one worker')
      workers.push(await startJobWorker({ connectionString: url, poolMax: 4 }))
      const one = await drain(ctx, standIn, 2000)
      log('sms-worker: two workers')
      workers.push(await startJobWorker({ connectionString: url, poolMax: 4 }))
      const two = await drain(ctx, standIn, 2000)
      log('sms-worker: two workers, 20 messages per second')
      process.env.SMS_RATE_PER_SECOND = '20'
      const limited = await drain(ctx, standIn, 200)
      delete process.env.SMS_RATE_PER_SECOND
      return {
        floor: { what: 'SDK → stand-in, 50 at a time', perSecond: floorRate },
        oneWorker: { ...one, ratio: round(one.perSecond / floorRate) },
        twoWorkers: { ...two, ratio: round(two.perSecond / floorRate) },
        rateLimited: { ...limited, limit: 20 },
        target: { perSecond: 50, limitHonoured: '≤ 20 per second' },
        ok:
          one.perSecond >= 50 &&
          one.exactlyOnce &&
          two.exactlyOnce &&
          limited.exactlyOnce &&
          limited.perSecond <= 20 * 1.05,
      }
    } finally {
      for (const w of workers) await w.stop()
      await standIn.close()
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
      resetSmsTransport()
    }
  },
}
