import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('settingsOrganisations')

export default async function SettingsOrganisationsPage() {
  await requirePagePermission('settings.visualize')
  return (
    <>
      <PageHeader title={await pageTitle('settingsOrganisations')} />
      <NotYetAvailable what="La gestion des organisations" />
    </>
  )
}
