import Link from 'next/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { listCandidates } from '@/lib/candidates/queries'
import { getDb } from '@/lib/db/client'
import { can } from '@/lib/permissions'
import { formatPhone } from '@/lib/phone'

export const generateMetadata = pageMetadata('candidatesDashboard')

export default async function CandidatesDashboardPage() {
  const user = await requireOrganisationUser()
  const { rows, total } = await listCandidates(getDb(), user.organisationId)
  const linked = can(user, 'candidate.visualize')
  return (
    <>
      <PageHeader
        title={await pageTitle('candidatesDashboard')}
        subtitle={`${total.toLocaleString('fr-FR')} candidat${total > 1 ? 's' : ''}`}
        actions={
          <>
            <Link href="/v2/candidates/import" className={buttonClass('secondary')}>Importer</Link>
            <Link href="/v2/candidate/create" className={buttonClass('primary')}>Créer un candidat</Link>
          </>
        }
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucun candidat pour l’instant.">Créez un candidat ou importez une liste pour commencer leur suivi.</EmptyState>
      ) : (
        <SimpleTable
          caption="Candidats de l’organisation"
          headers={['Candidat', 'Téléphone', 'Résidence', 'Statut']}
          rows={rows.map((c) => ({
            key: c.id,
            cells: [
              linked ? <Link href={`/v2/candidate/${c.id}`}>{c.lastName} {c.firstName}</Link> : `${c.lastName} ${c.firstName}`,
              formatPhone(c.phone),
              c.place ?? '',
              c.status ?? '',
            ],
          }))}
        />
      )}
    </>
  )
}
