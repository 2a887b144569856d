'use client'

import type { ColumnDef } from '@tanstack/react-table'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Tooltip } from '@/components/ui/tooltip'
import { causeLabel } from '@/lib/applies/causes'
import type { ApplyRow } from '@/lib/applies/list-by-tab'
import type { ApplyState } from '@/lib/applies/queries'
import { formatDate } from '@/lib/dates'
import { formatPhone } from '@/lib/phone'
import { AccompaniementsCell, AuthorCell, CandidateCell, PrescriptionCell } from './apply-cells'

export type ColumnOptions = {
  candidateLink: boolean
  archive: boolean
  operator: boolean
  complete: boolean
  onComplete: (applyId: string) => void
}

export const MANUAL_PRESCRIPTION_TOOLTIP =
  'Cette prescription a été saisie manuellement : mettez à jour le statut de l’offre dans la fiche du candidat.'

const selectColumn: ColumnDef<ApplyRow, unknown> = {
  id: 'select',
  header: ({ table }) => (
    <Checkbox
      aria-label="Tout sélectionner"
      checked={table.getIsAllRowsSelected()}
      indeterminate={table.getIsSomeRowsSelected()}
      onChange={table.getToggleAllRowsSelectedHandler()}
    />
  ),
  cell: ({ row }) => (
    <Checkbox
      aria-label={`Sélectionner ${row.original.candidate.lastName} ${row.original.candidate.firstName}`}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
    />
  ),
}

/** The columns of each tab, spec §2, in its order and with its headers. */
export function columnsFor(tab: ApplyState, o: ColumnOptions): ColumnDef<ApplyRow, unknown>[] {
  const candidate: ColumnDef<ApplyRow, unknown> = { id: 'candidate', header: 'Candidat', cell: ({ row }) => <CandidateCell candidate={row.original.candidate} linked={o.candidateLink} /> }
  const author: ColumnDef<ApplyRow, unknown> = { id: 'author', header: 'Auteur', cell: ({ row }) => <AuthorCell author={row.original.author} /> }
  const accompaniements: ColumnDef<ApplyRow, unknown> = { id: 'accompaniements', header: 'Accompagnements', cell: ({ row }) => <AccompaniementsCell others={row.original.otherIntegratedSocialOffers} /> }
  const prescription: ColumnDef<ApplyRow, unknown> = { id: 'prescription', header: 'Prescription', cell: ({ row }) => <PrescriptionCell prescription={row.original.prescription} /> }

  if (tab === 'PRESCRIPTION_FILLED') {
    const columns: ColumnDef<ApplyRow, unknown>[] = [
      candidate,
      { id: 'phone', header: 'Téléphone', cell: ({ row }) => <span className="whitespace-nowrap">{formatPhone(row.original.candidate.phone)}</span> },
      { id: 'residence', header: 'Résidence', cell: ({ row }) => row.original.candidate.place ?? '' },
      accompaniements,
      { id: 'status', header: 'Statut', cell: ({ row }) => row.original.candidate.status ?? '' },
      author,
      { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.prescriptionDate) },
    ]
    if (o.operator) {
      columns.push({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => {
          if (!o.complete) return null
          const name = `${row.original.candidate.firstName} ${row.original.candidate.lastName}`
          if (row.original.hasFup) {
            return (
              <Button variant="secondary" className="whitespace-nowrap px-3 py-1" onClick={() => o.onComplete(row.original.id)} aria-label={`Compléter la prescription de ${name}`}>
                Compléter
              </Button>
            )
          }
          return (
            <Tooltip content={MANUAL_PRESCRIPTION_TOOLTIP}>
              <span role="button" aria-disabled="true" tabIndex={0} className="inline-block" aria-label={`Compléter la prescription de ${name} : ${MANUAL_PRESCRIPTION_TOOLTIP}`}>
                <Button variant="secondary" className="pointer-events-none whitespace-nowrap px-3 py-1" disabled tabIndex={-1} aria-hidden>
                  Compléter
                </Button>
              </span>
            </Tooltip>
          )
        },
      })
    }
    return columns
  }
  const head = o.archive ? [selectColumn] : []
  if (tab === 'INTEGRATED_CANDIDATE') {
    return [
      ...head,
      candidate,
      prescription,
      { id: 'responseDate', header: 'Date réponse', cell: ({ row }) => formatDate(row.original.responseDate) },
      { id: 'firstReception', header: '1er accueil', cell: ({ row }) => formatDate(row.original.firstReceptionDate) },
      { id: 'assessment', header: 'Bilan prévu', cell: ({ row }) => formatDate(row.original.assessmentDate) },
      author,
      accompaniements,
    ]
  }
  return [
    ...head,
    candidate,
    prescription,
    { id: 'responseDate', header: 'Date de réponse', cell: ({ row }) => formatDate(row.original.responseDate) },
    { id: 'cause', header: 'Motif', cell: ({ row }) => causeLabel(row.original.cause) },
    author,
  ]
}
