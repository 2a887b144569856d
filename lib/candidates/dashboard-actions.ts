'use server'

import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction } from '@/lib/frame/action'
import { failure } from '@/lib/frame/outcome'
import { BULK_MESSAGES, bulkStatusSchema, changeCandidatesStatus } from './bulk-status'

/** "Changer le statut" of the candidates dashboard: the organisation's candidates and status only. */
export const changeCandidatesStatusAction = defineAction({
  name: 'candidates.bulk-status',
  permission: 'candidate.modify',
  tenant: 'organisation',
  forbidden: 'Cette action ne vous est pas permise.',
  // The selection's own words ('ids', 'ids.3' or 'statusId'), else "select at least one".
  invalid: (errors) =>
    Object.entries(errors).find(([path]) => /^(ids|statusId)\b/.test(path))?.[1] ?? BULK_MESSAGES.noSelection,
  input: z.tuple([z.unknown().pipe(bulkStatusSchema)]),
  run: async ({ user, organisationId, input: [{ ids, statusId }] }) => {
    const result = await changeCandidatesStatus(getDb(), { organisationId, ids, statusId, actorId: user.id })
    return result.ok ? { ok: true as const, updated: result.updated } : failure(BULK_MESSAGES[result.error])
  },
})
