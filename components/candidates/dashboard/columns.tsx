'use client'

import Link from '@/components/ui/link'
import type { TableColumn } from '@/components/ui/data-table'
import type { CandidateListRow } from '@/lib/candidates/list-candidates'
import { formatDate } from '@/lib/dates'
import { listName } from '@/lib/person-name'
import { formatPhone } from '@/lib/phone'

type Row = CandidateListRow

/**
 * Below md (768 px) the table keeps the name (with the phone under it) and the status, so that it fits a phone
 * without scrolling sideways; below xl (1280 px, the sidebar beside it) it leaves out the email and the referent.
 */
export const candidateColumnClassNames: Record<string, string> = {
  phone: 'hidden md:table-cell',
  email: 'hidden xl:table-cell',
  place: 'hidden md:table-cell',
  referent: 'hidden xl:table-cell',
  created: 'hidden md:table-cell',
}

/** A row's checkbox label. */
export const candidateSelectLabel = (r: Row) => `Sélectionner ${listName(r)}`

/** The dashboard's columns. Sortable ones have the server's sort key as id (name, place, status, created). */
export function candidateColumns({ linked }: { linked: boolean }): TableColumn<Row>[] {
  return [
    {
      id: 'name',
      header: 'Candidat',
      sortable: true,
      cell: (r) => {
        const name = listName(r)
        const phone = formatPhone(r.phone)
        return (
          <>
            {linked ? (
              <Link href={`/v2/candidate/${r.id}`} className="whitespace-nowrap font-medium">
                {name}
              </Link>
            ) : (
              <span className="whitespace-nowrap font-medium">{name}</span>
            )}
            {/* Narrow screens: the phone column is hidden, the phone shows under the name. */}
            {phone && <span className="block whitespace-nowrap text-slate-600 md:hidden">{phone}</span>}
          </>
        )
      },
    },
    {
      id: 'phone',
      header: 'Téléphone',
      cell: (r) => <span className="whitespace-nowrap">{formatPhone(r.phone)}</span>,
    },
    { id: 'email', header: 'Email', cell: (r) => <span className="whitespace-nowrap">{r.email ?? ''}</span> },
    { id: 'place', header: 'Résidence', sortable: true, cell: (r) => r.place ?? '' },
    { id: 'status', header: 'Statut', sortable: true, cell: (r) => r.status ?? '' },
    { id: 'referent', header: 'Référent', cell: (r) => r.referent ?? '' },
    {
      id: 'created',
      header: 'Créé le',
      sortable: true,
      sortDescFirst: true,
      cell: (r) => <span className="whitespace-nowrap">{formatDate(r.createdAt)}</span>,
    },
  ]
}
