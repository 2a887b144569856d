'use server'

import { revalidatePath } from 'next/cache'
import { appUrl } from '@/lib/auth/app-url'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { NOT_FOUND } from '@/lib/directory/fields'
import { FORBIDDEN, guardedAction } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { declineOrientation } from './decide'
import { createLink, setLinkDisabled } from './links'

const uuid = (v: unknown): v is string => typeof v === 'string' && isUuid(v)

/**
 * Settings "Formulaires d’orientation" (settings.referral-links.modify): a new link, whose address is answered this
 * once — only its hash is kept.
 */
export async function createReferralLinkAction(input: unknown) {
  return guardedAction<{ id: string; url: string }>(
    'referral-link.create',
    'settings.referral-links.modify',
    async (user) => {
      if (!user.organisationId) return FORBIDDEN
      const outcome = await createLink(getDb(), { id: user.id, organisationId: user.organisationId }, input, now())
      if (!outcome.ok) return outcome
      revalidatePath('/v2/settings/referral-links')
      return { ok: true as const, id: outcome.id, url: `${appUrl()}/referral-form/informations/${outcome.token}` }
    },
  )
}

export async function setReferralLinkDisabledAction(id: unknown, disabled: unknown) {
  return guardedAction<object>('referral-link.disable', 'settings.referral-links.modify', async (user) => {
    if (!user.organisationId) return FORBIDDEN
    if (!uuid(id)) return NOT_FOUND
    const outcome = await setLinkDisabled(
      getDb(),
      { id: user.id, organisationId: user.organisationId },
      id,
      disabled === true,
      now(),
    )
    if (outcome.ok) revalidatePath('/v2/settings/referral-links')
    return outcome
  })
}

export async function declineOrientationAction(id: unknown, input: unknown) {
  return guardedAction<object>('orientation.decline', 'candidate.orientation.decide', async (user) => {
    if (!user.organisationId) return FORBIDDEN
    if (!uuid(id)) return NOT_FOUND
    const outcome = await declineOrientation(
      getDb(),
      { id: user.id, organisationId: user.organisationId },
      id,
      input,
      now(),
    )
    if (outcome.ok) revalidatePath(`/v2/orientations/${id}`)
    return outcome
  })
}
