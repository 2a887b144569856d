'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { getDb } from '@/lib/db/client'
import { jobOfferEnterprises } from '@/lib/enterprises/queries'
import { defineAction, id, search } from '@/lib/frame/action'
import { createJobOffer, updateJobOffer } from './job-offers'
import { organisationPlaces } from './places'
import { placeCandidates, setPlacementStatus } from './placements'
import { placedOn } from './queries'

const jobOffers = { permission: 'offers.job.modify', tenant: 'organisation' } as const
const placements = { permission: 'candidate.placement.modify', tenant: 'organisation' } as const

export const createJobOfferAction = defineAction({
  ...jobOffers,
  name: 'job-offer.create',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [enterpriseId, values] }) => {
    const outcome = await createJobOffer(getDb(), actor, enterpriseId, values)
    if (outcome.ok) revalidatePath(`/v2/enterprise/${enterpriseId}`)
    return outcome
  },
})

export const updateJobOfferAction = defineAction({
  ...jobOffers,
  name: 'job-offer.update',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [jobOfferId, values] }) => {
    const outcome = await updateJobOffer(getDb(), actor, jobOfferId, values)
    if (outcome.ok) revalidatePath(`/v2/offer/${jobOfferId}`)
    return outcome
  },
})

export const placeCandidatesAction = defineAction({
  ...placements,
  name: 'placement.create',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [jobOfferId, values] }) => {
    const outcome = await placeCandidates(getDb(), actor, jobOfferId, values)
    if (outcome.ok) revalidatePath(`/v2/offer/${jobOfferId}`)
    return outcome
  },
})

export const setPlacementStatusAction = defineAction({
  ...placements,
  name: 'placement.update',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [placementId, values] }) => setPlacementStatus(getDb(), actor, placementId, values),
})

/** The picker's search: the text travels in the body, never in a URL. */
export const searchCandidatesToPlaceAction = defineAction({
  ...placements,
  name: 'placement.search',
  fallback: [],
  input: z.tuple([id(), search]),
  run: async ({ organisationId, input: [jobOfferId, text] }) =>
    searchPickableCandidates(getDb(), organisationId, text, { taken: placedOn(organisationId, jobOfferId) }),
})

/** The organisation's places, for the job offer form (read when the form opens, not with every page). */
export const organisationPlacesAction = defineAction({
  ...jobOffers,
  name: 'job-offer.places',
  fallback: [],
  run: async ({ organisationId }) => organisationPlaces(getDb(), organisationId),
})

/**
 * The job offers list's enterprise filter: the organisation's enterprises with offers whose name (or SIRET, address)
 * holds the text (in the body, never in a URL), ENTERPRISE_CHOICES at most. Any organisation user, as the list.
 */
export const searchJobOfferEnterprisesAction = defineAction({
  permission: null,
  tenant: 'organisation',
  name: 'job-offer.enterprises',
  fallback: null,
  input: z.tuple([search]),
  run: async ({ organisationId, input: [text] }) => jobOfferEnterprises(getDb(), organisationId, { search: text }),
})
