import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('partnersCreate')

export default async function PartnersCreatePage() {
  await requireOrganisationUser()
  return (
    <>
      <PageHeader title={await pageTitle('partnersCreate')} />
      <NotYetAvailable what="L’ajout de structure partenaire" />
    </>
  )
}
