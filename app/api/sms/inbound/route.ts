import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineRoute } from '@/lib/frame/route'
import { receiveInbound } from '@/lib/sms/inbound'
import { verifiedWebhook } from '@/lib/sms/webhook-request'

/** No automatic answer: Twilio gets an empty TwiML response. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

/**
 * Replies and STOP from candidates (Twilio's incoming-message webhook): the signature first (403, nothing written),
 * then attached to the candidate or opted out. A failure is a 5xx, which Twilio retries.
 */
export const POST = defineRoute({
  name: 'sms.inbound',
  session: 'none',
  origin: 'any',
  body: 'raw',
  run: async ({ request }) => {
    const webhook = await verifiedWebhook(request)
    if (!webhook.ok) return new Response(null, { status: webhook.status })
    const { From: from, To: to, Body: body, MessageSid: sid } = webhook.params
    if (!from || !sid || typeof body !== 'string' || from.length > 30 || sid.length > 64)
      return new Response(null, { status: 400 })
    await receiveInbound(getDb(), { from, to: to ?? '', body, sid, at: now() })
    return new Response(EMPTY_TWIML, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } })
  },
})
