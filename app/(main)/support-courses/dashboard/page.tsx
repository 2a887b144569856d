import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listSupportCourses } from '@/lib/organisation/queries'
import { formatDate } from '@/lib/dates'

export const generateMetadata = pageMetadata('supportCoursesDashboard')

export default async function SupportCoursesDashboardPage() {
  const user = await requireOrganisationUser()
  const rows = await listSupportCourses(getDb(), user.organisationId)
  const title = await pageTitle('supportCoursesDashboard')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length.toLocaleString('fr-FR')} au total`}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucun parcours d’accompagnement pour l’instant.">Les parcours regroupent les étapes de l’accompagnement de vos candidats.</EmptyState>
      ) : (
        <SimpleTable caption={title} headers={['Parcours', 'Début', 'Fin']} rows={rows.map((r) => ({ key: r.id, cells: [<Link key="n" href={`/support-courses/${r.id}`}>{r.name}</Link>, formatDate(r.startDate), formatDate(r.endDate)] }))} />
      )}
    </>
  )
}
