'use server'

import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { NOT_FOUND } from '@/lib/directory/fields'
import { FORBIDDEN, guardedAction, organisationActor } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { createJobOffer, updateJobOffer } from './job-offers'
import { placeCandidates, setPlacementStatus } from './placements'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { placedOn } from './queries'
import { suggestCandidates } from './suggestions'
import { organisationPlaces } from './places'

const uuid = (v: unknown): v is string => typeof v === 'string' && isUuid(v)

export async function createJobOfferAction(enterpriseId: unknown, input: unknown) {
  return guardedAction('job-offer.create', 'offers.job.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (!uuid(enterpriseId)) return NOT_FOUND
    const outcome = await createJobOffer(getDb(), actor, enterpriseId, input)
    if (outcome.ok) revalidatePath(`/v2/enterprise/${enterpriseId}`)
    return outcome
  })
}

export async function updateJobOfferAction(jobOfferId: unknown, input: unknown) {
  return guardedAction('job-offer.update', 'offers.job.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (!uuid(jobOfferId)) return NOT_FOUND
    const outcome = await updateJobOffer(getDb(), actor, jobOfferId, input)
    if (outcome.ok) revalidatePath(`/v2/offer/${jobOfferId}`)
    return outcome
  })
}

export async function placeCandidatesAction(jobOfferId: unknown, input: unknown) {
  return guardedAction('placement.create', 'candidate.placement.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (!uuid(jobOfferId)) return NOT_FOUND
    const outcome = await placeCandidates(getDb(), actor, jobOfferId, input)
    if (outcome.ok) revalidatePath(`/v2/offer/${jobOfferId}`)
    return outcome
  })
}

export async function setPlacementStatusAction(placementId: unknown, input: unknown) {
  return guardedAction('placement.update', 'candidate.placement.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (!uuid(placementId)) return NOT_FOUND
    return setPlacementStatus(getDb(), actor, placementId, input)
  })
}

/** The picker's search: the text travels in the body, never in a URL. */
export async function searchCandidatesToPlaceAction(jobOfferId: unknown, search: unknown) {
  const user = await getActiveUser()
  if (
    !user?.organisationId ||
    !can(user, 'candidate.placement.modify') ||
    !uuid(jobOfferId) ||
    typeof search !== 'string' ||
    search.length > 100
  )
    return []
  try {
    return await searchPickableCandidates(getDb(), user.organisationId, search, {
      taken: placedOn(user.organisationId, jobOfferId),
    })
  } catch (error) {
    logError('directory.placement.search', error)
    return []
  }
}

/** The job offer page's suggestions, read after the page is shown (they are the page's most expensive part). */
export async function suggestionsAction(jobOfferId: unknown) {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'candidate.placement.modify') || !uuid(jobOfferId))
    return { ok: false as const, error: 'Vous n’avez pas accès aux suggestions.' }
  try {
    return { ok: true as const, suggestions: await suggestCandidates(getDb(), user.organisationId, jobOfferId) }
  } catch (error) {
    logError('directory.suggestions', error)
    return { ok: false as const, error: 'Les suggestions n’ont pas pu être chargées. Réessayez dans un instant.' }
  }
}

/** The organisation's places, for the job offer form (read when the form opens, not with every page). */
export async function organisationPlacesAction() {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'offers.job.modify')) return []
  return organisationPlaces(getDb(), user.organisationId)
}
