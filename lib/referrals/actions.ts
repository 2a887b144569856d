'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { appUrl } from '@/lib/auth/app-url'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { declineOrientation } from './decide'
import { createLink, setLinkDisabled } from './links'

/**
 * Settings "Formulaires d’orientation" (settings.referral-links.modify): a new link, whose address is answered this
 * once — only its hash is kept.
 */
export const createReferralLinkAction = defineAction({
  name: 'referral-link.create',
  permission: 'settings.referral-links.modify',
  tenant: 'organisation',
  input: z.tuple([z.unknown()]),
  run: async ({ user, organisationId, input: [values] }) => {
    const outcome = await createLink(getDb(), { id: user.id, organisationId }, values, now())
    if (!outcome.ok) return outcome
    revalidatePath('/v2/settings/referral-links')
    return { ok: true as const, id: outcome.id, url: `${appUrl()}/referral-form/informations/${outcome.token}` }
  },
})

export const setReferralLinkDisabledAction = defineAction({
  name: 'referral-link.disable',
  permission: 'settings.referral-links.modify',
  tenant: 'organisation',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ user, organisationId, input: [linkId, disabled] }) => {
    const outcome = await setLinkDisabled(getDb(), { id: user.id, organisationId }, linkId, disabled === true, now())
    if (outcome.ok) revalidatePath('/v2/settings/referral-links')
    return outcome
  },
})

export const declineOrientationAction = defineAction({
  name: 'orientation.decline',
  permission: 'candidate.orientation.decide',
  tenant: 'organisation',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ user, organisationId, input: [orientationId, values] }) => {
    const outcome = await declineOrientation(getDb(), { id: user.id, organisationId }, orientationId, values, now())
    if (outcome.ok) revalidatePath(`/v2/orientations/${orientationId}`)
    return outcome
  },
})
