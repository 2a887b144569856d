import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('exports')

export default async function ExportsPage() {
  await requirePagePermission('settings.exports.visualize')
  return (
    <>
      <PageHeader title={await pageTitle('exports')} />
      <NotYetAvailable what="L’export de données" />
    </>
  )
}
