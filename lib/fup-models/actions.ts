'use server'

import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { createFupModel, deleteFupModel, modelTargets, type ModelOutcome, updateFupModel } from './models'

type Failure = { ok: false; error: string; fieldErrors?: Record<string, string> }
const FORBIDDEN: Failure = { ok: false, error: 'Vous n’avez pas accès aux réglages de l’organisation.' }
const FAILED: Failure = { ok: false, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

async function guarded(
  what: string,
  work: (actor: { organisationId: string; actorId: string }) => Promise<ModelOutcome>,
): Promise<ModelOutcome> {
  const user = await getActiveUser()
  if (!user || !can(user, 'settings.visualize') || !user.organisationId) return FORBIDDEN
  try {
    const outcome = await work({ organisationId: user.organisationId, actorId: user.id })
    revalidatePath('/v2/settings/modeles')
    return outcome
  } catch (error) {
    logError(`settings.fup-models.${what}`, error)
    return FAILED
  }
}

export async function createFupModelAction(input: unknown): Promise<ModelOutcome> {
  return guarded('create', (actor) => createFupModel(getDb(), actor, input))
}

export async function updateFupModelAction(id: unknown, input: unknown): Promise<ModelOutcome> {
  return guarded('update', (actor) => updateFupModel(getDb(), actor, id as string, input))
}

export async function deleteFupModelAction(id: unknown): Promise<ModelOutcome> {
  return guarded('delete', (actor) => deleteFupModel(getDb(), actor, id as string))
}

/**
 * "Créer un modèle"'s choices (the structures the organisation works with and their offers), read when the dialog
 * opens: a big organisation's thousands of offers made every view of the models' list 30 kB (gzip) heavier.
 */
export async function modelTargetsAction(): Promise<
  { ok: true; structures: Awaited<ReturnType<typeof modelTargets>> } | Failure
> {
  const user = await getActiveUser()
  if (!user || !can(user, 'settings.visualize') || !user.organisationId) return FORBIDDEN
  try {
    return { ok: true, structures: await modelTargets(getDb(), user.organisationId) }
  } catch (error) {
    logError('settings.fup-models.targets', error)
    return {
      ok: false,
      error: 'Les structures n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.',
    }
  }
}
