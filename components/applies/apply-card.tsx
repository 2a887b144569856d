'use client'

import { causeLabel } from '@/lib/applies/cause-labels'
import type { ApplyRow } from '@/lib/applies/list-by-tab'
import type { ApplyState } from '@/lib/applies/states'
import { formatDate, formatPhone } from '@/lib/format'
import { CandidateCell, PrescriptionCell } from './apply-cells'
import { CompleteAction, type ColumnOptions } from './apply-columns'

/** What a row's card says of its state: the candidate's status while pending, the partner's answer after. */
function statusOf(tab: ApplyState, row: ApplyRow): string {
  if (tab === 'PRESCRIPTION_FILLED')
    return `Prescrit le ${formatDate(row.prescriptionDate)}${row.candidate.status ? ` · ${row.candidate.status}` : ''}`
  if (tab === 'INTEGRATED_CANDIDATE') return `Intégré le ${formatDate(row.responseDate)}`
  return `Refusé le ${formatDate(row.responseDate)} · ${row.causeLabel ?? causeLabel(row.cause)}`
}

/**
 * A row of an offer page's tab on a narrow screen (issue 32 §1): the candidate, the status and the action on top; the
 * other columns of the table behind "Détails", so that a phone shows the list at a glance and loses nothing.
 */
export function ApplyCard({
  tab,
  row,
  o,
  select,
}: {
  tab: ApplyState
  row: ApplyRow
  o: ColumnOptions
  select: React.ReactNode
}) {
  const details: [string, React.ReactNode][] = [
    ['Téléphone', formatPhone(row.candidate.phone)],
    ['Résidence', row.candidate.place],
    [
      'Prescription',
      tab === 'PRESCRIPTION_FILLED' ? null : (
        <PrescriptionCell prescription={row.prescription} labels={o.prescriptionLabels} />
      ),
    ],
    ['1er accueil', tab === 'INTEGRATED_CANDIDATE' ? formatDate(row.firstReceptionDate) : null],
    ['Bilan prévu', tab === 'INTEGRATED_CANDIDATE' ? formatDate(row.assessmentDate) : null],
    [
      'Auteur',
      [`${row.author.firstName} ${row.author.lastName}`, formatPhone(row.author.phone), row.author.email]
        .filter(Boolean)
        .join(' · '),
    ],
    [
      'Accompagnements',
      row.otherIntegratedSocialOffers.length
        ? row.otherIntegratedSocialOffers
            .map((other) => `${other.name} (intégré le ${formatDate(other.integrationDate)})`)
            .join(', ')
        : null,
    ],
  ]
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex items-start gap-3">
        {select && <div className="pt-0.5">{select}</div>}
        <div className="min-w-0 flex-1">
          <p className="break-words">
            <CandidateCell candidate={row.candidate} linked={o.candidateLink} />
          </p>
          <p className="text-slate-700">{statusOf(tab, row)}</p>
        </div>
        {tab === 'PRESCRIPTION_FILLED' && <CompleteAction row={row} o={o} />}
      </div>
      <details className="text-slate-700">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          Détails
          <span className="sr-only">
            {' '}
            de {row.candidate.firstName} {row.candidate.lastName}
          </span>
        </summary>
        <dl className="mt-2 grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
        </dl>
      </details>
    </div>
  )
}
