'use server'

import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { NOT_FOUND } from '@/lib/directory/fields'
import { guardedAction } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { saveChallenges } from './challenges'
import { createSocialOffer, updateSocialOffer } from './write-offer'
import { FORBIDDEN } from '@/lib/directory/guard'

export async function createSocialOfferAction(structureId: unknown, input: unknown) {
  return guardedAction('social-offer.create', 'candidate.socialboard.modify', async (user) => {
    if (typeof structureId !== 'string' || !isUuid(structureId)) return NOT_FOUND
    const outcome = await createSocialOffer(getDb(), user, structureId, input)
    if (outcome.ok) revalidatePath('/v2/offers/dashboard/social')
    return outcome
  })
}

export async function updateSocialOfferAction(offerId: unknown, input: unknown) {
  return guardedAction('social-offer.update', 'candidate.socialboard.modify', async (user) => {
    if (typeof offerId !== 'string' || !isUuid(offerId)) return NOT_FOUND
    const outcome = await updateSocialOffer(getDb(), user, offerId, input)
    if (outcome.ok) revalidatePath(`/offer/social/${offerId}`)
    return outcome
  })
}

/** /v2/settings/challenges: the organisation's challenges ("freins"). */
export async function saveChallengesAction(input: unknown) {
  return guardedAction<object>('challenges.save', 'settings.visualize', async (user) => {
    if (!user.organisationId) return FORBIDDEN
    const outcome = await saveChallenges(getDb(), { organisationId: user.organisationId, actorId: user.id }, input)
    if (outcome.ok) revalidatePath('/v2/settings/challenges')
    return outcome
  })
}
