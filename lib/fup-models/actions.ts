'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { createFupModel, deleteFupModel, modelTargets, updateFupModel } from './models'
import { FUP_MODEL_MESSAGES } from './schema'

const settings = {
  permission: 'settings.visualize',
  tenant: 'organisation',
  forbidden: 'Vous n’avez pas accès aux réglages de l’organisation.',
} as const
const model = id(FUP_MODEL_MESSAGES.notFound)
const refreshed = <T>(outcome: T) => {
  revalidatePath('/v2/settings/modeles')
  return outcome
}

export const createFupModelAction = defineAction({
  ...settings,
  name: 'fup-model.create',
  input: z.tuple([z.unknown()]),
  run: async ({ actor, input: [values] }) => refreshed(await createFupModel(getDb(), actor, values)),
})

export const updateFupModelAction = defineAction({
  ...settings,
  name: 'fup-model.update',
  input: z.tuple([model, z.unknown()]),
  run: async ({ actor, input: [modelId, values] }) => refreshed(await updateFupModel(getDb(), actor, modelId, values)),
})

export const deleteFupModelAction = defineAction({
  ...settings,
  name: 'fup-model.delete',
  input: z.tuple([model]),
  run: async ({ actor, input: [modelId] }) => refreshed(await deleteFupModel(getDb(), actor, modelId)),
})

/**
 * "Créer un modèle"'s choices (the structures the organisation works with and their offers), read when the dialog
 * opens: a big organisation's thousands of offers are too heavy to send with every view of the models' list.
 */
export const modelTargetsAction = defineAction({
  ...settings,
  name: 'fup-model.targets',
  failed: 'Les structures n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.',
  run: async ({ organisationId }) => ({ ok: true as const, structures: await modelTargets(getDb(), organisationId) }),
})
