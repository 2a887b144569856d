'use server'

import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { FORBIDDEN, guardedAction, organisationActor } from '@/lib/directory/guard'
import { isUuid } from '@/lib/ids'
import { NOT_FOUND } from '@/lib/directory/fields'
import { can } from '@/lib/permissions'
import {
  createPartnerStructure,
  invitePartnerUser,
  reinvitePartnerUser,
  setPartnerUserDisabled,
  updatePartnerStructure,
} from './structures'

export async function createPartnerStructureAction(input: unknown) {
  return guardedAction('structure.create', 'partners.structure.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    const outcome = await createPartnerStructure(getDb(), actor, input)
    if (outcome.ok) revalidatePath('/partners/structure/default')
    return outcome
  })
}

/** An administrator of a linked organisation (partners.structure.modify), or the structure's own partner user. */
export async function updatePartnerStructureAction(structureId: unknown, input: unknown) {
  return guardedAction('structure.update', null, async (user) => {
    if (typeof structureId !== 'string' || !isUuid(structureId)) return NOT_FOUND
    const asOrganisation = !!user.organisationId && can(user, 'partners.structure.modify')
    if (!asOrganisation && user.structureId !== structureId) return FORBIDDEN
    const outcome = await updatePartnerStructure(
      getDb(),
      { actorId: user.id, organisationId: asOrganisation ? user.organisationId : null, structureId: user.structureId },
      structureId,
      input,
    )
    if (outcome.ok) revalidatePath(`/partners/structure/${structureId}`)
    return outcome
  })
}

export async function invitePartnerUserAction(structureId: unknown, input: unknown) {
  return guardedAction('partner-user.invite', 'partners.structure.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (typeof structureId !== 'string' || !isUuid(structureId)) return NOT_FOUND
    const outcome = await invitePartnerUser(getDb(), actor, structureId, input)
    if (outcome.ok) revalidatePath(`/partners/structure/${structureId}`)
    return outcome
  })
}

export async function setPartnerUserDisabledAction(structureId: unknown, userId: unknown, disabled: unknown) {
  return guardedAction('partner-user.disable', 'partners.structure.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (
      typeof structureId !== 'string' ||
      !isUuid(structureId) ||
      typeof userId !== 'string' ||
      typeof disabled !== 'boolean'
    )
      return NOT_FOUND
    const outcome = await setPartnerUserDisabled(getDb(), actor, structureId, userId, disabled)
    if (outcome.ok) revalidatePath(`/partners/structure/${structureId}`)
    return outcome
  })
}

export async function reinvitePartnerUserAction(structureId: unknown, userId: unknown) {
  return guardedAction('partner-user.reinvite', 'partners.structure.modify', async (user) => {
    const actor = organisationActor(user)
    if (!actor) return FORBIDDEN
    if (typeof structureId !== 'string' || !isUuid(structureId) || typeof userId !== 'string') return NOT_FOUND
    return reinvitePartnerUser(getDb(), actor, structureId, userId)
  })
}
