import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('candidatesImport')

export default async function CandidatesImportPage() {
  await requireOrganisationUser()
  return (
    <>
      <PageHeader title={await pageTitle('candidatesImport')} />
      <NotYetAvailable what="L’import de candidats" />
    </>
  )
}
