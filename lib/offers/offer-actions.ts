'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { saveChallenges } from './challenges'
import { createSocialOffer, updateSocialOffer } from './write-offer'

/** The domain decides whose offers a user writes: a partner its structure's, an organisation the ones it created. */
export const createSocialOfferAction = defineAction({
  name: 'social-offer.create',
  permission: 'candidate.socialboard.modify',
  tenant: 'any',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ user, input: [structureId, values] }) => {
    const outcome = await createSocialOffer(getDb(), user, structureId, values)
    if (outcome.ok) revalidatePath('/v2/offers/dashboard/social')
    return outcome
  },
})

export const updateSocialOfferAction = defineAction({
  name: 'social-offer.update',
  permission: 'candidate.socialboard.modify',
  tenant: 'any',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ user, input: [offerId, values] }) => {
    const outcome = await updateSocialOffer(getDb(), user, offerId, values)
    if (outcome.ok) revalidatePath(`/offer/social/${offerId}`)
    return outcome
  },
})

/** /v2/settings/challenges: the organisation's challenges ("freins"). */
export const saveChallengesAction = defineAction({
  name: 'challenges.save',
  permission: 'settings.visualize',
  tenant: 'organisation',
  input: z.tuple([z.unknown()]),
  run: async ({ actor, input: [values] }) => {
    const outcome = await saveChallenges(getDb(), actor, values)
    if (outcome.ok) revalidatePath('/v2/settings/challenges')
    return outcome
  },
})
