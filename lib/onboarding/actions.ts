'use server'

import { getCurrentUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import type { Outcome } from '@/lib/directory/fields'
import { logError } from '@/lib/log'
import { completeOnboarding } from './profile'

/** /onboarding/form's "Valider": the signed-in user's own profile, terms and emails. */
export async function completeOnboardingAction(input: unknown): Promise<Outcome> {
  const user = await getCurrentUser()
  if (!user) return { ok: false, error: 'Votre session a expiré : reconnectez-vous.'.replace(' :', '\u00a0:') }
  try {
    return await completeOnboarding(getDb(), user, input, now())
  } catch (error) {
    logError('onboarding.complete', error)
    return { ok: false, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }
  }
}
