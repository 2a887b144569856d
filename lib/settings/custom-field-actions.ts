'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { defineAction, FORM, id } from '@/lib/frame/action'
import { getDb } from '@/lib/db/client'
import type { SettingsFormState } from './actions'
import {
  archiveCustomField,
  createCustomField,
  CUSTOM_FIELD_MESSAGES,
  moveCustomField,
  updateCustomField,
  type FieldOutcome,
} from './custom-fields'
import { saveRefusalCauses } from './refusal-causes'

/** settings.visualize, and an organisation; a failed form shows what was typed again. */
const settings = {
  permission: 'settings.visualize',
  tenant: 'organisation',
  forbidden: 'Vous n’avez pas accès aux réglages de l’organisation.',
  echo: true,
} as const
const FIELD = id(CUSTOM_FIELD_MESSAGES.notFound)

const fieldInput = (data: FormData) => ({
  label: data.get('label') ?? undefined,
  type: data.get('type') ?? undefined,
  required: data.get('required') === 'on',
  options: data.get('options') ?? '',
})

function answer(outcome: FieldOutcome, message: string): SettingsFormState {
  revalidatePath('/v2/settings/custom-fields')
  if (outcome.ok) return { ok: true, message }
  return { error: outcome.error ?? 'Vérifiez les champs signalés.', fieldErrors: outcome.fieldErrors }
}

export const createCustomFieldAction = defineAction({
  ...settings,
  name: 'settings.custom-fields.create',
  input: z.tuple([z.unknown(), FORM]),
  run: async ({ actor, input: [, data] }) =>
    answer(await createCustomField(getDb(), actor, fieldInput(data)), 'Champ ajouté.'),
})

export const updateCustomFieldAction = defineAction({
  ...settings,
  name: 'settings.custom-fields.update',
  input: z.tuple([FIELD, z.unknown(), FORM]),
  run: async ({ actor, input: [fieldId, , data] }) =>
    answer(await updateCustomField(getDb(), actor, fieldId, fieldInput(data)), 'Champ enregistré.'),
})

export const moveCustomFieldAction = defineAction({
  ...settings,
  name: 'settings.custom-fields.move',
  input: z.tuple([FIELD, z.enum(['up', 'down'], { error: CUSTOM_FIELD_MESSAGES.notFound })]),
  run: async ({ actor, input: [fieldId, direction] }) =>
    answer(
      await moveCustomField(getDb(), actor, fieldId, direction),
      direction === 'up' ? 'Champ monté d’un rang.' : 'Champ descendu d’un rang.',
    ),
})

export const archiveCustomFieldAction = defineAction({
  ...settings,
  name: 'settings.custom-fields.archive',
  input: z.tuple([FIELD, z.unknown()]),
  run: async ({ actor, input: [fieldId, confirmed] }) =>
    answer(
      await archiveCustomField(getDb(), actor, fieldId, confirmed === true),
      'Champ archivé. Les valeurs déjà saisies restent dans la fiche des candidats.',
    ),
})

/** /v2/settings/refusal-causes: the causes' labels and whether each is offered, and optionally a new one, in one save. */
export const saveRefusalCausesAction = defineAction({
  ...settings,
  name: 'settings.refusal-causes',
  echo: false,
  input: z.tuple([z.unknown(), FORM]),
  run: async ({ actor, input: [, data] }): Promise<SettingsFormState> => {
    const codes = data.getAll('code').map(String)
    const labels = data.getAll('label').map(String)
    const enabled = new Set(data.getAll('enabled').map(String))
    const added = data.get('added') ?? ''
    const causes = codes.map((code, i) => ({ code, label: labels[i] ?? '', enabled: enabled.has(code) }))
    const outcome = await saveRefusalCauses(getDb(), actor, { causes, added })
    revalidatePath('/v2/settings/refusal-causes')
    if (outcome.ok)
      return { ok: true, message: outcome.changed ? 'Motifs de refus enregistrés.' : 'Aucun motif n’a changé.' }
    // The labels are shown again under their cause's code.
    const values = Object.fromEntries([
      ...codes.map((code, i) => [`label:${code}`, labels[i] ?? '']),
      ['added', String(added)],
    ])
    return { error: outcome.error, fieldErrors: outcome.fieldErrors, values }
  },
})
