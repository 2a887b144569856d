'use client'

import { Button } from '@/components/ui/button'
import { Tooltip } from '@/components/ui/tooltip'
import { fullName } from '@/lib/person-name'
import type { ApplyRow } from '@/lib/prescriptions/offer-tab-rows'
import type { ApplyState } from '@/lib/prescriptions/states'
import { AccompaniementsCell, AuthorCell, CandidateCell, PrescriptionCell, PrescriptionDateCell } from './apply-cells'
import { TOUCH_TARGET, type TableColumn } from '@/components/ui/data-table'
import { ofName } from '@/lib/text/french'

export type ColumnOptions = {
  candidateLink: boolean
  /** 'Prescription manuelle' and 'Fiche.pdf' (messages applies.*), resolved on the server. */
  prescriptionLabels: { manual: string; file: string }
  operator: boolean
  complete: boolean
  onComplete: (applyId: string) => void
}

export const MANUAL_PRESCRIPTION_TOOLTIP =
  'Cette prescription a été saisie manuellement\u00a0: mettez à jour le statut de l’offre dans la fiche du candidat.'

type AppliesColumn = TableColumn<ApplyRow>

/**
 * The columns of each tab, spec §2, in its order and with its headers (the selection column is the table's). As a card
 * (below 1 024 px), a row shows the candidate, its state (status or answer, date) and the action; the
 * other columns are behind "Détails".
 */
export function columnsFor(tab: ApplyState, o: ColumnOptions): AppliesColumn[] {
  const candidate: AppliesColumn = {
    id: 'candidate',
    header: 'Candidat',
    cell: (row) => <CandidateCell candidate={row.candidate} linked={o.candidateLink} />,
    card: 'title',
  }
  const author: AppliesColumn = {
    id: 'author',
    header: 'Auteur',
    cell: (row) => <AuthorCell author={row.author} />,
    card: 'details',
  }
  const accompaniements: AppliesColumn = {
    id: 'accompaniements',
    header: 'Accompagnements',
    cell: (row) => <AccompaniementsCell others={row.otherIntegratedSocialOffers} />,
    card: 'details',
  }
  const prescription: AppliesColumn = {
    id: 'prescription',
    header: 'Prescription',
    cell: (row) => <PrescriptionCell prescription={row.prescription} labels={o.prescriptionLabels} />,
  }

  if (tab === 'PRESCRIPTION_FILLED') {
    const columns: AppliesColumn[] = [
      candidate,
      {
        id: 'phone',
        header: 'Téléphone',
        cell: (row) => phoneOnTwoLines(row.candidate.phone),
        card: 'details',
      },
      { id: 'residence', header: 'Résidence', cell: (row) => row.candidate.place ?? '', card: 'details' },
      accompaniements,
      { id: 'status', header: 'Statut', cell: (row) => row.candidate.status ?? '' },
      author,
      {
        id: 'date',
        header: 'Date',
        cell: (row) => <PrescriptionDateCell date={row.prescriptionDate} waiting={row.waiting} />,
      },
    ]
    if (o.operator) {
      columns.push({
        id: 'actions',
        header: <span className="sr-only">Actions</span>,
        cell: (row) => <CompleteAction row={row} o={o} />,
      })
    }
    return columns
  }
  if (tab === 'INTEGRATED_CANDIDATE') {
    return [
      candidate,
      prescription,
      { id: 'responseDate', header: 'Date réponse', cell: (row) => row.responseDate },
      {
        id: 'firstReception',
        header: '1er accueil',
        cell: (row) => row.firstReceptionDate,
        card: 'details',
      },
      { id: 'assessment', header: 'Bilan prévu', cell: (row) => row.assessmentDate, card: 'details' },
      author,
      accompaniements,
    ]
  }
  return [
    candidate,
    prescription,
    { id: 'responseDate', header: 'Date de réponse', cell: (row) => row.responseDate },
    { id: 'cause', header: 'Motif', cell: (row) => row.causeLabel },
    author,
  ]
}

/** 'Compléter' (spec §6 partner.fup.complete): enabled only when the apply has a FUP, else a tooltip says why not. */
export function CompleteAction({ row, o }: { row: ApplyRow; o: ColumnOptions }) {
  if (!o.operator || !o.complete) return null
  const name = fullName(row.candidate)
  if (row.hasFup) {
    return (
      <Button
        variant="secondary"
        // A finger's target on a touch screen or a phone (44 × 44 px, WCAG 2.5.5); dense with a mouse.
        className={`whitespace-nowrap px-2 py-0.5 text-xs ${TOUCH_TARGET}`}
        onClick={() => o.onComplete(row.id)}
        aria-label={`Compléter la prescription ${ofName(name)}`}
      >
        Compléter
      </Button>
    )
  }
  return (
    <Tooltip content={MANUAL_PRESCRIPTION_TOOLTIP}>
      <span
        role="button"
        aria-disabled="true"
        tabIndex={0}
        className={`inline-block ${TOUCH_TARGET}`}
        // Why not: the tooltip, its description (aria-describedby), read once after the name.
        aria-label={`Compléter la prescription ${ofName(name)}`}
      >
        <Button
          variant="secondary"
          className={`pointer-events-none whitespace-nowrap px-2 py-0.5 text-xs ${TOUCH_TARGET}`}
          disabled
          tabIndex={-1}
          aria-hidden
        >
          Compléter
        </Button>
      </span>
    </Tooltip>
  )
}

/**
 * A phone number that may break in its middle only ("06 12 34" / "56 70"): the narrowest table (1 024 px) keeps every
 * column in view, and a wide one shows it on one line.
 */
export function phoneOnTwoLines(phone: string): string {
  const groups = phone.split(' ')
  const half = Math.ceil(groups.length / 2)
  return [groups.slice(0, half).join('\u00a0'), groups.slice(half).join('\u00a0')].filter(Boolean).join(' ')
}
