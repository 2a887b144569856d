import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { TemplatesManager } from '@/components/sms/templates-manager'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { can } from '@/lib/permissions'
import { listTemplates } from '@/lib/sms/queries'

export const generateMetadata = pageMetadata('settingsTemplates')

/** The organisation's SMS templates: written here, chosen in the composer and the bulk send. */
export default async function SettingsTemplatesPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const rows = await listTemplates(getDb(), user.organisationId, { includeArchived: true })
  const active = rows.filter((r) => !r.archivedAt).length
  return (
    <>
      <PageHeader title={await pageTitle('settingsTemplates')} subtitle={`${active.toLocaleString('fr-FR')} modèle${active > 1 ? 's' : ''} proposé${active > 1 ? 's' : ''} à l’envoi`} />
      <TemplatesManager
        canModify={can(user, 'settings.templates.modify')}
        templates={rows.map((r) => ({ id: r.id, name: r.name, body: r.body, archivedAt: r.archivedAt?.toISOString() ?? null, updatedAt: r.updatedAt.toISOString() }))}
      />
    </>
  )
}
