import { clientIp } from '@/lib/auth/client-ip'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { usableLink } from '@/lib/referrals/links'
import { EMPTY_FORM, failure, htmlPage, notValid, referralForm, type FormValues } from '@/lib/referrals/public-pages'
import { readCappedText } from '@/lib/http/capped-body'
import { foreignOriginMessage } from '@/lib/http/same-origin'
import { REFERRAL_MAX_BYTES, REFERRAL_MESSAGES } from '@/lib/referrals/schemas'
import { formChoices, submitOrientation } from '@/lib/referrals/submit'

const TITLE = 'Informations sur la personne orientée'
type Params = { params: Promise<{ id: string }> }

/**
 * /referral-form/informations/{token}: the form of one referral link, as plain HTML that works without
 * JavaScript. GET shows it; POST (the form itself, same origin, 32 kB at most) records the orientation and goes to
 * the confirmation (303), or shows the form again with what was typed and each error in French. A link that is not
 * valid (unknown, disabled, expired) shows the referral form's own page, and nothing more. Nothing of the person's
 * data is logged.
 */
export async function GET(_request: Request, { params }: Params) {
  const { id } = await params
  try {
    return await formPage(id, EMPTY_FORM, {}, null, 200)
  } catch (error) {
    logError('referral.form', error)
    return htmlPage(503, 'Service momentanément indisponible', failure())
  }
}

export async function POST(request: Request, { params }: Params) {
  const { id } = await params
  try {
    const foreign = foreignOriginMessage(request, `/referral-form/informations/${id}`)
    if (foreign) return await formPage(id, EMPTY_FORM, {}, foreign, 403)
    const body = await readCappedText(request, REFERRAL_MAX_BYTES)
    if (!body.ok) return await formPage(id, EMPTY_FORM, {}, REFERRAL_MESSAGES.tooLarge, 413)
    const form = new URLSearchParams(body.text)
    const text = (name: string) => form.get(name) ?? ''
    const values: FormValues = {
      prescriberName: text('prescriberName'),
      prescriberStructure: text('prescriberStructure'),
      prescriberEmail: text('prescriberEmail'),
      prescriberPhone: text('prescriberPhone'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      birthDate: text('birthDate'),
      phone: text('phone'),
      email: text('email'),
      addressFormatted: text('addressFormatted'),
      placeId: text('placeId'),
      needs: form.getAll('needs'),
      situation: text('situation'),
      consent: form.get('consent') === 'true',
    }
    const outcome = await submitOrientation(
      getDb(),
      id,
      { ...values, website: text('website') },
      { ip: clientIp(request.headers), now: now() },
    )
    if (outcome.ok)
      return new Response(null, {
        status: 303,
        headers: { location: '/referral-form/confirmation', 'cache-control': 'no-store' },
      })
    return await formPage(
      id,
      values,
      'fieldErrors' in outcome ? outcome.fieldErrors : {},
      outcome.error,
      outcome.status,
    )
  } catch (error) {
    logError('referral.submit', error)
    return htmlPage(503, 'Service momentanément indisponible', failure())
  }
}

async function formPage(
  token: string,
  values: FormValues,
  errors: Record<string, string>,
  summary: string | null,
  status: number,
) {
  const db = getDb()
  const link = await usableLink(db, token, now())
  if (!link) return htmlPage(404, 'Lien non valide', notValid())
  const choices = await formChoices(db, link.organisationId)
  return htmlPage(
    status,
    TITLE,
    referralForm({
      token,
      organisationName: link.organisationName,
      places: choices.places,
      needs: choices.needs.map((n) => ({ id: n.id, label: n.name })),
      values,
      errors,
      summary,
    }),
  )
}
