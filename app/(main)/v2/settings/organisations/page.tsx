import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { OrganisationForm } from '@/components/settings/organisation-form'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { now } from '@/lib/clock'
import { cachedRetentionPreview } from '@/lib/retention/preview'
import { getOrganisationSettings } from '@/lib/settings/queries'

export const generateMetadata = pageMetadata('settingsOrganisations')

/** The administrator's own organisation (an administrator manages no other). */
export default async function SettingsOrganisationsPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const db = getDb()
  const organisation = await getOrganisationSettings(db, user.organisationId)
  if (!organisation) notFound()
  const preview = await cachedRetentionPreview(db, user.organisationId, organisation.retentionDays, now())
  return (
    <>
      <PageHeader title={await pageTitle('settingsOrganisations')} subtitle={organisation.name} />
      <OrganisationForm organisation={organisation} retentionPreview={preview} />
    </>
  )
}
