import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { diagnosisOfToken, submitByPerson } from '@/lib/diagnosis/diagnoses'
import {
  EMPTY_ANSWERS,
  linkClosed,
  linkUnknown,
  personPage,
  personScreen,
  readAnswers,
  thanks,
  toDiagnosisInput,
  type PersonAnswers,
} from '@/lib/diagnosis/person-pages'
import { situationsOf } from '@/lib/diagnosis/choices'
import { logError } from '@/lib/log'
import { listChallenges } from '@/lib/offers/challenges'
import { readCappedText } from '@/lib/http/capped-body'
import { foreignOriginMessage } from '@/lib/http/same-origin'
import { html } from '@/lib/html/plain'

type Params = { params: Promise<{ token: string }> }
const MAX_BYTES = 32 * 1024
const failure = () =>
  personPage(
    503,
    'Service momentanément indisponible',
    html`<section role="alert" class="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5"><h1 class="text-xl font-semibold">Service momentanément indisponible</h1><p class="text-base">Vos réponses n’ont pas été enregistrées. Revenez en arrière et réessayez dans un instant.</p></section>`,
  )

/**
 * /diagnosis/{token} (proxy.ts rewrites it here): the questionnaire of the person's link, in plain HTML.
 * GET: the first question, or why the link no longer opens. POST: the next or previous question with every answer so
 * far, or "Envoyer mes réponses", which keeps them for the counsellor's review.
 */
export async function GET(_request: Request, { params }: Params) {
  const { token } = await params
  try {
    return await screen(token, 0, EMPTY_ANSWERS, null)
  } catch (error) {
    logError('diagnosis.link', error)
    return failure()
  }
}

export async function POST(request: Request, { params }: Params) {
  const { token } = await params
  try {
    const foreign = foreignOriginMessage(request, `/diagnosis/${token}`)
    if (foreign) return await screen(token, 0, EMPTY_ANSWERS, foreign)
    const body = await readCappedText(request, MAX_BYTES)
    if (!body.ok)
      return await screen(token, 0, EMPTY_ANSWERS, 'Vos réponses sont trop longues. Rechargez la page, puis réessayez.')
    const form = new URLSearchParams(body.text)
    const d = await diagnosisOfToken(getDb(), token, now())
    if (!d) return personPage(404, 'Lien inconnu', linkUnknown())
    if (d.state !== 'open') return personPage(410, 'Lien fermé', linkClosed(d.state, d.organisationName))
    const challenges = (await listChallenges(getDb(), d.organisationId)).map((c) => ({
      id: c.id,
      name: c.name,
      situations: situationsOf(c.tags),
    }))
    const answers = readAnswers(form, challenges)
    const step = Math.trunc(Number(form.get('step'))) || 0
    const go = form.get('go')
    if (go === 'send') {
      const outcome = await submitByPerson(getDb(), token, toDiagnosisInput(answers, challenges), now())
      if (outcome.ok) return personPage(200, 'Merci', thanks(d.organisationName))
      return await screen(
        token,
        step,
        answers,
        'Une réponse n’a pas pu être enregistrée. Revenez en arrière pour la vérifier, puis renvoyez.',
      )
    }
    return await screen(token, go === 'back' ? step - 1 : step + 1, answers, null)
  } catch (error) {
    logError('diagnosis.link', error)
    return failure()
  }
}

async function screen(token: string, index: number, answers: PersonAnswers, error: string | null) {
  const db = getDb()
  const d = await diagnosisOfToken(db, token, now())
  if (!d) return personPage(404, 'Lien inconnu', linkUnknown())
  if (d.state !== 'open') return personPage(410, 'Lien fermé', linkClosed(d.state, d.organisationName))
  const challenges = (await listChallenges(db, d.organisationId)).map((c) => ({
    id: c.id,
    name: c.name,
    situations: situationsOf(c.tags),
  }))
  const page = personScreen({ token, organisationName: d.organisationName, challenges, index, answers, error })
  return personPage(200, page.title, page.body)
}
