import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { POST as inboundRoute } from '@/app/api/sms/inbound/route'
import { POST as statusRoute } from '@/app/api/sms/status/route'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { resetSmsTransport } from '@/lib/sms/transport'
import { testDatabaseUrl, type Tx } from './db'
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-stand-in'

const ROUTES: Record<string, (request: Request) => Promise<Response>> = {
  '/api/sms/status': statusRoute,
  '/api/sms/inbound': inboundRoute,
}

/**
 * The app's two Twilio webhooks (the route handlers themselves) behind a plain HTTP server on loopback: the stand-in
 * posts its signed callbacks to it as Twilio posts to the app's public URL.
 */
async function startWebhookServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const route = ROUTES[new URL(req.url ?? '/', 'http://x').pathname]
      if (!route || req.method !== 'POST') {
        res.writeHead(404).end()
        return
      }
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
      const response = await route(
        new Request(`http://${req.headers.host}${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) }),
      )
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(Buffer.from(await response.arrayBuffer()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  }
}

type UsedTwilio = { standIn: () => TwilioStandIn; webhookUrl: () => string }

const SETTINGS = [
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_MESSAGING_SERVICE_SID',
  'TWILIO_API_BASE_URL',
  'TWILIO_WEBHOOK_BASE_URL',
  'DATABASE_URL',
] as const

/**
 * For the file: the Twilio stand-in, the SDK pointed at it (TWILIO_API_BASE_URL) with its settings, and the webhooks
 * served on loopback (TWILIO_WEBHOOK_BASE_URL); the route handlers read the run's database (DATABASE_URL), or the
 * file's own (`databaseUrl`, see useThrowawayDb).
 */
export function useTwilio(options: { databaseUrl?: string } = {}): UsedTwilio {
  let standIn: TwilioStandIn | undefined
  let webhooks: Awaited<ReturnType<typeof startWebhookServer>> | undefined
  const saved: Record<string, string | undefined> = {}
  beforeAll(async () => {
    for (const key of SETTINGS) saved[key] = process.env[key]
    webhooks = await startWebhookServer()
    standIn = await startTwilioStandIn({ inboundUrl: `${webhooks.url}/api/sms/inbound`, from: 'PASSERELLE' })
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: standIn.accountSid,
      TWILIO_AUTH_TOKEN: standIn.authToken,
      TWILIO_FROM: 'PASSERELLE',
      TWILIO_API_BASE_URL: standIn.url,
      TWILIO_WEBHOOK_BASE_URL: webhooks.url,
      DATABASE_URL: options.databaseUrl ?? testDatabaseUrl(),
    })
    delete process.env.TWILIO_MESSAGING_SERVICE_SID
    resetAppDb()
    resetSmsTransport()
  })
  afterAll(async () => {
    await standIn?.close()
    await webhooks?.close()
    for (const key of SETTINGS) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
    resetSmsTransport()
    await resetAppDb()
  })
  return { standIn: () => standIn!, webhookUrl: () => webhooks!.url }
}

/** getDb() (what route handlers use) is created once per process: start it again on the current DATABASE_URL. */
async function resetAppDb() {
  const cache = globalThis as unknown as { __passerelleDb?: { pool: { end: () => Promise<void> } } }
  const old = cache.__passerelleDb
  cache.__passerelleDb = undefined
  await old?.pool.end()
}

/** Polls `check` until it returns a truthy value (the worker and the callbacks run on their own). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error('eventually: timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Candidates made for the file (their own mobile numbers, so that replies find them), deleted after it with their
 * messages, notices and audit rows.
 */
export function useSmsCandidates(db: Db) {
  const created: string[] = []
  afterAll(async () => {
    if (!created.length) return
    await db.delete(s.notifications).where(inArray(sql`${s.notifications.payload}->>'candidateId'`, created))
    await db.delete(s.smsBatchSkips).where(inArray(s.smsBatchSkips.candidateId, created))
    await db.delete(s.smsMessages).where(inArray(s.smsMessages.candidateId, created))
    await db.delete(s.auditLog).where(inArray(s.auditLog.entityId, created))
    await db.delete(s.candidates).where(inArray(s.candidates.id, created))
  })
  let n = 0
  return async function newCandidate(over: Partial<typeof s.candidates.$inferInsert> = {}) {
    n += 1
    // 07 8x xx xx xx: valid French mobiles, distinct per run and per candidate.
    const suffix = String((Date.now() % 1_000_000) * 10 + n)
      .slice(-6)
      .padStart(6, '0')
    const [row] = await db
      .insert(s.candidates)
      .values({
        organisationId: demoIds.orgSeineMaritime,
        firstName: `Prénom${n}`,
        lastName: `Sms${n}`,
        phone: `0781${suffix}`,
        referentId: 'demo-referent',
        ...over,
      })
      .returning()
    created.push(row!.id)
    return row!
  }
}

/** Rows that a refused call must not change. */
export async function smsCounts(handle: Db | Tx) {
  const { rows } = await handle.execute<{ messages: number; jobs: number; audit: number; batches: number }>(
    sql`select (select count(*)::int from sms_messages) as messages, (select count(*)::int from pgboss.job where name = 'send-sms') as jobs,
               (select count(*)::int from audit_log) as audit, (select count(*)::int from sms_batches) as batches`,
  )
  return rows[0]!
}

/**
 * An organisation of its own for the file, whose SMS may leave at any hour (the worker reads the real clock), with a
 * referent; deleted after the file with everything written for it.
 */
export function useSmsOrganisation(db: Db) {
  const ids = { organisationId: crypto.randomUUID(), referentId: `it-sms-${crypto.randomUUID()}` }
  beforeAll(async () => {
    await db.insert(s.organisations).values({
      id: ids.organisationId,
      name: 'Mission locale de test',
      smsWindowStartMinute: 0,
      smsWindowEndMinute: 24 * 60,
      smsWindowDays: [1, 2, 3, 4, 5, 6, 7],
    })
    await db.insert(s.users).values({
      id: ids.referentId,
      email: `${ids.referentId}@passerelle.test`,
      name: 'Réf Test',
      firstName: 'Rémi',
      lastName: 'Test',
      phone: '0601020304',
      role: 'referent',
      organisationId: ids.organisationId,
    })
  })
  afterAll(async () => {
    const org = ids.organisationId
    await db.execute(sql`delete from notifications where user_id = ${ids.referentId}`)
    await db.execute(
      sql`delete from sms_batch_skips where batch_id in (select id from sms_batches where organisation_id = ${org})`,
    )
    await db.execute(sql`delete from sms_messages where organisation_id = ${org}`)
    await db.execute(sql`delete from sms_batches where organisation_id = ${org}`)
    await db.execute(sql`delete from sms_templates where organisation_id = ${org}`)
    await db.execute(sql`delete from audit_log where organisation_id = ${org}`)
    await db.execute(sql`delete from candidates where organisation_id = ${org}`)
    await db.execute(sql`delete from "user" where id = ${ids.referentId}`)
    await db.execute(sql`delete from organisations where id = ${org}`)
  })
  return ids
}
