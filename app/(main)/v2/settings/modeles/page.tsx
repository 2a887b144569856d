import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('settingsModeles')

export default async function SettingsModelesPage() {
  await requirePagePermission('settings.visualize')
  return (
    <>
      <PageHeader title={await pageTitle('settingsModeles')} />
      <NotYetAvailable what="La gestion des modèles de documents" />
    </>
  )
}
