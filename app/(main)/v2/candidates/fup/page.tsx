import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { causeLabel } from '@/lib/applies/causes'
import { latestAppliesOfOrganisation } from '@/lib/applies/queries'
import { requireOrganisationUser } from '@/lib/auth/session'
import { formatDate } from '@/lib/dates'
import { getDb } from '@/lib/db/client'

export const generateMetadata = pageMetadata('candidatesFup')

/** The organisation's latest prescriptions and the partners' answers. */
export default async function CandidatesFupPage() {
  const user = await requireOrganisationUser()
  const rows = await latestAppliesOfOrganisation(getDb(), user.organisationId)
  const t = await getTranslations('applies')
  const title = await pageTitle('candidatesFup')
  return (
    <>
      <PageHeader title={title} subtitle="Les dernières prescriptions de votre organisation." />
      {rows.length === 0 ? (
        <EmptyState title="Aucune prescription pour l’instant.">Prescrivez un candidat à une offre sociale depuis sa fiche.</EmptyState>
      ) : (
        <SimpleTable
          caption={title}
          headers={['Candidat', 'Offre', 'État', 'Date', 'Date de réponse', 'Motif']}
          rows={rows.map((a) => ({
            key: a.id,
            cells: [
              <Link key="c" href={`/v2/candidate/${a.candidateId}/prescriptions`}>{a.lastName} {a.firstName}</Link>,
              a.offerName,
              t(`tabs.${a.state}`),
              formatDate(a.prescriptionDate),
              formatDate(a.responseDate) || '-',
              a.state === 'REFUSED_STRUCTURE' ? causeLabel(a.cause) : '-',
            ],
          }))}
        />
      )}
    </>
  )
}
