'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { acceptOrientation } from '@/lib/referrals/decide'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { can } from '@/lib/permissions'
import { createCandidate, type CreateCandidateResult } from './create-candidate'
import { revealNir } from './reveal-nir'
import { updateCandidate, type UpdateCandidateResult } from './update-candidate'

type Refused = { ok: false; error: string }
const NOT_ALLOWED: Refused = { ok: false, error: 'Vous n’avez pas le droit de modifier les candidats.' }
const NOT_FOUND: Refused = { ok: false, error: 'Ce candidat est introuvable.' }
const ORIENTATION_NOT_FOUND: Refused = { ok: false, error: 'Cette orientation est introuvable.' }
const flag = z.boolean().catch(false)

/** The signed-in user of an organisation holding candidate.modify, or null (fail closed). */
async function candidateEditor() {
  const user = await getActiveUser()
  if (!user?.organisationId || !user.onboarded || !can(user, 'candidate.modify')) return null
  return user as typeof user & { organisationId: string }
}

/**
 * /v2/candidate/create. The input is validated on the server (validateCandidate + the organisation's references).
 * Opened from an orientation (issue 14), the creation accepts it in the same transaction (candidate.orientation.decide).
 */
export async function createCandidateAction(
  input: unknown,
  confirmDuplicates: unknown,
  orientationId?: unknown,
): Promise<CreateCandidateResult | Refused> {
  const user = await candidateEditor()
  if (!user) return NOT_ALLOWED
  if (orientationId !== undefined && orientationId !== null) {
    if (!can(user, 'candidate.orientation.decide')) return NOT_ALLOWED
    if (typeof orientationId !== 'string' || !isUuid(orientationId)) return ORIENTATION_NOT_FOUND
    const outcome = await acceptOrientation(
      getDb(),
      { id: user.id, organisationId: user.organisationId, matchNir: can(user, 'candidate.nir.visualize') },
      orientationId,
      input,
      { confirmDuplicates: flag.parse(confirmDuplicates) },
      now(),
    )
    if (!outcome.ok && 'notFound' in outcome) return ORIENTATION_NOT_FOUND
    if (outcome.ok) revalidatePath('/v2/actions/dashboard')
    return outcome
  }
  return createCandidate(getDb(), {
    organisationId: user.organisationId,
    actorId: user.id,
    input,
    confirmDuplicates: flag.parse(confirmDuplicates),
    matchNir: can(user, 'candidate.nir.visualize'),
  })
}

/** The sheet's edit form. Another organisation's candidate, or an id that is not a uuid, is "not found". */
export async function updateCandidateAction(
  candidateId: unknown,
  input: unknown,
  clearNir: unknown,
): Promise<Exclude<UpdateCandidateResult, { notFound: true }> | Refused> {
  const user = await candidateEditor()
  if (!user) return NOT_ALLOWED
  if (typeof candidateId !== 'string' || !isUuid(candidateId)) return NOT_FOUND
  const result = await updateCandidate(getDb(), {
    organisationId: user.organisationId,
    actorId: user.id,
    candidateId,
    input,
    clearNir: flag.parse(clearNir),
  })
  return 'notFound' in result ? NOT_FOUND : result
}

/** "Afficher le NIR": audited; the number goes back in the response body only, never in a URL or a log. */
export async function revealNirAction(candidateId: unknown): Promise<{ ok: true; nir: string } | Refused> {
  const user = await getActiveUser()
  if (!user) return NOT_FOUND
  if (typeof candidateId !== 'string') return NOT_FOUND
  const result = await revealNir(getDb(), { actor: user, candidateId })
  if (result.ok) return result
  if (result.error === 'forbidden')
    return { ok: false, error: 'Vous n’avez pas le droit de consulter le numéro de sécurité sociale.' }
  if (result.error === 'noNir')
    return { ok: false, error: 'Aucun numéro de sécurité sociale n’est enregistré pour ce candidat.' }
  if (result.error === 'noKey')
    return {
      ok: false,
      error:
        'Le numéro de sécurité sociale ne peut pas être affiché\u00a0: la clé de chiffrement des NIR n’est pas configurée sur ce serveur.',
    }
  return NOT_FOUND
}
