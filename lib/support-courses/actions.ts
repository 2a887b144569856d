'use server'

import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { NOT_FOUND, type Outcome } from '@/lib/directory/fields'
import { FORBIDDEN, guardedAction, organisationActor } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { createCourse, enrolCandidates, leaveCourse, markStepDone, saveSteps } from './courses'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { enrolledIn, stepLinkChoices } from './queries'

const uuid = (v: unknown): v is string => typeof v === 'string' && isUuid(v)

/** Every course write: support-courses.modify, an organisation user; the organisation's records only. */
function courseAction<T extends object>(
  what: string,
  work: (actor: { organisationId: string; actorId: string }) => Promise<Outcome<T>>,
) {
  return guardedAction<T>(`support-course.${what}`, 'support-courses.modify', async (user) => {
    const actor = organisationActor(user)
    return actor ? work(actor) : FORBIDDEN
  })
}

export async function createCourseAction(input: unknown) {
  return courseAction('create', async (actor) => {
    const outcome = await createCourse(getDb(), actor, input)
    if (outcome.ok) revalidatePath('/support-courses/dashboard')
    return outcome
  })
}

export async function saveStepsAction(courseId: unknown, input: unknown) {
  return courseAction('steps', async (actor) => {
    if (!uuid(courseId)) return NOT_FOUND
    const outcome = await saveSteps(getDb(), actor, courseId, input)
    if (outcome.ok) revalidatePath(`/support-courses/${courseId}`)
    return outcome
  })
}

export async function enrolCandidatesAction(courseId: unknown, input: unknown) {
  return courseAction('enrol', async (actor) => {
    if (!uuid(courseId)) return NOT_FOUND
    const outcome = await enrolCandidates(getDb(), actor, courseId, input, parisToday(now()))
    if (outcome.ok) revalidatePath(`/support-courses/${courseId}`)
    return outcome
  })
}

export async function markStepDoneAction(enrolmentId: unknown, stepId: unknown, input: unknown) {
  return courseAction('step-done', async (actor) => {
    if (!uuid(enrolmentId) || !uuid(stepId)) return NOT_FOUND
    return markStepDone(getDb(), actor, enrolmentId, stepId, input)
  })
}

export async function leaveCourseAction(enrolmentId: unknown, input: unknown) {
  return courseAction('leave', async (actor) => {
    if (!uuid(enrolmentId)) return NOT_FOUND
    return leaveCourse(getDb(), actor, enrolmentId, input, parisToday(now()))
  })
}

/** The picker's search: the text travels in the body, never in a URL. */
export async function searchCandidatesToEnrolAction(courseId: unknown, search: unknown) {
  const user = await getActiveUser()
  if (
    !user?.organisationId ||
    !can(user, 'support-courses.modify') ||
    !uuid(courseId) ||
    typeof search !== 'string' ||
    search.length > 100
  )
    return []
  try {
    return await searchPickableCandidates(getDb(), user.organisationId, search, {
      taken: enrolledIn(user.organisationId, courseId),
    })
  } catch (error) {
    logError('support-course.search', error)
    return []
  }
}

/** "Marquer faite" on a step of kind "atelier" or "prescription": what it may be linked to. */
export async function stepLinkChoicesAction(enrolmentId: unknown, kind: unknown) {
  const user = await getActiveUser()
  if (
    !user?.organisationId ||
    !can(user, 'support-courses.modify') ||
    !uuid(enrolmentId) ||
    (kind !== 'workshop' && kind !== 'prescription')
  )
    return []
  try {
    return await stepLinkChoices(getDb(), user.organisationId, enrolmentId, kind)
  } catch (error) {
    logError('support-course.links', error)
    return []
  }
}
