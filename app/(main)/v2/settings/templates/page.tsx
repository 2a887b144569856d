import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { TemplatesManager } from '@/components/sms/templates-manager'
import { WorkshopNoticesManager } from '@/components/sms/workshop-notices-manager'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { formatCount } from '@/lib/numbers'
import { can } from '@/lib/permissions'
import { listTemplates } from '@/lib/sms/queries'
import { listNotices } from '@/lib/workshops/notice-templates'

export const generateMetadata = pageMetadata('settingsTemplates')

/** The organisation's SMS templates (written here, chosen in the composer and the bulk send), and the workshops' own SMS. */
export default async function SettingsTemplatesPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const [rows, notices] = await Promise.all([
    listTemplates(getDb(), user.organisationId, { includeArchived: true }),
    listNotices(getDb(), user.organisationId),
  ])
  const active = rows.filter((r) => !r.archivedAt).length
  return (
    <>
      <PageHeader
        title={await pageTitle('settingsTemplates')}
        subtitle={`${formatCount(active, 'modèle proposé', 'modèles proposés')} à l’envoi`}
      />
      <TemplatesManager
        canModify={can(user, 'settings.templates.modify')}
        templates={rows.map((r) => ({
          id: r.id,
          name: r.name,
          body: r.body,
          archivedAt: r.archivedAt?.toISOString() ?? null,
          updatedAt: r.updatedAt.toISOString(),
        }))}
      />
      <div className="mt-8">
        <WorkshopNoticesManager
          canModify={can(user, 'settings.templates.modify')}
          notices={notices.map((n) => ({ ...n, updatedAt: n.updatedAt?.toISOString() ?? null }))}
        />
      </div>
    </>
  )
}
