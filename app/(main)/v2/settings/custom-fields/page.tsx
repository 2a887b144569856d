import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { CustomFieldsManager } from '@/components/settings/custom-fields-manager'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { formatCount } from '@/lib/numbers'
import { customFieldsOverview } from '@/lib/settings/custom-fields'

export const generateMetadata = pageMetadata('settingsCustomFields')

/** The organisation's custom fields — created, edited, reordered and archived by its administrators. */
export default async function SettingsCustomFieldsPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const { active, archived } = await customFieldsOverview(getDb(), user.organisationId)
  const title = await pageTitle('settingsCustomFields')
  const row = (f: (typeof active)[number]) => ({
    id: f.id,
    key: f.key,
    label: f.label,
    type: f.type,
    required: f.required,
    options: f.options,
    withValues: f.withValues,
    archivedAt: f.archivedAt?.toISOString() ?? null,
  })
  return (
    <>
      <PageHeader title={title} subtitle={`${formatCount(active.length, 'champ')} dans le formulaire des candidats`} />
      <CustomFieldsManager active={active.map(row)} archived={archived.map(row)} />
    </>
  )
}
