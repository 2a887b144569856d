import type { DbOrTx } from '@/lib/db/client'
import { enterpriseHistory, enterpriseOffersAndPlacements, getEnterprise } from '@/lib/enterprises/queries'

/**
 * /v2/enterprise/[id]'s read model: the enterprise with its contacts, its job offers, the candidates
 * placed on them and its history, all in the organisation; null when the enterprise is not the organisation's.
 */
export async function enterpriseSheet(db: DbOrTx, organisationId: string, id: string) {
  const [enterprise, rest, history] = await Promise.all([
    getEnterprise(db, organisationId, id),
    enterpriseOffersAndPlacements(db, organisationId, id),
    enterpriseHistory(db, organisationId, id),
  ])
  return enterprise ? { enterprise, ...rest, history } : null
}

export type EnterpriseSheet = NonNullable<Awaited<ReturnType<typeof enterpriseSheet>>>
