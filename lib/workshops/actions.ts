'use server'

import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { NOT_FOUND } from '@/lib/directory/fields'
import { FORBIDDEN, guardedAction, organisationActor } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { partnerStructureChoices } from '@/lib/partners/queries'
import { staffChoices } from './form-values'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { organisationStaff, registeredTo, upcomingWorkshops } from './queries'
import { cancelRegistration, markAllPresent, registerCandidates, setAttendance } from './registrations'
import { cancelWorkshop, createWorkshop, updateWorkshop } from './workshops'

const uuid = (v: unknown): v is string => typeof v === 'string' && isUuid(v)

/** Every workshop write: workshops.modify (spec §6), an organisation user; the organisation's records only. */
function workshopAction<T extends object>(
  what: string,
  work: (actor: { organisationId: string; actorId: string }) => Promise<import('@/lib/directory/fields').Outcome<T>>,
) {
  return guardedAction<T>(`workshop.${what}`, 'workshops.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    return work(actor)
  })
}

export async function createWorkshopAction(input: unknown) {
  return workshopAction('create', async (actor) => {
    const outcome = await createWorkshop(getDb(), actor, input, now())
    if (outcome.ok) revalidatePath('/workshops/dashboard')
    return outcome
  })
}

export async function updateWorkshopAction(workshopId: unknown, input: unknown) {
  return workshopAction('update', async (actor) => {
    if (!uuid(workshopId)) return NOT_FOUND
    const outcome = await updateWorkshop(getDb(), actor, workshopId, input, now())
    if (outcome.ok) revalidatePath(`/workshops/${workshopId}`)
    return outcome
  })
}

export async function cancelWorkshopAction(workshopId: unknown) {
  return workshopAction('cancel', async (actor) => {
    if (!uuid(workshopId)) return NOT_FOUND
    const outcome = await cancelWorkshop(getDb(), actor, workshopId, now())
    if (outcome.ok) revalidatePath(`/workshops/${workshopId}`)
    return outcome
  })
}

export async function registerCandidatesAction(workshopId: unknown, input: unknown) {
  return workshopAction('register', async (actor) => {
    if (!uuid(workshopId)) return NOT_FOUND
    const outcome = await registerCandidates(getDb(), actor, workshopId, input, now())
    if (outcome.ok) revalidatePath(`/workshops/${workshopId}`)
    return outcome
  })
}

export async function cancelRegistrationAction(registrationId: unknown) {
  return workshopAction('unregister', async (actor) => {
    if (!uuid(registrationId)) return NOT_FOUND
    return cancelRegistration(getDb(), actor, registrationId, now())
  })
}

export async function setAttendanceAction(registrationId: unknown, input: unknown) {
  return workshopAction('attendance', async (actor) => {
    if (!uuid(registrationId)) return NOT_FOUND
    return setAttendance(getDb(), actor, registrationId, input, now())
  })
}

export async function markAllPresentAction(workshopId: unknown) {
  return workshopAction('all-present', async (actor) => {
    if (!uuid(workshopId)) return NOT_FOUND
    return markAllPresent(getDb(), actor, workshopId, now())
  })
}

/** The picker's search: the text travels in the body, never in a URL. */
export async function searchCandidatesToRegisterAction(workshopId: unknown, search: unknown) {
  const user = await getActiveUser()
  if (
    !user?.organisationId ||
    !can(user, 'workshops.modify') ||
    !uuid(workshopId) ||
    typeof search !== 'string' ||
    search.length > 100
  )
    return []
  try {
    return await searchPickableCandidates(getDb(), user.organisationId, search, {
      taken: registeredTo(user.organisationId, workshopId),
    })
  } catch (error) {
    logError('workshop.search', error)
    return []
  }
}

/** The candidates dashboard's selection, registered in one action: those already registered are left out and counted. */
export async function registerSelectionAction(workshopId: unknown, input: unknown) {
  return workshopAction('register-selection', async (actor) => {
    if (!uuid(workshopId)) return NOT_FOUND
    const outcome = await registerCandidates(getDb(), actor, workshopId, input, now(), { skipRegistered: true })
    if (outcome.ok) revalidatePath(`/workshops/${workshopId}`)
    return outcome
  })
}

/** The coming workshops a selection can be registered to (workshops.modify). */
export async function upcomingWorkshopsAction() {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'workshops.modify')) return []
  try {
    return (await upcomingWorkshops(getDb(), user.organisationId, now())).map((w) => ({
      ...w,
      startsAt: w.startsAt?.toISOString() ?? null,
    }))
  } catch (error) {
    logError('workshop.upcoming', error)
    return []
  }
}

/** "Modifier l’atelier": the facilitators and co-hosts to choose from, read when the form opens (not with the page). */
export async function workshopFormChoicesAction() {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'workshops.modify')) return null
  try {
    const [staff, structures] = await Promise.all([
      organisationStaff(getDb(), user.organisationId),
      partnerStructureChoices(getDb(), user.organisationId, true),
    ])
    return { staff: staffChoices(staff), structures }
  } catch (error) {
    logError('workshop.choices', error)
    return null
  }
}
