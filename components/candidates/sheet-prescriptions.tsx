import { getTranslations } from 'next-intl/server'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { causeLabel } from '@/lib/applies/causes'
import { appliesOfCandidate } from '@/lib/applies/queries'
import { formatDate } from '@/lib/dates'
import { getDb } from '@/lib/db/client'

/** The sheet's "Prescriptions" section: the candidate's social applies, their state and the partner's answer. */
export async function SheetPrescriptions({ organisationId, candidateId }: { organisationId: string; candidateId: string }) {
  const applies = await appliesOfCandidate(getDb(), organisationId, candidateId)
  const t = await getTranslations('applies')
  return <Prescriptions applies={applies} tabLabel={(s) => t(`tabs.${s}`)} />
}

function Prescriptions({ applies, tabLabel }: { applies: Awaited<ReturnType<typeof appliesOfCandidate>>; tabLabel: (s: (typeof applies)[number]['state']) => string }) {
  if (applies.length === 0) return <EmptyState title="Aucune prescription pour ce candidat.">Prescrivez-le à une offre sociale depuis l’annuaire des offres.</EmptyState>
  return (
    <SimpleTable
      caption="Prescriptions du candidat"
      headers={['Offre', 'Partenaire', 'État', 'Date', 'Date de réponse', 'Motif']}
      rows={applies.map((a) => ({
        key: a.id,
        cells: [a.offerName, a.providerName, tabLabel(a.state), formatDate(a.prescriptionDate), formatDate(a.responseDate) || '-', a.state === 'REFUSED_STRUCTURE' ? causeLabel(a.cause) : '-'],
      }))}
    />
  )
}
