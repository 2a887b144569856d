import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { InvitationValidityForm } from '@/components/settings/invitation-validity-form'
import { OrganisationForm } from '@/components/settings/organisation-form'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { now } from '@/lib/clock'
import { cachedRetentionPreview } from '@/lib/retention/preview'
import { invitationValidityRows } from '@/lib/settings/invitation-validity'
import { getOrganisationSettings } from '@/lib/settings/queries'

export const generateMetadata = pageMetadata('settingsOrganisations')

/** The administrator's own organisation (an administrator manages no other), and its invitations' validity per theme. */
export default async function SettingsOrganisationsPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const db = getDb()
  const organisation = await getOrganisationSettings(db, user.organisationId)
  if (!organisation) notFound()
  const [preview, themes] = await Promise.all([
    cachedRetentionPreview(db, user.organisationId, organisation.retentionDays, now()),
    invitationValidityRows(db, user.organisationId),
  ])
  return (
    <>
      <PageHeader title={await pageTitle('settingsOrganisations')} subtitle={organisation.name} />
      <div className="flex flex-col gap-6">
        <OrganisationForm organisation={organisation} retentionPreview={preview} />
        <InvitationValidityForm themes={themes} />
      </div>
    </>
  )
}
