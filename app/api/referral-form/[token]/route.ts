import { appUrl } from '@/lib/auth/app-url'
import { clientIp } from '@/lib/auth/client-ip'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { readCappedJson } from '@/lib/http/capped-body'
import { REFERRAL_MAX_BYTES, REFERRAL_MESSAGES } from '@/lib/referrals/schemas'
import { submitOrientation } from '@/lib/referrals/submit'
import { jsonRoute } from '@/lib/http/route'

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } })

/**
 * POST the referral form (issue 14 §1), from the form's own page only (same origin), as JSON of 32 kB at most.
 * 200 {ok}, 400 with a French message per field, 404 for a link that is not valid (whatever the reason), 413, 429.
 * Nothing of the person's data is logged: only the failure's kind.
 */
export const POST = jsonRoute(async function post(
  request: Request,
  { params }: { params: Promise<{ token: string }> },
) {
  if (request.headers.get('origin') !== new URL(appUrl()).origin)
    return json(403, { error: 'Ce formulaire s’envoie depuis sa propre page.' })
  if (request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json')
    return json(415, { error: 'Le formulaire s’envoie en JSON (Content-Type: application/json).' })
  const body = await readCappedJson(request, REFERRAL_MAX_BYTES)
  if (!body.ok) return json(413, { error: REFERRAL_MESSAGES.tooLarge })
  if (body.value === null || typeof body.value !== 'object')
    return json(400, { error: 'Le formulaire envoyé est illisible. Rechargez la page et réessayez.' })
  const { token } = await params
  try {
    const outcome = await submitOrientation(getDb(), token, body.value, { ip: clientIp(request.headers), now: now() })
    if (outcome.ok) return json(200, { ok: true })
    return json(outcome.status, {
      error: outcome.error,
      ...('fieldErrors' in outcome ? { fieldErrors: outcome.fieldErrors } : {}),
    })
  } catch (error) {
    logError('referral.submit', error)
    return json(503, {
      error:
        'Le formulaire est momentanément indisponible. Votre orientation n’a pas été enregistrée\u00a0: réessayez dans un instant.',
    })
  }
})
