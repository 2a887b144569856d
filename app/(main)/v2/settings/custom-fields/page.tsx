import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listCustomFields } from '@/lib/organisation/queries'
import { FIELD_TYPE_LABELS } from '@/lib/labels'
import { notFound } from 'next/navigation'

export const generateMetadata = pageMetadata('settingsCustomFields')

export default async function SettingsCustomFieldsPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const rows = await listCustomFields(getDb(), user.organisationId)
  const title = await pageTitle('settingsCustomFields')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length.toLocaleString('fr-FR')} au total`}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucun champ personnalisé.">Les champs personnalisés complètent la fiche de vos candidats.</EmptyState>
      ) : (
        <SimpleTable caption={title} headers={['Champ', 'Type', 'Obligatoire']} rows={rows.map((r) => ({ key: r.id, cells: [r.label, FIELD_TYPE_LABELS[r.type], r.required ? 'Oui' : 'Non'] }))} />
      )}
    </>
  )
}
