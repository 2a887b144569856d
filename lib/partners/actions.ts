'use server'

import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { FORBIDDEN, guardedAction, organisationActor } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { NOT_FOUND } from '@/lib/directory/fields'
import { decideStructureAccount, requestStructureAccount } from './account-requests'
import {
  createPartnerStructure,
  invitePartnerUser,
  reinvitePartnerUser,
  setPartnerUserDisabled,
  setStructureAdmin,
  updatePartnerStructure,
} from './structures'

const uuid = (value: unknown): value is string => typeof value === 'string' && isUuid(value)
const refresh = (structureId: string) => revalidatePath(`/partners/structure/${structureId}`)

export async function createPartnerStructureAction(input: unknown) {
  return guardedAction('structure.create', 'partners.structure.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    const outcome = await createPartnerStructure(getDb(), actor, input)
    if (outcome.ok) revalidatePath('/partners/structure/default')
    return outcome
  })
}

/**
 * The actions below change a structure: the domain decides who runs it (lib/partners/running.ts) — its own
 * administrators, or the creating organisation while it has none — and answers "not found" to anyone else.
 */
export async function updatePartnerStructureAction(structureId: unknown, input: unknown) {
  return guardedAction('structure.update', null, async (user) => {
    if (!uuid(structureId)) return NOT_FOUND
    const outcome = await updatePartnerStructure(getDb(), user, structureId, input)
    if (outcome.ok) refresh(structureId)
    return outcome
  })
}

export async function invitePartnerUserAction(structureId: unknown, input: unknown) {
  return guardedAction('partner-user.invite', null, async (user) => {
    if (!uuid(structureId)) return NOT_FOUND
    const outcome = await invitePartnerUser(getDb(), user, structureId, input)
    if (outcome.ok) refresh(structureId)
    return outcome
  })
}

export async function setPartnerUserDisabledAction(structureId: unknown, userId: unknown, disabled: unknown) {
  return guardedAction('partner-user.disable', null, async (user) => {
    if (!uuid(structureId) || typeof userId !== 'string' || typeof disabled !== 'boolean') return NOT_FOUND
    const outcome = await setPartnerUserDisabled(getDb(), user, structureId, userId, disabled)
    if (outcome.ok) refresh(structureId)
    return outcome
  })
}

export async function setStructureAdminAction(structureId: unknown, userId: unknown, admin: unknown) {
  return guardedAction('partner-user.admin', null, async (user) => {
    if (!uuid(structureId) || typeof userId !== 'string' || typeof admin !== 'boolean') return NOT_FOUND
    const outcome = await setStructureAdmin(getDb(), user, structureId, userId, admin)
    if (outcome.ok) refresh(structureId)
    return outcome
  })
}

export async function reinvitePartnerUserAction(structureId: unknown, userId: unknown) {
  return guardedAction('partner-user.reinvite', null, async (user) => {
    if (!uuid(structureId) || typeof userId !== 'string') return NOT_FOUND
    return reinvitePartnerUser(getDb(), user, structureId, userId)
  })
}

/** An organisation that works with the structure asks those who run it for a partner account. */
export async function requestStructureAccountAction(structureId: unknown, input: unknown) {
  return guardedAction('structure.account-request', 'partners.structure.modify', async (user) => {
    if (!uuid(structureId)) return NOT_FOUND
    const outcome = await requestStructureAccount(getDb(), user, structureId, input)
    if (outcome.ok) refresh(structureId)
    return outcome
  })
}

export async function decideStructureAccountAction(requestId: unknown, accept: unknown) {
  return guardedAction('structure.account-decision', null, async (user) => {
    if (!uuid(requestId) || typeof accept !== 'boolean') return NOT_FOUND
    return decideStructureAccount(getDb(), user, requestId, accept)
  })
}
