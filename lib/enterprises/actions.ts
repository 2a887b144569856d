'use server'

import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { NOT_FOUND } from '@/lib/directory/fields'
import { FORBIDDEN, guardedAction, organisationActor } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { createEnterprise, updateEnterprise } from './enterprises'

export async function createEnterpriseAction(input: unknown) {
  return guardedAction('enterprise.create', 'enterprises.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    const outcome = await createEnterprise(getDb(), actor, input)
    if (outcome.ok) revalidatePath('/v2/enterprises/dashboard')
    return outcome
  })
}

export async function updateEnterpriseAction(enterpriseId: unknown, input: unknown) {
  return guardedAction('enterprise.update', 'enterprises.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (typeof enterpriseId !== 'string' || !isUuid(enterpriseId)) return NOT_FOUND
    const outcome = await updateEnterprise(getDb(), actor, enterpriseId, input)
    if (outcome.ok) revalidatePath(`/v2/enterprise/${enterpriseId}`)
    return outcome
  })
}
