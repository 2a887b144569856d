'use server'

import { formOf } from '@/lib/forms/form-of'
import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import type { SettingsFormState } from './actions'
import { saveRefusalCauses } from './refusal-causes'
import {
  archiveCustomField,
  createCustomField,
  CUSTOM_FIELD_MESSAGES,
  moveCustomField,
  updateCustomField,
  type FieldOutcome,
} from './custom-fields'

const FORBIDDEN = 'Vous n’avez pas accès aux réglages de l’organisation.'
const FAILED = 'L’enregistrement a échoué. Réessayez dans un instant.'
const PATH = '/v2/settings/custom-fields'

type Actor = { organisationId: string; actorId: string }

async function guarded(what: string, work: (actor: Actor) => Promise<SettingsFormState>): Promise<SettingsFormState> {
  const user = await getActiveUser()
  if (!user || !can(user, 'settings.visualize') || !user.organisationId) return { error: FORBIDDEN }
  try {
    return await work({ organisationId: user.organisationId, actorId: user.id })
  } catch (error) {
    logError(`settings.custom-fields.${what}`, error)
    return { error: FAILED }
  }
}

const fieldInput = (formData: FormData) => ({
  label: formData.get('label') ?? undefined,
  type: formData.get('type') ?? undefined,
  required: formData.get('required') === 'on',
  options: formData.get('options') ?? '',
})

function answer(outcome: FieldOutcome, message: string, formData?: FormData): SettingsFormState {
  revalidatePath(PATH)
  if (outcome.ok) return { ok: true, message }
  const values = formData
    ? Object.fromEntries(
        [...formData].filter(([k, v]) => typeof v === 'string' && !k.startsWith('$')).map(([k, v]) => [k, String(v)]),
      )
    : undefined
  return { error: outcome.error ?? 'Vérifiez les champs signalés.', fieldErrors: outcome.fieldErrors, values }
}

export async function createCustomFieldAction(
  _prev: SettingsFormState,
  formData: FormData,
): Promise<SettingsFormState> {
  formData = formOf(formData)
  return guarded('create', async (actor) =>
    answer(await createCustomField(getDb(), actor, fieldInput(formData)), 'Champ ajouté.', formData),
  )
}

export async function updateCustomFieldAction(
  fieldId: string,
  _prev: SettingsFormState,
  formData: FormData,
): Promise<SettingsFormState> {
  formData = formOf(formData)
  return guarded('update', async (actor) => {
    if (typeof fieldId !== 'string' || !isUuid(fieldId)) return { error: CUSTOM_FIELD_MESSAGES.notFound }
    return answer(await updateCustomField(getDb(), actor, fieldId, fieldInput(formData)), 'Champ enregistré.', formData)
  })
}

export async function moveCustomFieldAction(fieldId: string, direction: 'up' | 'down'): Promise<SettingsFormState> {
  return guarded('move', async (actor) => {
    if (typeof fieldId !== 'string' || !isUuid(fieldId) || (direction !== 'up' && direction !== 'down'))
      return { error: CUSTOM_FIELD_MESSAGES.notFound }
    return answer(
      await moveCustomField(getDb(), actor, fieldId, direction),
      direction === 'up' ? 'Champ monté d’un rang.' : 'Champ descendu d’un rang.',
    )
  })
}

export async function archiveCustomFieldAction(fieldId: string, confirmed: boolean): Promise<SettingsFormState> {
  return guarded('archive', async (actor) => {
    if (typeof fieldId !== 'string' || !isUuid(fieldId)) return { error: CUSTOM_FIELD_MESSAGES.notFound }
    return answer(
      await archiveCustomField(getDb(), actor, fieldId, confirmed === true),
      'Champ archivé. Les valeurs déjà saisies restent dans la fiche des candidats.',
    )
  })
}

/** /v2/settings/refusal-causes: the causes' labels and whether each is offered, and optionally a new one, in one save. */
export async function saveRefusalCausesAction(
  _prev: SettingsFormState,
  formData: FormData,
): Promise<SettingsFormState> {
  formData = formOf(formData)
  return guarded('refusal-causes', async (actor) => {
    const codes = formData.getAll('code').map(String)
    const enabled = new Set(formData.getAll('enabled').map(String))
    const input = {
      causes: codes.map((code, i) => ({
        code,
        label: String(formData.getAll('label')[i] ?? ''),
        enabled: enabled.has(code),
      })),
      added: formData.get('added') ?? '',
    }
    const outcome = await saveRefusalCauses(getDb(), actor, input)
    revalidatePath('/v2/settings/refusal-causes')
    if (!outcome.ok) {
      const values = Object.fromEntries([
        ...codes.map((code, i) => [`label:${code}`, String(formData.getAll('label')[i] ?? '')]),
        ['added', String(formData.get('added') ?? '')],
      ])
      return { error: outcome.error, fieldErrors: outcome.fieldErrors, values }
    }
    return { ok: true, message: outcome.changed ? 'Motifs de refus enregistrés.' : 'Aucun motif n’a changé.' }
  })
}
