'use server'

import { revalidatePath } from 'next/cache'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { NOT_FOUND } from '@/lib/directory/fields'
import { FORBIDDEN, guardedAction } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { checkAnswers, saveDiagnosis, sendDiagnosisLink } from './diagnoses'
import { suggestedOffers } from './suggestions'

const uuid = (v: unknown): v is string => typeof v === 'string' && isUuid(v)
type Suggestion = Awaited<ReturnType<typeof suggestedOffers>>[number]

/** The wizard's "Enregistrer" (a draft) and "Terminer le diagnostic" (completed: it counts on the sheet). */
export async function saveDiagnosisAction(candidateId: unknown, answers: unknown, complete: unknown) {
  return guardedAction<{ id: string }>('diagnosis.save', 'candidate.diagnosis.modify', async (user) => {
    if (!user.organisationId) return FORBIDDEN
    if (!uuid(candidateId)) return NOT_FOUND
    const outcome = await saveDiagnosis(
      getDb(),
      { id: user.id, organisationId: user.organisationId },
      candidateId,
      answers,
      { complete: complete === true },
      now(),
    )
    if (outcome.ok) revalidatePath(`/v2/candidate/${candidateId}`)
    return outcome
  })
}

/** The summary step: the offers that answer the barriers as they are in the wizard (saved or not). */
export async function diagnosisSuggestionsAction(candidateId: unknown, answers: unknown) {
  return guardedAction<{ offers: Suggestion[] }>(
    'diagnosis.suggestions',
    'candidate.diagnosis.modify',
    async (user) => {
      if (!user.organisationId) return FORBIDDEN
      if (!uuid(candidateId)) return NOT_FOUND
      const db = getDb()
      const at = now()
      const checked = await checkAnswers(db, user.organisationId, answers, at)
      if (!checked.ok) return checked
      return {
        ok: true as const,
        offers: await suggestedOffers(db, user.organisationId, candidateId, checked.answers.barriers, at),
      }
    },
  )
}

/** The sheet's "Envoyer au candidat par SMS". */
export async function sendDiagnosisLinkAction(candidateId: unknown) {
  return guardedAction<{ expiresAt: Date }>('diagnosis.send', 'candidate.diagnosis.modify', async (user) => {
    if (!user.organisationId) return FORBIDDEN
    if (!uuid(candidateId)) return NOT_FOUND
    const outcome = await sendDiagnosisLink(
      getDb(),
      { id: user.id, organisationId: user.organisationId },
      candidateId,
      now(),
    )
    if (outcome.ok) revalidatePath(`/v2/candidate/${candidateId}`)
    return outcome
  })
}
