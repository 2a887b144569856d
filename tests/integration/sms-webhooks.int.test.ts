import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { queueSms } from '@/lib/sms/queue-sms'
import { sendQueuedSms } from '@/lib/sms/send-queued-sms'
import { twilioSignature } from '../support/twilio-stand-in'
import { useTestDb } from './db'
import { smsCounts, useSmsCandidates, useTwilio } from './sms-kit'

// The two Twilio webhooks, served on loopback as the app serves them: the signature is checked first (a bad one is
// 403 and writes nothing), statuses only move forward, replies reach the organisation that wrote, STOP opts out.
const db = useTestDb()
const twilio = useTwilio()
const newCandidate = useSmsCandidates(db)
const WEEKDAY = new Date('2026-11-24T10:00:00+01:00')

async function sentMessage(
  over: Partial<typeof s.candidates.$inferInsert> = {},
  authorId = 'demo-referent',
  now = WEEKDAY,
) {
  const candidate = await newCandidate(over)
  twilio.standIn().autoCallbacks = false
  const [outcome] = await queueSms(db, {
    organisationId: candidate.organisationId,
    authorId,
    kind: 'sheet',
    candidateIds: [candidate.id],
    text: 'Bonjour {prenom}',
    now,
  })
  if (!outcome?.ok) throw new Error('not queued')
  await sendQueuedSms(db, outcome.messageId, { now: () => now })
  const [row] = await db.select().from(s.smsMessages).where(eq(s.smsMessages.id, outcome.messageId))
  return { candidate, message: row! }
}
const statusOf = async (id: string) =>
  (
    await db
      .select({ status: s.smsMessages.status, errorCode: s.smsMessages.errorCode })
      .from(s.smsMessages)
      .where(eq(s.smsMessages.id, id))
  )[0]!

/** A POST to a webhook as anyone may send it: form body, and whatever signature header is given. */
async function post(path: string, params: Record<string, string>, signature?: string | null) {
  const url = `${twilio.webhookUrl()}${path}`
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (signature !== null)
    headers['x-twilio-signature'] = signature ?? twilioSignature(twilio.standIn().authToken, url, params)
  const response = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() })
  return { status: response.status, body: await response.text() }
}

describe('status callbacks', () => {
  it('refuses a missing, a wrong or a replayed-elsewhere signature with 403, and writes nothing', async () => {
    const { message } = await sentMessage()
    const path = `/api/sms/status?m=${message.id}`
    const params = {
      MessageSid: message.providerSid!,
      MessageStatus: 'delivered',
      AccountSid: twilio.standIn().accountSid,
    }
    const before = await smsCounts(db)
    expect((await post(path, params, null)).status).toBe(403)
    expect((await post(path, params, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=')).status).toBe(403)
    expect(
      (await post(path, params, twilioSignature('another-token', `${twilio.webhookUrl()}${path}`, params))).status,
    ).toBe(403)
    // Signed for another message's URL: the signature covers the URL, query included.
    expect(
      (
        await post(
          path,
          params,
          twilioSignature(
            twilio.standIn().authToken,
            `${twilio.webhookUrl()}/api/sms/status?m=${crypto.randomUUID()}`,
            params,
          ),
        )
      ).status,
    ).toBe(403)
    // Signed, then a parameter changed.
    expect(
      (
        await post(
          path,
          { ...params, MessageStatus: 'failed' },
          twilioSignature(twilio.standIn().authToken, `${twilio.webhookUrl()}${path}`, params),
        )
      ).status,
    ).toBe(403)
    expect(await statusOf(message.id)).toEqual({ status: 'sending', errorCode: null })
    expect(await smsCounts(db)).toEqual(before)
  })

  it('moves a message forward only: a repeated or late callback changes nothing', async () => {
    const { message } = await sentMessage()
    const sid = message.providerSid!
    expect(await twilio.standIn().callback(sid, 'sent')).toBe(204)
    expect((await statusOf(message.id)).status).toBe('sent')
    expect(await twilio.standIn().callback(sid, 'delivered')).toBe(204)
    expect(await twilio.standIn().callback(sid, 'delivered')).toBe(204)
    expect(await twilio.standIn().callback(sid, 'sent')).toBe(204)
    expect(await twilio.standIn().callback(sid, 'queued')).toBe(204)
    expect(await twilio.standIn().callback(sid, 'undelivered', { errorCode: 30003 })).toBe(204)
    expect(await statusOf(message.id)).toEqual({ status: 'delivered', errorCode: null })
  })

  it('shows undelivered with Twilio’s error code', async () => {
    const { message } = await sentMessage()
    expect(await twilio.standIn().callback(message.providerSid!, 'undelivered', { errorCode: 30003 })).toBe(204)
    expect(await statusOf(message.id)).toEqual({ status: 'undelivered', errorCode: '30003' })
  })

  it('answers 400, never a 5xx, to a signed callback without its fields, and 413 to a huge body', async () => {
    const { message } = await sentMessage()
    expect((await post(`/api/sms/status?m=${message.id}`, { AccountSid: 'AC0' })).status).toBe(400)
    expect(
      (await post('/api/sms/status?m=not-a-uuid', { MessageSid: 'SMunknown', MessageStatus: 'delivered' })).status,
    ).toBe(204)
    expect(
      (await post(`/api/sms/status?m=${message.id}`, { MessageSid: 'x'.repeat(20_000), MessageStatus: 'delivered' }))
        .status,
    ).toBe(413)
    expect(await statusOf(message.id)).toEqual({ status: 'sending', errorCode: null })
  })
})

describe('replies and STOP', () => {
  it('attaches a reply to the candidate of the last message sent to that number, and tells its writer', async () => {
    const { candidate, message } = await sentMessage()
    const response = await post('/api/sms/inbound', {
      From: message.toNumber,
      To: 'PASSERELLE',
      Body: 'Merci, je serai là.',
      MessageSid: `SM${crypto.randomUUID().replace(/-/g, '')}`,
    })
    expect(response).toEqual({ status: 200, body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' })
    const replies = await db
      .select()
      .from(s.smsMessages)
      .where(and(eq(s.smsMessages.candidateId, candidate.id), eq(s.smsMessages.direction, 'inbound')))
    expect(replies).toMatchObject([
      {
        organisationId: demoIds.orgSeineMaritime,
        body: 'Merci, je serai là.',
        status: 'received',
        fromNumber: message.toNumber,
      },
    ])
    const notices = await db
      .select()
      .from(s.notifications)
      .where(
        and(eq(s.notifications.kind, 'smsReply'), sql`${s.notifications.payload}->>'messageId' = ${replies[0]!.id}`),
      )
    expect(notices).toMatchObject([{ userId: 'demo-referent', readAt: null }])
  })

  it('a reply goes to the organisation that wrote last to the number, never to another', async () => {
    const phone = `0782${String(Date.now()).slice(-6)}`
    const seine = await sentMessage({ phone })
    const lyon = await sentMessage(
      { phone, organisationId: demoIds.orgLyon, firstName: 'Léna', referentId: 'demo-referent-lyon' },
      'demo-referent-lyon',
      new Date(WEEKDAY.getTime() + 60_000),
    )
    expect(await twilio.standIn().inbound({ from: lyon.message.toNumber, body: 'Bien reçu' })).toBe(200)
    const lyonReplies = await db
      .select()
      .from(s.smsMessages)
      .where(and(eq(s.smsMessages.candidateId, lyon.candidate.id), eq(s.smsMessages.direction, 'inbound')))
    const seineReplies = await db
      .select()
      .from(s.smsMessages)
      .where(and(eq(s.smsMessages.candidateId, seine.candidate.id), eq(s.smsMessages.direction, 'inbound')))
    expect(lyonReplies).toMatchObject([{ organisationId: demoIds.orgLyon, body: 'Bien reçu' }])
    expect(seineReplies).toEqual([])
    // Then Seine-Maritime writes again: the next reply is theirs.
    const later = new Date(WEEKDAY.getTime() + 120_000)
    const [again] = await queueSms(db, {
      organisationId: demoIds.orgSeineMaritime,
      authorId: 'demo-referent',
      kind: 'sheet',
      candidateIds: [seine.candidate.id],
      text: 'Et vous ?',
      now: later,
    })
    await sendQueuedSms(db, again!.ok ? again!.messageId : '', { now: () => later })
    expect(await twilio.standIn().inbound({ from: seine.message.toNumber, body: 'Oui' })).toBe(200)
    expect(
      await db
        .select({ body: s.smsMessages.body })
        .from(s.smsMessages)
        .where(and(eq(s.smsMessages.candidateId, seine.candidate.id), eq(s.smsMessages.direction, 'inbound'))),
    ).toEqual([{ body: 'Oui' }])
  })

  it.each(['STOP', 'Arrêt', 'stop sms', 'DESABONNEMENT'])(
    '“%s” opts the candidate out, audited; START opts them back in',
    async (word) => {
      const { candidate, message } = await sentMessage()
      expect(await twilio.standIn().inbound({ from: message.toNumber, body: word })).toBe(200)
      const [row] = await db
        .select({ optedOutAt: s.candidates.smsOptedOutAt })
        .from(s.candidates)
        .where(eq(s.candidates.id, candidate.id))
      expect(row!.optedOutAt).not.toBeNull()
      expect(
        await db
          .select({ action: s.auditLog.action, details: s.auditLog.details })
          .from(s.auditLog)
          .where(
            and(eq(s.auditLog.entityId, candidate.id), inArray(s.auditLog.action, ['sms.optedOut', 'sms.optedIn'])),
          ),
      ).toEqual([{ action: 'sms.optedOut', details: { source: 'reply' } }])
      expect(await twilio.standIn().inbound({ from: message.toNumber, body: 'START' })).toBe(200)
      const [after] = await db
        .select({ optedOutAt: s.candidates.smsOptedOutAt })
        .from(s.candidates)
        .where(eq(s.candidates.id, candidate.id))
      expect(after!.optedOutAt).toBeNull()
    },
  )

  it('takes a replayed reply (same provider id) once', async () => {
    const { candidate, message } = await sentMessage()
    const params = {
      From: message.toNumber,
      To: 'PASSERELLE',
      Body: 'Oui',
      MessageSid: `SM${crypto.randomUUID().replace(/-/g, '')}`,
    }
    expect((await post('/api/sms/inbound', params)).status).toBe(200)
    expect((await post('/api/sms/inbound', params)).status).toBe(200)
    expect(
      await db
        .select()
        .from(s.smsMessages)
        .where(and(eq(s.smsMessages.candidateId, candidate.id), eq(s.smsMessages.direction, 'inbound'))),
    ).toHaveLength(1)
  })

  it('writes nothing for an unknown sender, a forged reply or a signed reply without its fields', async () => {
    const before = await smsCounts(db)
    expect((await post('/api/sms/inbound', { From: '+33799999999', Body: 'STOP', MessageSid: 'SM1' })).status).toBe(200)
    expect(
      (await post('/api/sms/inbound', { From: '+33799999999', Body: 'STOP', MessageSid: 'SM2' }, 'forged')).status,
    ).toBe(403)
    expect((await post('/api/sms/inbound', { Body: 'STOP' })).status).toBe(400)
    expect(await smsCounts(db)).toEqual(before)
  })
})
