import { ApplyCountCards } from '@/components/applies/apply-counts'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { applyCountsOfOrganisation } from '@/lib/applies/queries'
import { requireOrganisationUser } from '@/lib/auth/session'
import { countCandidates } from '@/lib/candidates/queries'
import { getDb } from '@/lib/db/client'

export const generateMetadata = pageMetadata('statistics')

export default async function StatisticsPage() {
  const user = await requireOrganisationUser()
  const db = getDb()
  const [counts, total] = await Promise.all([applyCountsOfOrganisation(db, user.organisationId), countCandidates(db, user.organisationId)])
  return (
    <>
      <PageHeader title={await pageTitle('statistics')} subtitle={`${total.toLocaleString('fr-FR')} candidat${total > 1 ? 's' : ''} suivi${total > 1 ? 's' : ''}`} />
      <h2 className="mb-3 text-lg font-semibold">Prescriptions</h2>
      <ApplyCountCards counts={counts} />
    </>
  )
}
