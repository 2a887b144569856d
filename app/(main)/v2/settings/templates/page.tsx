import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listSmsTemplates } from '@/lib/organisation/queries'
import { notFound } from 'next/navigation'

export const generateMetadata = pageMetadata('settingsTemplates')

export default async function SettingsTemplatesPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const rows = await listSmsTemplates(getDb(), user.organisationId)
  const title = await pageTitle('settingsTemplates')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length.toLocaleString('fr-FR')} au total`}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucun modèle de SMS.">Les modèles font gagner du temps lors de l’envoi de SMS à vos candidats.</EmptyState>
      ) : (
        <SimpleTable caption={title} headers={['Modèle', 'Texte']} rows={rows.map((r) => ({ key: r.id, cells: [r.name, r.body] }))} />
      )}
    </>
  )
}
