import twilio from 'twilio'
import { readCappedText } from '@/lib/http/capped-body'
import { webhookBaseUrl } from './transport'

/** Twilio's callbacks are small forms; anything larger is not one. */
const MAX_BODY_BYTES = 16 * 1024

export type VerifiedWebhook = { ok: true; params: Record<string, string>; url: URL } | { ok: false; status: 403 | 413 }

/**
 * Reads a Twilio webhook and checks X-Twilio-Signature (the SDK's validateRequest) against the public URL Twilio
 * called — TWILIO_WEBHOOK_BASE_URL (or BETTER_AUTH_URL) plus the path and query — never against the Host header,
 * which a proxy or a forger chooses. Without Twilio settings no webhook is accepted.
 */
export async function verifiedWebhook(request: Request): Promise<VerifiedWebhook> {
  const token = process.env.TWILIO_AUTH_TOKEN
  const signature = request.headers.get('x-twilio-signature')
  // Counted as it streams: a chunked body of any size is cut off at the limit.
  const body = await readCappedText(request, MAX_BODY_BYTES).catch(() => null)
  if (!body?.ok) return { ok: false, status: 413 }
  const raw = body.text
  if (!token || !signature) return { ok: false, status: 403 }
  const incoming = new URL(request.url)
  const publicUrl = `${webhookBaseUrl()}${incoming.pathname}${incoming.search}`
  const form = new URLSearchParams(raw)
  const params: Record<string, string> = {}
  for (const [key, value] of form) params[key] = value
  let valid = false
  try {
    valid = twilio.validateRequest(token, signature, publicUrl, params)
  } catch {
    valid = false
  }
  return valid ? { ok: true, params, url: new URL(publicUrl) } : { ok: false, status: 403 }
}
