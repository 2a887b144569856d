import { ApplyCountCards } from '@/components/applies/apply-counts'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { applyCountsOfOrganisation } from '@/lib/applies/queries'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'

export const generateMetadata = pageMetadata('actionsDashboard')

export default async function ActionsDashboardPage() {
  const user = await requireOrganisationUser()
  const counts = await applyCountsOfOrganisation(getDb(), user.organisationId)
  return (
    <>
      <PageHeader title={await pageTitle('actionsDashboard')} subtitle="Les prescriptions de votre organisation et les réponses des partenaires." />
      <ApplyCountCards counts={counts} />
    </>
  )
}
