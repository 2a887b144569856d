import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('enterprisesCreate')

export default async function EnterprisesCreatePage() {
  await requireOrganisationUser()
  return (
    <>
      <PageHeader title={await pageTitle('enterprisesCreate')} />
      <NotYetAvailable what="La création d’entreprise" />
    </>
  )
}
