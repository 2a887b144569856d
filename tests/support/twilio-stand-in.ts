/**
 * A Twilio stand-in on loopback for the tests: a small HTTP server speaking the part of the Messages API that Passerelle
 * uses, so that the official SDK is pointed at it (TWILIO_API_BASE_URL) and nothing is mocked.
 *
 * - POST /2010-04-01/Accounts/{sid}/Messages.json (Basic auth): accepts a message (201) and, unless told otherwise,
 *   posts its status callbacks (sent, then delivered) to its StatusCallback, signed as Twilio signs them; the message
 *   moves on at the stand-in even when the app does not take a callback, which is posted again after a 5xx.
 * - GET the same path: the account's messages, newest first, filtered by To (the SDK's list()).
 * - GET …/Messages/{MessageSid}.json: one message and its status now (the SDK's messages(sid).fetch()).
 * - On demand: answers the next sends with an HTTP status and a Twilio error code (429, 504, 21211, 21610…), takes
 *   a message and drops the connection before answering (a provider that accepted it, a client that never heard),
 *   holds a request before taking it, or trickles its answer (a call that outlives its lease, a call past its bound).
 * - Posts inbound messages (replies, STOP) to the app, signed.
 * - For the e2e specs, which run in another process: POST /_stand-in/inbound {from, body} posts a reply, and
 *   GET /_stand-in/messages lists what it received (loopback only, no auth: a test device).
 *
 * The signature is computed here by hand from Twilio's documented algorithm (HMAC-SHA1 of the URL followed by the
 * sorted parameters, keyed with the auth token, base64), independently of the SDK whose validateRequest the app uses.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type StandInMessage = {
  sid: string
  to: string
  from: string
  body: string
  status: string
  statusCallback: string | null
  dateCreated: Date
  errorCode: number | null
}

/**
 * How the next send goes wrong: an HTTP error; 'drop-after-accept' (taken, the connection dropped before the answer);
 * `hold` (the request waits that long before it is taken and answered); `trickle` (taken at once, the answer's headers
 * sent, then a byte every 500 ms for that long before its body: an idle timer never fires, only a total one does).
 */
export type Failure =
  { status: number; code?: number; message?: string } | 'drop-after-accept' | { holdMs: number } | { trickleMs: number }

/** One send request as received: our message and attempt ids (from its StatusCallback URL) and what was answered. */
export type CreateRequest = { messageId: string | null; attemptId: string | null; accepted: boolean; status: number }

/** For the chaos test: every send answers after a random delay, and fails at random with 429 or 500. */
export type Chaos = { latencyMs: [number, number]; p429: number; p500: number }

export type TwilioStandIn = {
  url: string
  accountSid: string
  authToken: string
  messages: StandInMessage[]
  /** Requests received, by kind: how many sends were attempted, how many lists, how many fetches of one message. */
  counts: { create: number; list: number; fetch: number }
  /** Every send request, in the order received (the stand-in's own count of what each message and attempt cost). */
  creates: CreateRequest[]
  /** Slow answers and random 429/500, or null. */
  chaos: Chaos | null
  /** The next `times` sends fail this way. */
  failNext(failure: Failure, times?: number): void
  /** Callbacks after acceptance: automatic (sent then delivered), or none (the test posts them with `callback`). */
  autoCallbacks: boolean
  /** Posts a status callback for a message (signed, or with the given signature). */
  callback(sid: string, status: string, options?: { errorCode?: number; signature?: string }): Promise<number>
  /** Posts an inbound message (a reply) to the app's inbound URL, signed; returns the HTTP status. */
  inbound(message: { from: string; to?: string; body: string; signature?: string }): Promise<number>
  close(): Promise<void>
}

/** Twilio's request signature: base64(HMAC-SHA1(authToken, url + each param name and value, sorted by name)). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url)
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64')
}

const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000')

export async function startTwilioStandIn(options: {
  inboundUrl: string
  from?: string
  accountSid?: string
  authToken?: string
  port?: number
}): Promise<TwilioStandIn> {
  const accountSid = options.accountSid ?? `AC${crypto.randomBytes(16).toString('hex')}`
  const authToken = options.authToken ?? crypto.randomBytes(16).toString('hex')
  const messages: StandInMessage[] = []
  const failures: Failure[] = []
  const counts = { create: 0, list: 0, fetch: 0 }
  const base = `/2010-04-01/Accounts/${accountSid}/Messages.json`

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const resource = (m: StandInMessage) => ({
    sid: m.sid,
    account_sid: accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: m.status,
    direction: 'outbound-api',
    date_created: rfc2822(m.dateCreated),
    date_updated: rfc2822(m.dateCreated),
    date_sent: m.status === 'queued' || m.status === 'accepted' ? null : rfc2822(m.dateCreated),
    error_code: m.errorCode,
    error_message: null,
    num_segments: '1',
    num_media: '0',
    price: null,
    price_unit: 'EUR',
    api_version: '2010-04-01',
    messaging_service_sid: null,
    uri: `${base.replace('.json', '')}/${m.sid}.json`,
    subresource_uris: {},
  })

  const post = async (url: string, params: Record<string, string>, signature?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    })
    await response.arrayBuffer()
    return response.status
  }

  /**
   * An automatic callback, as Twilio posts it: the message moves on at Twilio whatever the app answers (a later fetch
   * sees it), and a callback the app did not take — a 5xx, which the app answers so that it is retried, or no
   * connection — is posted again, with back-off, for some forty seconds; a 4xx is not.
   */
  const retriedCallback = async (sid: string, status: string) => {
    for (let attempt = 0; attempt < 12; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)))
      try {
        if ((await standIn.callback(sid, status)) < 500) return
      } catch {
        // No answer: posted again.
      }
    }
  }

  const standIn: TwilioStandIn = {
    url: '',
    accountSid,
    authToken,
    messages,
    counts,
    creates: [],
    chaos: null,
    autoCallbacks: true,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure)
    },
    async callback(sid, status, { errorCode, signature } = {}) {
      const m = messages.find((x) => x.sid === sid)
      if (!m?.statusCallback) throw new Error(`no status callback for ${sid}`)
      m.status = status
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: m.from,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: m.to,
      }
      if (errorCode) params.ErrorCode = String(errorCode)
      return post(m.statusCallback, params, signature)
    },
    async inbound({ from, to, body, signature }) {
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`
      const params = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        Body: body,
        From: from,
        MessageSid: sid,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: sid,
        SmsSid: sid,
        SmsStatus: 'received',
        To: to ?? options.from ?? 'PASSERELLE',
      }
      return post(options.inboundUrl, params, signature)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      if (url.pathname === '/_stand-in/messages' && req.method === 'GET') return json(res, 200, messages.map(resource))
      if (url.pathname === '/_stand-in/inbound' && req.method === 'POST') {
        const { from, body } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { from?: string; body?: string }
        void standIn.inbound({ from: from ?? '', body: body ?? '' }).then(
          (status) => json(res, 200, { status }),
          () => json(res, 502, { status: 0 }),
        )
        return
      }
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString()
      if (auth !== `${accountSid}:${authToken}`)
        return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 })
      const one = url.pathname.startsWith(`${base.replace('.json', '')}/`) && url.pathname.endsWith('.json')
      if (one && req.method === 'GET') {
        // The SDK's messages(sid).fetch(): one message as Twilio knows it now, whether or not its callbacks got through.
        counts.fetch += 1
        const sid = url.pathname.slice(base.length - '.json'.length + 1, -'.json'.length)
        const m = messages.find((x) => x.sid === sid)
        return m
          ? json(res, 200, resource(m))
          : json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 })
      }
      if (url.pathname !== base)
        return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 })

      if (req.method === 'GET') {
        counts.list += 1
        const to = url.searchParams.get('To')
        const pageSize = Number(url.searchParams.get('PageSize') ?? 50)
        const list = messages
          .filter((m) => !to || m.to === to)
          .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime())
        return json(res, 200, {
          messages: list.slice(0, pageSize).map(resource),
          end: Math.min(list.length, pageSize) - 1,
          first_page_uri: `${base}?PageSize=${pageSize}&Page=0`,
          next_page_uri: null,
          page: 0,
          page_size: pageSize,
          previous_page_uri: null,
          start: 0,
          uri: `${base}?PageSize=${pageSize}&Page=0`,
        })
      }
      if (req.method !== 'POST') return json(res, 405, { code: 20004, message: 'Method not allowed', status: 405 })

      counts.create += 1
      const params = new URLSearchParams(Buffer.concat(chunks).toString())
      const ours = (() => {
        try {
          const callback = new URL(params.get('StatusCallback') ?? '')
          return { messageId: callback.searchParams.get('m'), attemptId: callback.searchParams.get('a') }
        } catch {
          return { messageId: null, attemptId: null }
        }
      })()
      const chaos = standIn.chaos
      let failure = failures.shift()
      if (!failure && chaos) {
        const draw = Math.random()
        if (draw < chaos.p429) failure = { status: 429, code: 20429, message: 'Too Many Requests' }
        else if (draw < chaos.p429 + chaos.p500)
          failure = { status: 500, code: 20500, message: 'Internal Server Error' }
      }
      const accept = (): void => {
        const to = params.get('To') ?? ''
        const body = params.get('Body') ?? ''
        if (!to || !body || !(params.get('From') || params.get('MessagingServiceSid')))
          return json(res, 400, { code: 21604, message: 'A To, a Body and a From are required', status: 400 })
        const message: StandInMessage = {
          sid: `SM${crypto.randomBytes(16).toString('hex')}`,
          to,
          from: params.get('From') ?? 'PASSERELLE',
          body,
          status: 'queued',
          statusCallback: params.get('StatusCallback'),
          dateCreated: new Date(),
          errorCode: null,
        }
        messages.push(message)
        standIn.creates.push({ ...ours, accepted: true, status: 201 })
        if (failure === 'drop-after-accept') {
          req.socket.destroy()
          return
        }
        if (failure && typeof failure === 'object' && 'trickleMs' in failure) {
          res.writeHead(201, { 'content-type': 'application/json' })
          const ticker = setInterval(() => res.write(' '), 500)
          setTimeout(() => {
            clearInterval(ticker)
            res.end(JSON.stringify(resource(message)))
          }, failure.trickleMs)
        } else json(res, 201, resource(message))
        if (standIn.autoCallbacks && message.statusCallback) {
          setTimeout(() => {
            void (async () => {
              await retriedCallback(message.sid, 'sent')
              await retriedCallback(message.sid, 'delivered')
            })()
          }, 30)
        }
      }
      const answer = (): void => {
        if (failure && typeof failure === 'object' && 'status' in failure) {
          standIn.creates.push({ ...ours, accepted: false, status: failure.status })
          return json(res, failure.status, {
            code: failure.code ?? failure.status,
            message: failure.message ?? 'Stand-in failure',
            more_info: '',
            status: failure.status,
          })
        }
        accept()
      }
      if (failure && typeof failure === 'object' && 'holdMs' in failure) setTimeout(answer, failure.holdMs)
      else if (chaos) setTimeout(answer, chaos.latencyMs[0] + Math.random() * (chaos.latencyMs[1] - chaos.latencyMs[0]))
      else answer()
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return standIn
}
