import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listWorkshops } from '@/lib/organisation/queries'
import { buttonClass } from '@/components/ui/button'
import { formatDate } from '@/lib/dates'
import { notFound } from 'next/navigation'

export const generateMetadata = pageMetadata('workshopsDashboard')

export default async function WorkshopsDashboardPage() {
  const user = await requirePagePermission('workshops.dashboard.visualize')
  if (!user.organisationId) notFound()
  const rows = await listWorkshops(getDb(), user.organisationId)
  const title = await pageTitle('workshopsDashboard')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length.toLocaleString('fr-FR')} au total`}
        actions={<Link href="/workshops/create" className={buttonClass('primary')}>Créer un atelier</Link>}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucun atelier programmé.">Programmez un atelier collectif pour y inscrire vos candidats.</EmptyState>
      ) : (
        <SimpleTable caption={title} headers={['Atelier', 'Date', 'Lieu', 'Places']} rows={rows.map((r) => ({ key: r.id, cells: [<Link key="n" href={`/workshops/${r.id}`}>{r.name}</Link>, formatDate(r.startsAt), r.addressFormatted ?? '', r.capacity ?? ''] }))} />
      )}
    </>
  )
}
