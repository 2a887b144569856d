import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('candidateCreate')

export default async function CandidateCreatePage() {
  await requireOrganisationUser()
  return (
    <>
      <PageHeader title={await pageTitle('candidateCreate')} />
      <NotYetAvailable what="La création de candidat" />
    </>
  )
}
