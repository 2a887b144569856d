'use server'

import { z } from 'zod'
import { PAGE_SIZE } from '@/lib/constants'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { failure } from '@/lib/frame/outcome'
import { offerForViewer } from '@/lib/offers/access'
import { listRequestSchema } from './list-request'
import { listOrganisationApplies } from './organisation-applies'

const NOT_FOUND = 'Cette offre est introuvable.'

/**
 * One page of a tab of the offer page for an organisation's referent or counsellor, its own organisation's
 * prescriptions only (read-only). The offer must be one of its directory; anything else is "not found".
 */
export const organisationAppliesAction = defineAction({
  name: 'apply.organisation-list',
  permission: 'candidate.visualize',
  tenant: 'organisation',
  forbidden: NOT_FOUND,
  invalid: 'Les filtres de la liste ne sont pas valides.',
  input: z.tuple([id(NOT_FOUND), z.unknown().pipe(listRequestSchema)]),
  run: async ({ user, organisationId, input: [offerId, { tab, page }] }) => {
    const db = getDb()
    const viewed = await offerForViewer(db, user, offerId)
    if (viewed?.audience !== 'organisation') return failure(NOT_FOUND)
    const skip = (page - 1) * PAGE_SIZE
    return { ok: true as const, ...(await listOrganisationApplies(db, { organisationId, offerId, tab, skip })) }
  },
})
