'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { now } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { defineAction, id, search } from '@/lib/frame/action'
import { createCourse, enrolCandidates, leaveCourse, markStepDone, saveSteps } from './courses'
import { enrolledIn, stepLinkChoices } from './queries'

/** Every course action: support-courses.modify, an organisation user; the organisation's records only. */
const courses = { permission: 'support-courses.modify', tenant: 'organisation' } as const

export const createCourseAction = defineAction({
  ...courses,
  name: 'support-course.create',
  input: z.tuple([z.unknown()]),
  run: async ({ actor, input: [values] }) => {
    const outcome = await createCourse(getDb(), actor, values)
    if (outcome.ok) revalidatePath('/support-courses/dashboard')
    return outcome
  },
})

export const saveStepsAction = defineAction({
  ...courses,
  name: 'support-course.steps',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [courseId, values] }) => {
    const outcome = await saveSteps(getDb(), actor, courseId, values)
    if (outcome.ok) revalidatePath(`/support-courses/${courseId}`)
    return outcome
  },
})

export const enrolCandidatesAction = defineAction({
  ...courses,
  name: 'support-course.enrol',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [courseId, values] }) => {
    const outcome = await enrolCandidates(getDb(), actor, courseId, values, parisToday(now()))
    if (outcome.ok) revalidatePath(`/support-courses/${courseId}`)
    return outcome
  },
})

export const markStepDoneAction = defineAction({
  ...courses,
  name: 'support-course.step-done',
  input: z.tuple([id(), id(), z.unknown()]),
  run: async ({ actor, input: [enrolmentId, stepId, values] }) =>
    markStepDone(getDb(), actor, enrolmentId, stepId, values),
})

export const leaveCourseAction = defineAction({
  ...courses,
  name: 'support-course.leave',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [enrolmentId, values] }) =>
    leaveCourse(getDb(), actor, enrolmentId, values, parisToday(now())),
})

/** The picker's search: the text travels in the body, never in a URL. */
export const searchCandidatesToEnrolAction = defineAction({
  ...courses,
  name: 'support-course.search',
  fallback: [],
  input: z.tuple([id(), search]),
  run: async ({ organisationId, input: [courseId, text] }) =>
    searchPickableCandidates(getDb(), organisationId, text, { taken: enrolledIn(organisationId, courseId) }),
})

/** "Marquer faite" on a step of kind "atelier" or "prescription": what it may be linked to. */
export const stepLinkChoicesAction = defineAction({
  ...courses,
  name: 'support-course.links',
  fallback: [],
  input: z.tuple([id(), z.enum(['workshop', 'prescription'])]),
  run: async ({ organisationId, input: [enrolmentId, kind] }) =>
    stepLinkChoices(getDb(), organisationId, enrolmentId, kind),
})
