import fs from 'node:fs/promises'
import path from 'node:path'
import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import { appUrl } from '@/lib/auth/app-url'
import { outboxDir } from '@/lib/mail/mailer'
import { echoToTerminal } from '@/lib/outbox-echo'
import { now as clockNow } from '@/lib/clock'
import { SMS_CALL_TIMEOUT_MS } from '@/lib/delivery/bounds'

/** What the provider says of a message, in our words. */
export type ProviderStatus = 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed'
export type Handed = { sid: string; status: ProviderStatus; errorCode?: string | null }

/** The provider refused the message for good (invalid number, unsubscribed recipient, not a mobile…). */
export class PermanentSmsError extends Error {
  constructor(readonly code: string) {
    super(`SMS refused (${code})`)
    this.name = 'PermanentSmsError'
  }
}

/** The provider answered that it did not take the message (408, 429, 503): another attempt may send it. */
export class RefusedForNowSmsError extends Error {
  constructor(readonly code: string) {
    super(`SMS not taken for now (${code})`)
    this.name = 'RefusedForNowSmsError'
  }
}

/** `attemptId`: the attempt that calls (lib/delivery/attempt.ts), carried with our id in the status-callback URL. */
export type OutgoingSms = { id: string; attemptId: string; to: string; body: string }

/**
 * The only answers that say Twilio created nothing: a request time-out, too many requests, unavailable. A 500, 502 or
 * 504 may come from a proxy or a server that failed after creating the message: its fate is left to the reconcile.
 */
const NOT_TAKEN_STATUSES = new Set([408, 429, 503])

export interface SmsTransport {
  readonly name: 'twilio' | 'outbox'
  /**
   * Hands the message over. Throws PermanentSmsError (refused for good), RefusedForNowSmsError (answered, not taken),
   * or any other error when the fate is unknown (no answer: the provider may have taken it).
   */
  send(sms: OutgoingSms): Promise<Handed>
  /**
   * The provider's outbound messages to `to` with this text created since `since` (an earlier attempt that died
   * before its outcome was recorded). Twilio's message resource does not return the status-callback URL, so text and
   * time are what a list can match on; the caller excludes the ones already recorded for other messages.
   */
  findHanded(sms: { id: string; to: string; body: string }, since: Date): Promise<Handed[]>
  /** What the provider says of a message it took, now (its status callbacks may have been lost); null if unknown. */
  fetchStatus(sid: string): Promise<Handed | null>
}

/** Twilio's statuses: accepted/queued/sending are still on their way; read/delivered are delivered. */
export function providerStatusOf(twilioStatus: string | null | undefined): ProviderStatus {
  switch (twilioStatus) {
    case 'sent':
      return 'sent'
    case 'delivered':
    case 'read':
      return 'delivered'
    case 'undelivered':
      return 'undelivered'
    case 'failed':
    case 'canceled':
      return 'failed'
    default:
      return 'sending'
  }
}

/** Twilio's errors that no retry will change; 21610 also means the recipient answered STOP to Twilio itself. */
export const PERMANENT_TWILIO_CODES = new Set([21211, 21408, 21610, 21612, 21614, 21617, 21635, 21606, 21660])

export const twilioConfigured = () =>
  !!(
    process.env.TWILIO_ACCOUNT_SID &&
    process.env.TWILIO_AUTH_TOKEN &&
    (process.env.TWILIO_MESSAGING_SERVICE_SID || process.env.TWILIO_FROM)
  )

/** Where Twilio posts status callbacks and replies: the app's public URL (TWILIO_WEBHOOK_BASE_URL, else BETTER_AUTH_URL). */
export const webhookBaseUrl = () => (process.env.TWILIO_WEBHOOK_BASE_URL ?? appUrl()).replace(/\/+$/, '')

/**
 * The official SDK. TWILIO_API_BASE_URL (tests: the local stand-in) re-targets its requests through the SDK's own
 * extension point, a custom HTTP client; unset, it talks to api.twilio.com. The SDK's own retries are off: the job
 * queue retries, with back-off, and reconciles first.
 */
function twilioClient() {
  const base = process.env.TWILIO_API_BASE_URL
  class RetargetedClient extends twilio.RequestClient {
    request<T>(opts: RequestClient.RequestOptions<T>) {
      if (!base) return super.request<T>(opts)
      const uri = new URL(opts.uri)
      const target = new URL(base)
      uri.protocol = target.protocol
      uri.host = target.host
      return super.request<T>({ ...opts, uri: uri.toString() })
    }
  }
  const httpClient = new RetargetedClient({ timeout: SMS_CALL_TIMEOUT_MS, autoRetry: false })
  // The SDK's time-out is the socket's idle timer: an answer trickled byte by byte would outlive it, and the attempt's
  // lease with it. A signal started with each request bounds the whole call.
  httpClient.axios.interceptors.request.use((config) => {
    config.signal = AbortSignal.timeout(SMS_CALL_TIMEOUT_MS)
    return config
  })
  return twilio(process.env.TWILIO_ACCOUNT_SID, process.env.TWILIO_AUTH_TOKEN, {
    httpClient,
    autoRetry: false,
    timeout: SMS_CALL_TIMEOUT_MS,
  })
}

function twilioTransport(): SmsTransport {
  const client = twilioClient()
  const sender = process.env.TWILIO_MESSAGING_SERVICE_SID
    ? { messagingServiceSid: process.env.TWILIO_MESSAGING_SERVICE_SID }
    : { from: process.env.TWILIO_FROM! }
  return {
    name: 'twilio',
    async send(sms) {
      try {
        const message = await client.messages.create({
          to: sms.to,
          body: sms.body,
          ...sender,
          // Our ids in the URL (never a number): a callback that arrives before the provider's id is recorded still
          // finds its message, and the Twilio stand-in counts the calls of each attempt.
          statusCallback: `${webhookBaseUrl()}/api/sms/status?m=${sms.id}&a=${sms.attemptId}`,
        })
        return {
          sid: message.sid,
          status: providerStatusOf(message.status),
          errorCode: message.errorCode ? String(message.errorCode) : null,
        }
      } catch (error) {
        const e = error as { status?: number; code?: number }
        if (e.status && NOT_TAKEN_STATUSES.has(e.status)) throw new RefusedForNowSmsError(String(e.status))
        if (e.status && e.status >= 400 && e.status < 500) throw new PermanentSmsError(String(e.code ?? e.status))
        if (e.code && PERMANENT_TWILIO_CODES.has(e.code)) throw new PermanentSmsError(String(e.code))
        // Another 5xx, or no answer at all (the bound above included): Twilio may have the message, the reconcile asks.
        throw error
      }
    },
    async findHanded(sms, since) {
      // Newest first. Filtered here on the creation date, not by Twilio on the sending date: a message still queued
      // at Twilio has none yet. The window opens a minute before the attempt (the two clocks may differ a little).
      const recent = await client.messages.list({ to: sms.to, limit: 50 })
      const from = since.getTime() - 60_000
      return recent
        .filter((m) => m.body === sms.body && m.direction !== 'inbound' && (m.dateCreated?.getTime() ?? 0) >= from)
        .map((m) => ({
          sid: m.sid,
          status: providerStatusOf(m.status),
          errorCode: m.errorCode ? String(m.errorCode) : null,
        }))
    },
    async fetchStatus(sid) {
      try {
        const m = await client.messages(sid).fetch()
        return { sid: m.sid, status: providerStatusOf(m.status), errorCode: m.errorCode ? String(m.errorCode) : null }
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null
        throw error
      }
    },
  }
}

/** The embedded default: each SMS is a JSON file in OUTBOX_DIR/sms/ named after its id (written once), delivered at once. */
function outboxTransport(): SmsTransport {
  const dir = () => path.join(outboxDir(), 'sms')
  const from = process.env.TWILIO_FROM ?? 'PASSERELLE'
  return {
    name: 'outbox',
    async send(sms) {
      await fs.mkdir(dir(), { recursive: true })
      const file = path.join(dir(), `${sms.id}.json`)
      try {
        await fs.writeFile(
          file,
          JSON.stringify({ to: sms.to, body: sms.body, from, sentAt: clockNow().toISOString() }, null, 2),
          { flag: 'wx' },
        )
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      echoToTerminal('✆', sms.to, sms.body, sms.body)
      return { sid: `outbox-${sms.id}`, status: 'delivered' }
    },
    async findHanded(sms) {
      try {
        await fs.access(path.join(dir(), `${sms.id}.json`))
        return [{ sid: `outbox-${sms.id}`, status: 'delivered' }]
      } catch {
        return []
      }
    },
    async fetchStatus(sid) {
      return sid.startsWith('outbox-') ? { sid, status: 'delivered' } : null
    },
  }
}

let transport: SmsTransport | null = null

/** Twilio when it is configured, else the outbox. */
export function smsTransport(): SmsTransport {
  transport ??= twilioConfigured() ? twilioTransport() : outboxTransport()
  return transport
}

/** Tests change the settings between runs. */
export function resetSmsTransport(): void {
  transport = null
}
