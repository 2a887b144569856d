import { z } from 'zod'
import { clientIp } from '@/lib/auth/client-ip'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineRoute, json } from '@/lib/frame/route'
import { REFERRAL_MAX_BYTES, REFERRAL_MESSAGES } from '@/lib/referrals/schemas'
import { submitOrientation } from '@/lib/referrals/submit'

const UNAVAILABLE =
  'Le formulaire est momentanément indisponible. Votre orientation n’a pas été enregistrée\u00a0: réessayez dans un instant.'

/**
 * POST the referral form, from the form's own page only, as JSON of 32 kB at most. 200 {ok}, 400 with a
 * French message per field, 404 for a link that is not valid (whatever the reason), 413, 429. Nothing of the person's
 * data is logged: only the failure's kind.
 */
export const POST = defineRoute({
  name: 'referral.submit',
  session: 'none',
  body: 'json',
  maxBytes: REFERRAL_MAX_BYTES,
  input: z.looseObject({}),
  messages: {
    foreign: 'Ce formulaire s’envoie depuis sa propre page.',
    type: 'Le formulaire s’envoie en JSON (Content-Type: application/json).',
    tooLarge: REFERRAL_MESSAGES.tooLarge,
    invalid: 'Le formulaire envoyé est illisible. Rechargez la page et réessayez.',
    failed: UNAVAILABLE,
    unavailable: UNAVAILABLE,
  },
  run: async ({ request, params, input }) => {
    const outcome = await submitOrientation(getDb(), params.token!, input, {
      ip: clientIp(request.headers),
      now: now(),
    })
    if (outcome.ok) return json({ ok: true })
    return json(
      { error: outcome.error, ...('fieldErrors' in outcome ? { fieldErrors: outcome.fieldErrors } : {}) },
      { status: outcome.status },
    )
  },
})
