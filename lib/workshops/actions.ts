'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, id, search } from '@/lib/frame/action'
import { partnerStructureChoices } from '@/lib/partners/queries'
import { staffChoices } from './form-values'
import { organisationStaff, registeredTo, upcomingWorkshops } from './queries'
import { cancelRegistration, markAllPresent, registerCandidates, setAttendance } from './registrations'
import { cancelWorkshop, createWorkshop, updateWorkshop } from './workshops'

/** Every workshop action: workshops.modify (spec §6), an organisation user; the organisation's records only. */
const workshops = { permission: 'workshops.modify', tenant: 'organisation' } as const
const refreshed = <T extends { ok: boolean }>(outcome: T, path: string) => {
  if (outcome.ok) revalidatePath(path)
  return outcome
}

export const createWorkshopAction = defineAction({
  ...workshops,
  name: 'workshop.create',
  input: z.tuple([z.unknown()]),
  run: async ({ actor, input: [values] }) =>
    refreshed(await createWorkshop(getDb(), actor, values, now()), '/workshops/dashboard'),
})

export const updateWorkshopAction = defineAction({
  ...workshops,
  name: 'workshop.update',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [workshopId, values] }) =>
    refreshed(await updateWorkshop(getDb(), actor, workshopId, values, now()), `/workshops/${workshopId}`),
})

export const cancelWorkshopAction = defineAction({
  ...workshops,
  name: 'workshop.cancel',
  input: z.tuple([id()]),
  run: async ({ actor, input: [workshopId] }) =>
    refreshed(await cancelWorkshop(getDb(), actor, workshopId, now()), `/workshops/${workshopId}`),
})

export const registerCandidatesAction = defineAction({
  ...workshops,
  name: 'workshop.register',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [workshopId, values] }) =>
    refreshed(await registerCandidates(getDb(), actor, workshopId, values, now()), `/workshops/${workshopId}`),
})

/** The candidates dashboard's selection, registered in one action: those already registered are left out and counted. */
export const registerSelectionAction = defineAction({
  ...workshops,
  name: 'workshop.register-selection',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [workshopId, values] }) =>
    refreshed(
      await registerCandidates(getDb(), actor, workshopId, values, now(), { skipRegistered: true }),
      `/workshops/${workshopId}`,
    ),
})

export const cancelRegistrationAction = defineAction({
  ...workshops,
  name: 'workshop.unregister',
  input: z.tuple([id()]),
  run: async ({ actor, input: [registrationId] }) => cancelRegistration(getDb(), actor, registrationId, now()),
})

export const setAttendanceAction = defineAction({
  ...workshops,
  name: 'workshop.attendance',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [registrationId, values] }) =>
    setAttendance(getDb(), actor, registrationId, values, now()),
})

export const markAllPresentAction = defineAction({
  ...workshops,
  name: 'workshop.all-present',
  input: z.tuple([id()]),
  run: async ({ actor, input: [workshopId] }) => markAllPresent(getDb(), actor, workshopId, now()),
})

/** The picker's search: the text travels in the body, never in a URL. */
export const searchCandidatesToRegisterAction = defineAction({
  ...workshops,
  name: 'workshop.search',
  fallback: [],
  input: z.tuple([id(), search]),
  run: async ({ organisationId, input: [workshopId, text] }) =>
    searchPickableCandidates(getDb(), organisationId, text, { taken: registeredTo(organisationId, workshopId) }),
})

/** The coming workshops a selection can be registered to. */
export const upcomingWorkshopsAction = defineAction({
  ...workshops,
  name: 'workshop.upcoming',
  fallback: [],
  run: async ({ organisationId }) =>
    (await upcomingWorkshops(getDb(), organisationId, now())).map((w) => ({
      ...w,
      startsAt: w.startsAt?.toISOString() ?? null,
    })),
})

/** "Modifier l’atelier": the facilitators and co-hosts to choose from, read when the form opens (not with the page). */
export const workshopFormChoicesAction = defineAction({
  ...workshops,
  name: 'workshop.choices',
  fallback: null,
  run: async ({ organisationId }) => {
    const [staff, structures] = await Promise.all([
      organisationStaff(getDb(), organisationId),
      partnerStructureChoices(getDb(), organisationId, true),
    ])
    return { staff: staffChoices(staff), structures }
  },
})
