'use server'

import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { MANUAL_STATUS_ERRORS, updateManualStatus } from './manual-status'
import { prescribe, type PrescribeInput } from './prescribe'
import { modelForOffer } from '@/lib/fup-models/models'
import { prescribableOffers } from '@/lib/offers/directory'
import type { FupModelField } from '@/lib/db/schema/fup-models'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { markAnswersRead } from './queries'

type Failure = { ok: false; error?: string; fieldErrors?: Record<string, string> }
const UNEXPECTED: Failure = {
  ok: false,
  error: 'La prescription n’a pas pu être enregistrée. Réessayez dans un instant.',
}
const NOT_ALLOWED: Failure = {
  ok: false,
  error: 'Vous ne pouvez pas prescrire : connectez-vous avec un compte de votre organisation.',
}

/** The signed-in organisation user who may prescribe, or null (fail closed). */
async function prescriber() {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'candidate.prescribe')) return null
  return user as typeof user & { organisationId: string }
}

/** The candidate picker: the search text travels in the POST body, never in a URL. */
export async function searchCandidatesAction(
  search: unknown,
): Promise<{ ok: true; candidates: { id: string; name: string; detail: string }[] } | Failure> {
  const user = await prescriber()
  if (!user) return NOT_ALLOWED
  const rows = await searchPickableCandidates(
    getDb(),
    user.organisationId,
    typeof search === 'string' ? search.slice(0, 100) : '',
    { listWithoutSearch: true },
  )
  return {
    ok: true,
    candidates: rows.map((c) => ({
      id: c.id,
      name: `${c.lastName} ${c.firstName}`,
      detail: [c.birthDate ? `né(e) le ${c.birthDate.split('-').reverse().join('/')}` : null, c.place]
        .filter(Boolean)
        .join(' · '),
    })),
  }
}

/** Prescribes a candidate to a social offer (a sheet the partner answers in Passerelle, or a manual prescription). */
export async function prescribeAction(
  input: PrescribeInput,
): Promise<{ ok: true; applyId: string; offerName: string } | Failure> {
  const user = await prescriber()
  if (!user) return NOT_ALLOWED
  try {
    const result = await prescribe(getDb(), { organisationId: user.organisationId, authorId: user.id, input })
    return result.ok ? { ok: true, applyId: result.applyId, offerName: result.offerName } : result
  } catch (error) {
    logError('prescription.create', error)
    return UNEXPECTED
  }
}

/** The answer to a manual prescription, recorded by the referent on the candidate sheet. */
export async function manualStatusAction(applyId: unknown, input: unknown): Promise<{ ok: true } | Failure> {
  const user = await prescriber()
  if (!user) return NOT_ALLOWED
  if (typeof applyId !== 'string' || !isUuid(applyId)) return { ok: false, error: MANUAL_STATUS_ERRORS.notFound }
  try {
    const result = await updateManualStatus(getDb(), {
      organisationId: user.organisationId,
      applyId,
      actorId: user.id,
      input,
    })
    if (result.ok) return result
    return 'fieldErrors' in result ? result : { ok: false, error: MANUAL_STATUS_ERRORS[result.error] }
  } catch (error) {
    logError('prescription.manual-status', error)
    return { ok: false, error: 'Le statut n’a pas pu être enregistré. Réessayez dans un instant.' }
  }
}

/** "Réponses reçues": the user marks the partners' answers as read. */
export async function markAnswersReadAction(): Promise<{ ok: true; count: number } | Failure> {
  const user = await getActiveUser()
  if (!user?.organisationId) return NOT_ALLOWED
  return { ok: true, count: await markAnswersRead(getDb(), user.id) }
}

/** The FUP model's additional fields of an offer, asked in the prescribe dialog once the offer is known (issue 15 §3). */
export async function prescriptionModelAction(
  offerId: unknown,
): Promise<{ ok: true; fields: FupModelField[] } | Failure> {
  const user = await prescriber()
  if (!user) return NOT_ALLOWED
  if (typeof offerId !== 'string' || !isUuid(offerId)) return { ok: true, fields: [] }
  const model = await modelForOffer(getDb(), user.organisationId, offerId)
  return { ok: true, fields: model?.additionalFields ?? [] }
}

/**
 * The offers the prescribe dialog of a candidate's sheet offers, read when the dialog opens: a big organisation has
 * thousands of open offers, and sending them with every view of the sheet made its page 35 kB (gzip) heavier.
 */
export async function prescribableOffersAction(): Promise<
  { ok: true; offers: { id: string; name: string; providerName: string }[] } | Failure
> {
  const user = await prescriber()
  if (!user) return NOT_ALLOWED
  try {
    return { ok: true, offers: await prescribableOffers(getDb(), user.organisationId) }
  } catch (error) {
    logError('prescriptions.offers', error)
    return {
      ok: false,
      error: 'Les offres n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.',
    }
  }
}
