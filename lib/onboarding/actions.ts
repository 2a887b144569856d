'use server'

import { z } from 'zod'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction } from '@/lib/frame/action'
import { completeOnboarding } from './profile'

/** /onboarding/form's "Valider": the signed-in user's own profile, terms and emails (before onboarding, by nature). */
export const completeOnboardingAction = defineAction({
  name: 'onboarding.complete',
  session: 'signed-in',
  permission: null,
  tenant: 'any',
  input: z.tuple([z.unknown()]),
  run: async ({ user, input: [values] }) => completeOnboarding(getDb(), user, values, now()),
})
