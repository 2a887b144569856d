'use server'

import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { can } from '@/lib/permissions'
import { BULK_MESSAGES, bulkStatusSchema, changeCandidatesStatus } from './bulk-status'

export type BulkStatusActionResult = { ok: true; updated: number } | { ok: false; error: string }

/** "Changer le statut" of the candidates dashboard: zod → candidate.modify → the organisation's candidates and status only. */
export async function changeCandidatesStatusAction(input: unknown): Promise<BulkStatusActionResult> {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'candidate.modify'))
    return { ok: false, error: 'Cette action ne vous est pas permise.' }
  const parsed = bulkStatusSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const message =
      issue && (issue.path[0] === 'ids' || issue.path[0] === 'statusId') ? issue.message : BULK_MESSAGES.noSelection
    return { ok: false, error: message }
  }
  const result = await changeCandidatesStatus(getDb(), {
    organisationId: user.organisationId,
    ids: parsed.data.ids,
    statusId: parsed.data.statusId,
    actorId: user.id,
  })
  if (!result.ok) return { ok: false, error: BULK_MESSAGES[result.error] }
  return { ok: true, updated: result.updated }
}
