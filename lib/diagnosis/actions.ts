'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { checkAnswers, saveDiagnosis, sendDiagnosisLink } from './diagnoses'
import { suggestedOffers } from './suggestions'

const counsellor = { permission: 'candidate.diagnosis.modify', tenant: 'organisation' } as const

/** The wizard's "Enregistrer" (a draft) and "Terminer le diagnostic" (completed: it counts on the sheet). */
export const saveDiagnosisAction = defineAction({
  ...counsellor,
  name: 'diagnosis.save',
  input: z.tuple([id(), z.unknown(), z.unknown()]),
  run: async ({ user, organisationId, input: [candidateId, answers, complete] }) => {
    const actor = { id: user.id, organisationId }
    const outcome = await saveDiagnosis(getDb(), actor, candidateId, answers, { complete: complete === true }, now())
    if (outcome.ok) revalidatePath(`/v2/candidate/${candidateId}`)
    return outcome
  },
})

/** The summary step: the offers that answer the barriers as they are in the wizard (saved or not). */
export const diagnosisSuggestionsAction = defineAction({
  ...counsellor,
  name: 'diagnosis.suggestions',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ organisationId, input: [candidateId, answers] }) => {
    const db = getDb()
    const at = now()
    const checked = await checkAnswers(db, organisationId, answers, at)
    if (!checked.ok) return checked
    const offers = await suggestedOffers(db, organisationId, candidateId, checked.answers.barriers, at)
    return { ok: true as const, offers }
  },
})

/** The sheet's "Envoyer au candidat par SMS". */
export const sendDiagnosisLinkAction = defineAction({
  ...counsellor,
  name: 'diagnosis.send',
  input: z.tuple([id()]),
  run: async ({ user, organisationId, input: [candidateId] }) => {
    const outcome = await sendDiagnosisLink(getDb(), { id: user.id, organisationId }, candidateId, now())
    if (outcome.ok) revalidatePath(`/v2/candidate/${candidateId}`)
    return outcome
  },
})
