'use server'

import { getActiveUser } from '@/lib/auth/session'
import { PAGE_SIZE } from '@/lib/constants'
import { getDb } from '@/lib/db/client'
import { offerForViewer } from '@/lib/offers/access'
import { can } from '@/lib/permissions'
import { listRequestSchema } from './list-request'
import type { ApplyRow } from './list-by-tab'
import { listOrganisationApplies } from './organisation-applies'
import type { ApplyCounts } from './states'

type Result = { ok: true; rows: ApplyRow[]; counts: ApplyCounts } | { ok: false; error: string }

/**
 * Issue 32 §2: one page of a tab of the offer page for an organisation's referent or counsellor, its own organisation's
 * prescriptions only (read-only). The offer must be one of its directory; anything else is "not found".
 */
export async function organisationAppliesAction(offerId: string, request: unknown): Promise<Result> {
  const user = await getActiveUser()
  if (!user) return { ok: false, error: 'Votre session a expiré : reconnectez-vous.' }
  const parsed = listRequestSchema.safeParse(request)
  if (!parsed.success) return { ok: false, error: 'Les filtres de la liste ne sont pas valides.' }
  const db = getDb()
  const viewed =
    user.organisationId && can(user, 'candidate.visualize') ? await offerForViewer(db, user, offerId) : null
  if (!viewed || viewed.audience !== 'organisation' || !user.organisationId)
    return { ok: false, error: 'Cette offre est introuvable.' }
  const { tab, page } = parsed.data
  const list = await listOrganisationApplies(db, {
    organisationId: user.organisationId,
    offerId: viewed.offer.id,
    tab,
    skip: (page - 1) * PAGE_SIZE,
  })
  return { ok: true, ...list }
}
