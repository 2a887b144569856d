'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { createEnterprise, updateEnterprise } from './enterprises'

export const createEnterpriseAction = defineAction({
  name: 'enterprise.create',
  permission: 'enterprises.modify',
  tenant: 'organisation',
  input: z.tuple([z.unknown()]),
  run: async ({ actor, input: [values] }) => {
    const outcome = await createEnterprise(getDb(), actor, values)
    if (outcome.ok) revalidatePath('/v2/enterprises/dashboard')
    return outcome
  },
})

export const updateEnterpriseAction = defineAction({
  name: 'enterprise.update',
  permission: 'enterprises.modify',
  tenant: 'organisation',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ actor, input: [enterpriseId, values] }) => {
    const outcome = await updateEnterprise(getDb(), actor, enterpriseId, values)
    if (outcome.ok) revalidatePath(`/v2/enterprise/${enterpriseId}`)
    return outcome
  },
})
