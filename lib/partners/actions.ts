'use server'

import { lineText } from '@/lib/text/safe-text'
import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { NOT_FOUND } from '@/lib/frame/outcome'
import { decideStructureAccount, requestStructureAccount } from './account-requests'
import {
  createPartnerStructure,
  invitePartnerUser,
  reinvitePartnerUser,
  setPartnerUserDisabled,
  setStructureAdmin,
  updatePartnerStructure,
} from './structures'

const refreshed = <T extends { ok: boolean }>(outcome: T, structureId: string) => {
  if (outcome.ok) revalidatePath(`/partners/structure/${structureId}`)
  return outcome
}
/** A user of the structure (an id the domain checks), and a yes or no. */
const userId = lineText({ error: NOT_FOUND.error })
const yesNo = z.boolean({ error: NOT_FOUND.error })

export const createPartnerStructureAction = defineAction({
  name: 'structure.create',
  permission: 'partners.structure.modify',
  tenant: 'organisation',
  input: z.tuple([z.unknown()]),
  run: async ({ actor, input: [values] }) => {
    const outcome = await createPartnerStructure(getDb(), actor, values)
    if (outcome.ok) revalidatePath('/partners/structure/default')
    return outcome
  },
})

/**
 * The actions below change a structure: the domain decides who runs it (lib/partners/running.ts) — its own
 * administrators, or the creating organisation while it has none — and answers "not found" to anyone else.
 */
const running = { permission: null, tenant: 'any' } as const

export const updatePartnerStructureAction = defineAction({
  ...running,
  name: 'structure.update',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ user, input: [structureId, values] }) =>
    refreshed(await updatePartnerStructure(getDb(), user, structureId, values), structureId),
})

export const invitePartnerUserAction = defineAction({
  ...running,
  name: 'partner-user.invite',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ user, input: [structureId, values] }) =>
    refreshed(await invitePartnerUser(getDb(), user, structureId, values), structureId),
})

export const setPartnerUserDisabledAction = defineAction({
  ...running,
  name: 'partner-user.disable',
  input: z.tuple([id(), userId, yesNo]),
  run: async ({ user, input: [structureId, partnerId, disabled] }) =>
    refreshed(await setPartnerUserDisabled(getDb(), user, structureId, partnerId, disabled), structureId),
})

export const setStructureAdminAction = defineAction({
  ...running,
  name: 'partner-user.admin',
  input: z.tuple([id(), userId, yesNo]),
  run: async ({ user, input: [structureId, partnerId, admin] }) =>
    refreshed(await setStructureAdmin(getDb(), user, structureId, partnerId, admin), structureId),
})

export const reinvitePartnerUserAction = defineAction({
  ...running,
  name: 'partner-user.reinvite',
  input: z.tuple([id(), userId]),
  run: async ({ user, input: [structureId, partnerId] }) => reinvitePartnerUser(getDb(), user, structureId, partnerId),
})

/** An organisation that works with the structure asks those who run it for a partner account. */
export const requestStructureAccountAction = defineAction({
  name: 'structure.account-request',
  permission: 'partners.structure.modify',
  tenant: 'any',
  input: z.tuple([id(), z.unknown()]),
  run: async ({ user, input: [structureId, values] }) =>
    refreshed(await requestStructureAccount(getDb(), user, structureId, values), structureId),
})

export const decideStructureAccountAction = defineAction({
  ...running,
  name: 'structure.account-decision',
  input: z.tuple([id(), yesNo]),
  run: async ({ user, input: [requestId, accept] }) => decideStructureAccount(getDb(), user, requestId, accept),
})
