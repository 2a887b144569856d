import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { receiveInbound } from '@/lib/sms/inbound'
import { verifiedWebhook } from '@/lib/sms/webhook-request'
import { jsonRoute } from '@/lib/http/route'

/** No automatic answer: Twilio gets an empty TwiML response. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

/** Replies and STOP from candidates (Twilio's incoming-message webhook): signature first, then attached or opted out. */
export const POST = jsonRoute(async function post(request: Request): Promise<Response> {
  const webhook = await verifiedWebhook(request)
  if (!webhook.ok) return new Response(null, { status: webhook.status })
  const { From: from, To: to, Body: body, MessageSid: sid } = webhook.params
  if (!from || !sid || typeof body !== 'string' || from.length > 30 || sid.length > 64)
    return new Response(null, { status: 400 })
  try {
    await receiveInbound(getDb(), { from, to: to ?? '', body, sid, at: now() })
  } catch (error) {
    logError('sms.inbound', error)
    return new Response(null, { status: 503 })
  }
  return new Response(EMPTY_TWIML, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } })
})
