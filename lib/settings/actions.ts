'use server'

import { formOf } from '@/lib/forms/form-of'
import { revalidatePath } from 'next/cache'
import { writeAudit } from '@/lib/audit'
import { now } from '@/lib/clock'
import { isUuid } from '@/lib/ids'
import { resendFailedMail, resendSms } from './failed-sends'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { queueInvitation } from './invitation'
import { updateOrganisationSettings } from './organisation'
import { MATRIX_ROLES, updateOrganisationMatrix } from './permission-matrix'
import { getOrganisationUser } from './queries'
import { fieldErrors, newUserSchema, organisationSchema, sendingHoursSchema, userProfileSchema } from './schemas'
import {
  createOrganisationUser,
  removeOrganisationUserIdentity,
  resetOrganisationUserSecondFactor,
  setOrganisationUserDisabled,
  updateOrganisationUser,
  type SettingsActor,
  type SettingsOutcome,
} from './users'

/** What a settings form gets back: a French message for the toast or the form, and one per field. */
export type SettingsFormState = {
  ok?: boolean
  message?: string
  error?: string
  fieldErrors?: Record<string, string>
  userId?: string
  /** What was sent, given back on an error: React resets a form after its action, the fields show these again. */
  values?: Record<string, string>
}

const FORBIDDEN = 'Vous n’avez pas accès aux réglages de l’organisation.'
const NOT_FOUND = 'Cet utilisateur est introuvable.'
const FAILED = 'L’enregistrement a échoué. Réessayez dans un instant.'

/** settings.visualize, and an organisation: an administrator acts on their own organisation only. */
async function settingsActor(): Promise<SettingsActor | null> {
  const user = await getActiveUser()
  if (!user || !can(user, 'settings.visualize') || !user.organisationId) return null
  return { id: user.id, organisationId: user.organisationId, sessionId: user.sessionId ?? null }
}

function answer(outcome: SettingsOutcome, message: string): SettingsFormState {
  if (outcome.ok) return { ok: true, message }
  if ('notFound' in outcome) return { error: NOT_FOUND }
  return { error: outcome.error, ...(outcome.field ? { fieldErrors: { [outcome.field]: outcome.error } } : {}) }
}

async function guarded(
  what: string,
  work: (actor: SettingsActor) => Promise<SettingsFormState>,
): Promise<SettingsFormState> {
  const actor = await settingsActor()
  if (!actor) return { error: FORBIDDEN }
  try {
    return await work(actor)
  } catch (error) {
    logError(`settings.${what}`, error)
    return { error: FAILED }
  }
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : undefined
}

/** The submitted text fields, to show again with the form's errors. */
function sent(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  // A repeated field (checkboxes) keeps each value, joined by commas.
  for (const [key, value] of formData)
    if (typeof value === 'string' && !key.startsWith('$'))
      values[key] = key in values ? `${values[key]},${value}` : value
  return values
}

const withValues = (state: SettingsFormState, formData: FormData): SettingsFormState =>
  state.ok ? state : { ...state, values: sent(formData) }

/** "Créer un utilisateur": the account and its invitation mail with a 72-hour link, in one transaction. */
export async function createUserAction(_prev: SettingsFormState, formData: FormData): Promise<SettingsFormState> {
  formData = formOf(formData)
  const state = await guarded('create-user', async (actor) => {
    const parsed = newUserSchema.safeParse({
      firstName: text(formData, 'firstName'),
      lastName: text(formData, 'lastName'),
      email: text(formData, 'email'),
      phone: text(formData, 'phone'),
      role: text(formData, 'role'),
    })
    if (!parsed.success) return { error: 'Vérifiez les champs signalés.', fieldErrors: fieldErrors(parsed.error) }
    const db = getDb()
    const outcome = await createOrganisationUser(db, actor, parsed.data)
    if (!outcome.ok) return answer(outcome, '')
    revalidatePath('/v2/settings/users')
    return {
      ok: true,
      userId: outcome.userId,
      message: `Utilisateur créé\u00a0: une invitation à choisir son mot de passe a été envoyée à ${parsed.data.email}.`,
    }
  })
  return withValues(state, formData)
}

export async function updateUserAction(
  userId: string,
  _prev: SettingsFormState,
  formData: FormData,
): Promise<SettingsFormState> {
  formData = formOf(formData)
  const state = await guarded('update-user', async (actor) => {
    const parsed = userProfileSchema.safeParse({
      firstName: text(formData, 'firstName'),
      lastName: text(formData, 'lastName'),
      phone: text(formData, 'phone'),
      role: text(formData, 'role'),
    })
    if (!parsed.success) return { error: 'Vérifiez les champs signalés.', fieldErrors: fieldErrors(parsed.error) }
    const result = answer(
      await updateOrganisationUser(getDb(), actor, userId, parsed.data),
      'Modifications enregistrées.',
    )
    if (!result.error) revalidatePath(`/v2/settings/user/${userId}`)
    return result
  })
  return withValues(state, formData)
}

export async function setUserDisabledAction(userId: string, disabled: boolean): Promise<SettingsFormState> {
  return guarded('disable-user', async (actor) => {
    const result = answer(
      await setOrganisationUserDisabled(getDb(), actor, userId, disabled),
      disabled
        ? 'Utilisateur désactivé\u00a0: ses connexions en cours sont fermées.'
        : 'Utilisateur réactivé\u00a0: il peut de nouveau se connecter.',
    )
    if (!result.error) revalidatePath(`/v2/settings/user/${userId}`)
    return result
  })
}

export async function removeIdentityAction(userId: string, accountRowId: string): Promise<SettingsFormState> {
  return guarded('remove-identity', async (actor) => {
    const result = answer(
      await removeOrganisationUserIdentity(getDb(), actor, userId, accountRowId),
      'Identité retirée.',
    )
    if (!result.error) revalidatePath(`/v2/settings/user/${userId}`)
    return result
  })
}

export async function resetSecondFactorAction(userId: string): Promise<SettingsFormState> {
  return guarded('reset-second-factor', async (actor) => {
    const result = answer(
      await resetOrganisationUserSecondFactor(getDb(), actor, userId),
      'Double authentification réinitialisée.',
    )
    if (!result.error) revalidatePath(`/v2/settings/user/${userId}`)
    return result
  })
}

/** A new invitation link (72 h) for a user of the organisation; earlier links keep their own expiry. */
export async function resendInvitationAction(userId: string): Promise<SettingsFormState> {
  return guarded('resend-invitation', async (actor) => {
    const db = getDb()
    const user = await getOrganisationUser(db, actor.organisationId, userId)
    if (!user) return { error: NOT_FOUND }
    if (user.disabled) return { error: 'Ce compte est désactivé\u00a0: réactivez-le avant de renvoyer une invitation.' }
    await db.transaction(async (tx) => {
      await queueInvitation(tx, userId)
      await writeAudit(tx, {
        actorId: actor.id,
        organisationId: actor.organisationId,
        action: 'user.invited',
        entityType: 'user',
        entityId: userId,
      })
    })
    return { ok: true, message: `Invitation envoyée à ${user.email}.` }
  })
}

export async function updateOrganisationAction(
  _prev: SettingsFormState,
  formData: FormData,
): Promise<SettingsFormState> {
  formData = formOf(formData)
  const state = await guarded('update-organisation', async (actor) => {
    const parsed = organisationSchema.safeParse({
      name: text(formData, 'name'),
      addressFormatted: text(formData, 'addressFormatted'),
      twoFactorRequired: formData.get('twoFactorRequired') === 'on',
      twoFactorForSensitive: formData.get('twoFactorForSensitive') === 'on',
      journalRetentionMonths: text(formData, 'journalRetentionMonths'),
      answerReminderDays: text(formData, 'answerReminderDays'),
      prescriptionExpiryDays: text(formData, 'prescriptionExpiryDays'),
      retentionDays: text(formData, 'retentionDays'),
    })
    const hours = sendingHoursSchema.safeParse({
      smsStart: text(formData, 'smsStart'),
      smsEnd: text(formData, 'smsEnd'),
      smsDays: formData.getAll('smsDays'),
    })
    if (!parsed.success || !hours.success) {
      return {
        error: 'Vérifiez les champs signalés.',
        fieldErrors: {
          ...(parsed.success ? {} : fieldErrors(parsed.error)),
          ...(hours.success ? {} : fieldErrors(hours.error)),
        },
      }
    }
    const result = answer(
      await updateOrganisationSettings(getDb(), actor, parsed.data, hours.data),
      'Organisation enregistrée.',
    )
    revalidatePath('/v2/settings/organisations')
    return result
  })
  return withValues(state, formData)
}

/** "Renvoyer" a failed mail of the organisation (/v2/settings, "Envois en échec"). */
export async function resendFailedMailAction(mailId: string): Promise<SettingsFormState> {
  return guarded('resend-mail', async (actor) => {
    if (!isUuid(mailId)) return { error: 'Ce message est introuvable.' }
    const resent = await resendFailedMail(getDb(), {
      organisationId: actor.organisationId,
      mailId,
      actorId: actor.id,
      now: now(),
    })
    revalidatePath('/v2/settings')
    return resent
      ? { ok: true, message: 'Message remis dans la file d’envoi.' }
      : { error: 'Ce message est introuvable ou déjà renvoyé.' }
  })
}

/** "Renvoyer" an SMS of the organisation that failed or whose fate is unknown (/v2/settings, "Envois en échec"). */
export async function resendSmsAction(messageId: string): Promise<SettingsFormState> {
  return guarded('resend-sms', async (actor) => {
    if (!isUuid(messageId)) return { error: 'Ce message est introuvable.' }
    const resent = await resendSms(getDb(), {
      organisationId: actor.organisationId,
      messageId,
      actorId: actor.id,
      now: now(),
    })
    revalidatePath('/v2/settings')
    return resent
      ? { ok: true, message: 'SMS remis dans la file d’envoi.' }
      : { error: 'Ce SMS est introuvable ou déjà renvoyé.' }
  })
}

/** /v2/settings/permissions: the organisation's role × permission matrix, saved at once for every user. */
export async function updatePermissionMatrixAction(
  _prev: SettingsFormState,
  formData: FormData,
): Promise<SettingsFormState> {
  formData = formOf(formData)
  return guarded('update-permissions', async (actor) => {
    const input = Object.fromEntries(MATRIX_ROLES.map((role) => [role, formData.getAll(role).map(String)]))
    const outcome = await updateOrganisationMatrix(getDb(), {
      organisationId: actor.organisationId,
      actorId: actor.id,
      actorSessionId: actor.sessionId,
      input,
      now: now(),
    })
    if (!outcome.ok) return { error: outcome.error }
    revalidatePath('/v2/settings/permissions')
    return {
      ok: true,
      message: outcome.changed
        ? 'Permissions enregistrées : elles s’appliquent dès maintenant.'.replace(' :', '\u00a0:')
        : 'Aucune permission n’a changé.',
    }
  })
}
