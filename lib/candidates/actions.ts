'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { failure } from '@/lib/frame/outcome'
import { can } from '@/lib/permissions'
import { acceptOrientation } from '@/lib/referrals/decide'
import { createCandidate } from './create-candidate'
import { revealNir } from './reveal-nir'
import { updateCandidate } from './update-candidate'

const editor = {
  permission: 'candidate.modify',
  tenant: 'organisation',
  forbidden: 'Vous n’avez pas le droit de modifier les candidats.',
} as const
const NOT_FOUND = 'Ce candidat est introuvable.'
const ORIENTATION_NOT_FOUND = 'Cette orientation est introuvable.'
const flag = z.boolean().catch(false)

/**
 * /v2/candidate/create. The input is validated on the server (validateCandidate + the organisation's references).
 * Opened from an orientation, the creation accepts it in the same transaction (candidate.orientation.decide).
 */
export const createCandidateAction = defineAction({
  ...editor,
  name: 'candidate.create',
  input: z.tuple([z.unknown(), flag, id(ORIENTATION_NOT_FOUND).nullish()]),
  run: async ({ user, organisationId, input: [values, confirmDuplicates, orientationId] }) => {
    const matchNir = can(user, 'candidate.nir.visualize')
    if (!orientationId)
      return createCandidate(getDb(), { organisationId, actorId: user.id, input: values, confirmDuplicates, matchNir })
    if (!can(user, 'candidate.orientation.decide')) return failure(editor.forbidden)
    const at = now()
    const actor = { id: user.id, organisationId, matchNir }
    const outcome = await acceptOrientation(getDb(), actor, orientationId, values, { confirmDuplicates }, at)
    if (!outcome.ok && 'notFound' in outcome) return failure(ORIENTATION_NOT_FOUND)
    if (outcome.ok) revalidatePath('/v2/actions/dashboard')
    return outcome
  },
})

/** The sheet's edit form. Another organisation's candidate, or an id that is not a uuid, is "not found". */
export const updateCandidateAction = defineAction({
  ...editor,
  name: 'candidate.update',
  input: z.tuple([id(NOT_FOUND), z.unknown(), flag]),
  run: async ({ user, organisationId, input: [candidateId, values, clearNir] }) => {
    const result = await updateCandidate(getDb(), {
      organisationId,
      actorId: user.id,
      candidateId,
      input: values,
      clearNir,
    })
    return 'notFound' in result ? failure(NOT_FOUND) : result
  },
})

const NIR_ERRORS = {
  forbidden: 'Vous n’avez pas le droit de consulter le numéro de sécurité sociale.',
  noNir: 'Aucun numéro de sécurité sociale n’est enregistré pour ce candidat.',
  noKey:
    'Le numéro de sécurité sociale ne peut pas être affiché\u00a0: la clé de chiffrement des NIR n’est pas configurée sur ce serveur.',
  notFound: NOT_FOUND,
} as const

/** "Afficher le NIR": audited; the number goes back in the response body only, never in a URL or a log. */
export const revealNirAction = defineAction({
  name: 'candidate.nir',
  permission: 'candidate.nir.visualize',
  tenant: 'organisation',
  forbidden: NIR_ERRORS.forbidden,
  input: z.tuple([id(NOT_FOUND)]),
  run: async ({ user, input: [candidateId] }) => {
    const result = await revealNir(getDb(), { actor: user, candidateId })
    return result.ok ? result : failure(NIR_ERRORS[result.error])
  },
})
