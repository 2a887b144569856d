import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { applyStatusCallback } from '@/lib/sms/status-callback'
import { verifiedWebhook } from '@/lib/sms/webhook-request'
import { jsonRoute } from '@/lib/http/route'

/** Twilio's status callbacks: signature first (403, nothing written), then the status moves forward only. */
export const POST = jsonRoute(async function post(request: Request): Promise<Response> {
  const webhook = await verifiedWebhook(request)
  if (!webhook.ok) return new Response(null, { status: webhook.status })
  const { MessageSid: sid, MessageStatus: status, ErrorCode: errorCode } = webhook.params
  if (!sid || !status || sid.length > 64 || status.length > 32) return new Response(null, { status: 400 })
  try {
    await applyStatusCallback(getDb(), {
      messageId: webhook.url.searchParams.get('m'),
      sid,
      status,
      errorCode: errorCode ? errorCode.slice(0, 16) : null,
      at: now(),
    })
  } catch (error) {
    logError('sms.status-callback', error)
    // Twilio retries a 5xx: the update is idempotent.
    return new Response(null, { status: 503 })
  }
  return new Response(null, { status: 204 })
})
