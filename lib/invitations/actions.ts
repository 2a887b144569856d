'use server'

import { z } from 'zod'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, search } from '@/lib/frame/action'
import { lineText } from '@/lib/text/safe-text'
import { inviteCandidates } from './invite'
import { inviteAnswer } from './invite-feedback'
import { invitedOrRegistered } from './invitable'
import { themesWithSessions } from './sessions'

/**
 * Inviting is registering by another road: the permission that lets a counsellor register candidates to workshops
 * (workshops.modify), an organisation user, the organisation's candidates only.
 */
const inviting = { permission: 'workshops.modify', tenant: 'organisation' } as const

/**
 * "Inviter à un atelier": the candidates, the theme and the channels. The answer says how many were invited, each
 * person refused or invited without a channel and why; no free seat in the validity is one refusal for all.
 */
export const inviteCandidatesAction = defineAction({
  ...inviting,
  name: 'invitation.invite',
  input: z.tuple([z.unknown()]),
  failed: 'Les invitations n’ont pas pu être envoyées. Réessayez dans un instant.',
  run: async ({ actor, input: [values] }) => {
    const outcome = await inviteCandidates(getDb(), actor, values, now())
    if (!outcome.ok) return outcome
    return { ok: true as const, ...inviteAnswer(outcome) }
  },
})

/** The themes a selection can be invited to: those with a coming session. */
export const invitationThemesAction = defineAction({
  ...inviting,
  name: 'invitation.themes',
  fallback: [] as string[],
  run: async ({ organisationId }) => themesWithSessions(getDb(), organisationId, now()),
})

/** The picker of "Inviter des candidats à ce thème": the text in the body; the invited or registered shown as such. */
export const searchCandidatesToInviteAction = defineAction({
  ...inviting,
  name: 'invitation.search',
  fallback: [],
  input: z.tuple([lineText().trim().min(1).max(200), search]),
  run: async ({ organisationId, input: [theme, text] }) =>
    searchPickableCandidates(getDb(), organisationId, text, {
      taken: invitedOrRegistered(organisationId, theme, now()),
    }),
})
