import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('workshopsCreate')

export default async function WorkshopsCreatePage() {
  await requirePagePermission('workshops.modify')
  return (
    <>
      <PageHeader title={await pageTitle('workshopsCreate')} />
      <NotYetAvailable what="La création d’atelier" />
    </>
  )
}
