'use server'

import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { createFupModel, deleteFupModel, type ModelOutcome, updateFupModel } from './models'

type Failure = { ok: false; error: string; fieldErrors?: Record<string, string> }
const FORBIDDEN: Failure = { ok: false, error: 'Vous n’avez pas accès aux réglages de l’organisation.' }
const FAILED: Failure = { ok: false, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

async function guarded(what: string, work: (actor: { organisationId: string; actorId: string }) => Promise<ModelOutcome>): Promise<ModelOutcome> {
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
