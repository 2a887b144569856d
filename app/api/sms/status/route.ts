import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineRoute } from '@/lib/frame/route'
import { applyStatusCallback } from '@/lib/sms/status-callback'
import { verifiedWebhook } from '@/lib/sms/webhook-request'

/**
 * Twilio's status callbacks: the signature first (403, nothing written), then the status moves forward only. A
 * failure is a 5xx, which Twilio retries: the update is idempotent.
 */
export const POST = defineRoute({
  name: 'sms.status',
  session: 'none',
  origin: 'any',
  body: 'raw',
  run: async ({ request }) => {
    const webhook = await verifiedWebhook(request)
    if (!webhook.ok) return new Response(null, { status: webhook.status })
    const { MessageSid: sid, MessageStatus: status, ErrorCode: errorCode } = webhook.params
    if (!sid || !status || sid.length > 64 || status.length > 32) return new Response(null, { status: 400 })
    await applyStatusCallback(getDb(), {
      messageId: webhook.url.searchParams.get('m'),
      sid,
      status,
      errorCode: errorCode ? errorCode.slice(0, 16) : null,
      at: now(),
    })
    return new Response(null, { status: 204 })
  },
})
