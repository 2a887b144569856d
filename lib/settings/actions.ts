'use server'

import { lineText } from '@/lib/text/safe-text'
import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import type { CurrentUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, field, form, FORM, id } from '@/lib/frame/action'
import { resendFailedMail, resendSms } from './failed-sends'
import { queueInvitation } from './invitation'
import { saveInvitationValidity } from './invitation-validity'
import { updateOrganisationSettings } from './organisation'
import { MATRIX_ROLES, updateOrganisationMatrix } from './permission-matrix'
import { getOrganisationUser } from './queries'
import { newUserSchema, organisationSchema, sendingHoursSchema, userProfileSchema } from './schemas'
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

const NOT_FOUND = 'Cet utilisateur est introuvable.'
const MESSAGE_NOT_FOUND = 'Ce message est introuvable.'

/** settings.visualize, and an organisation: an administrator acts on their own organisation only. */
const settings = {
  permission: 'settings.visualize',
  tenant: 'organisation',
  forbidden: 'Vous n’avez pas accès aux réglages de l’organisation.',
  echo: true,
} as const
const actorOf = (user: CurrentUser, organisationId: string): SettingsActor => ({
  id: user.id,
  organisationId,
  sessionId: user.sessionId ?? null,
})
/** A user of the organisation: the domain answers "not found" for anyone else. */
const USER = lineText({ error: NOT_FOUND })

function answer(outcome: SettingsOutcome, message: string): SettingsFormState {
  if (outcome.ok) return { ok: true, message }
  if ('notFound' in outcome) return { error: NOT_FOUND }
  return { error: outcome.error, ...(outcome.field ? { fieldErrors: { [outcome.field]: outcome.error } } : {}) }
}

/** The answer, and the user's page shown again when it changed. */
function refreshed(state: SettingsFormState, userId: string): SettingsFormState {
  if (!state.error) revalidatePath(`/v2/settings/user/${userId}`)
  return state
}

const profile = (data: FormData) => ({
  firstName: field(data, 'firstName'),
  lastName: field(data, 'lastName'),
  phone: field(data, 'phone'),
  role: field(data, 'role'),
})

/** "Créer un utilisateur": the account and its invitation mail with a 72-hour link, in one transaction. */
export const createUserAction = defineAction({
  ...settings,
  name: 'settings.create-user',
  input: z.tuple([z.unknown(), form((data) => ({ ...profile(data), email: field(data, 'email') }), newUserSchema)]),
  run: async ({ user, organisationId, input: [, values] }): Promise<SettingsFormState> => {
    const outcome = await createOrganisationUser(getDb(), actorOf(user, organisationId), values)
    if (!outcome.ok) return answer(outcome, '')
    revalidatePath('/v2/settings/users')
    return {
      ok: true,
      userId: outcome.userId,
      message: `Utilisateur créé\u00a0: une invitation à choisir son mot de passe a été envoyée à ${values.email}.`,
    }
  },
})

export const updateUserAction = defineAction({
  ...settings,
  name: 'settings.update-user',
  input: z.tuple([USER, z.unknown(), form(profile, userProfileSchema)]),
  run: async ({ user, organisationId, input: [userId, , values] }): Promise<SettingsFormState> =>
    refreshed(
      answer(
        await updateOrganisationUser(getDb(), actorOf(user, organisationId), userId, values),
        'Modifications enregistrées.',
      ),
      userId,
    ),
})

export const setUserDisabledAction = defineAction({
  ...settings,
  name: 'settings.disable-user',
  input: z.tuple([USER, z.boolean().catch(false)]),
  run: async ({ user, organisationId, input: [userId, disabled] }): Promise<SettingsFormState> =>
    refreshed(
      answer(
        await setOrganisationUserDisabled(getDb(), actorOf(user, organisationId), userId, disabled),
        disabled
          ? 'Utilisateur désactivé\u00a0: ses connexions en cours sont fermées.'
          : 'Utilisateur réactivé\u00a0: il peut de nouveau se connecter.',
      ),
      userId,
    ),
})

export const removeIdentityAction = defineAction({
  ...settings,
  name: 'settings.remove-identity',
  input: z.tuple([USER, lineText({ error: NOT_FOUND })]),
  run: async ({ user, organisationId, input: [userId, accountRowId] }): Promise<SettingsFormState> =>
    refreshed(
      answer(
        await removeOrganisationUserIdentity(getDb(), actorOf(user, organisationId), userId, accountRowId),
        'Identité retirée.',
      ),
      userId,
    ),
})

export const resetSecondFactorAction = defineAction({
  ...settings,
  name: 'settings.reset-second-factor',
  input: z.tuple([USER]),
  run: async ({ user, organisationId, input: [userId] }): Promise<SettingsFormState> =>
    refreshed(
      answer(
        await resetOrganisationUserSecondFactor(getDb(), actorOf(user, organisationId), userId),
        'Double authentification réinitialisée.',
      ),
      userId,
    ),
})

/** A new invitation link (72 h) for a user of the organisation; earlier links keep their own expiry. */
export const resendInvitationAction = defineAction({
  ...settings,
  name: 'settings.resend-invitation',
  input: z.tuple([id(NOT_FOUND)]),
  run: async ({ actor, input: [userId] }): Promise<SettingsFormState> => {
    const db = getDb()
    const invited = await getOrganisationUser(db, actor.organisationId, userId)
    if (!invited) return { error: NOT_FOUND }
    if (invited.disabled)
      return { error: 'Ce compte est désactivé\u00a0: réactivez-le avant de renvoyer une invitation.' }
    await db.transaction(async (tx) => {
      await queueInvitation(tx, userId)
      await writeAudit(tx, {
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'user.invited',
        entityType: 'user',
        entityId: userId,
      })
    })
    return { ok: true, message: `Invitation envoyée à ${invited.email}.` }
  },
})

/** The organisation's settings and its SMS sending hours, one form. */
const organisationForm = form(
  (data) => ({
    name: field(data, 'name'),
    addressFormatted: field(data, 'addressFormatted'),
    contactEmail: field(data, 'contactEmail'),
    contactPhone: field(data, 'contactPhone'),
    twoFactorRequired: data.get('twoFactorRequired') === 'on',
    twoFactorForSensitive: data.get('twoFactorForSensitive') === 'on',
    journalRetentionMonths: field(data, 'journalRetentionMonths'),
    answerReminderDays: field(data, 'answerReminderDays'),
    prescriptionExpiryDays: field(data, 'prescriptionExpiryDays'),
    retentionDays: field(data, 'retentionDays'),
    smsStart: field(data, 'smsStart'),
    smsEnd: field(data, 'smsEnd'),
    smsDays: data.getAll('smsDays'),
  }),
  z.intersection(organisationSchema, sendingHoursSchema),
)

export const updateOrganisationAction = defineAction({
  ...settings,
  name: 'settings.update-organisation',
  input: z.tuple([z.unknown(), organisationForm]),
  run: async ({ user, organisationId, input: [, values] }): Promise<SettingsFormState> => {
    const outcome = await updateOrganisationSettings(getDb(), actorOf(user, organisationId), values, values)
    revalidatePath('/v2/settings/organisations')
    return answer(outcome, 'Organisation enregistrée.')
  },
})

/** The invitation validity of the organisation's workshop themes (/v2/settings/organisations, "Invitations"). */
export const saveInvitationValidityAction = defineAction({
  ...settings,
  name: 'settings.invitation-validity',
  echo: false,
  input: z.tuple([z.unknown()]),
  run: async ({ user, organisationId, input: [values] }) => {
    const outcome = await saveInvitationValidity(getDb(), { id: user.id, organisationId }, values, now())
    if (outcome.ok) revalidatePath('/v2/settings/organisations')
    return outcome
  },
})

/** "Renvoyer" a failed mail of the organisation (/v2/settings, "Envois en échec"). */
export const resendFailedMailAction = defineAction({
  ...settings,
  name: 'settings.resend-mail',
  input: z.tuple([id(MESSAGE_NOT_FOUND)]),
  run: async ({ user, organisationId, input: [mailId] }): Promise<SettingsFormState> => {
    const resent = await resendFailedMail(getDb(), { organisationId, mailId, actorId: user.id, now: now() })
    revalidatePath('/v2/settings')
    return resent
      ? { ok: true, message: 'Message remis dans la file d’envoi.' }
      : { error: 'Ce message est introuvable ou déjà renvoyé.' }
  },
})

/** "Renvoyer" an SMS of the organisation that failed or whose fate is unknown (/v2/settings, "Envois en échec"). */
export const resendSmsAction = defineAction({
  ...settings,
  name: 'settings.resend-sms',
  input: z.tuple([id(MESSAGE_NOT_FOUND)]),
  run: async ({ user, organisationId, input: [messageId] }): Promise<SettingsFormState> => {
    const resent = await resendSms(getDb(), { organisationId, messageId, actorId: user.id, now: now() })
    revalidatePath('/v2/settings')
    return resent
      ? { ok: true, message: 'SMS remis dans la file d’envoi.' }
      : { error: 'Ce SMS est introuvable ou déjà renvoyé.' }
  },
})

/** /v2/settings/permissions: the organisation's role × permission matrix, saved at once for every user. */
export const updatePermissionMatrixAction = defineAction({
  ...settings,
  name: 'settings.update-permissions',
  echo: false,
  input: z.tuple([z.unknown(), FORM]),
  run: async ({ user, organisationId, input: [, data] }): Promise<SettingsFormState> => {
    const outcome = await updateOrganisationMatrix(getDb(), {
      organisationId,
      actorId: user.id,
      actorSessionId: user.sessionId ?? null,
      input: Object.fromEntries(MATRIX_ROLES.map((role) => [role, data.getAll(role).map(String)])),
      now: now(),
    })
    if (!outcome.ok) return { error: outcome.error }
    revalidatePath('/v2/settings/permissions')
    return {
      ok: true,
      message: outcome.changed
        ? 'Permissions enregistrées\u00a0: elles s’appliquent dès maintenant.'
        : 'Aucune permission n’a changé.',
    }
  },
})
