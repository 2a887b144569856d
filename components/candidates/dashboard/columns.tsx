'use client'

import { NavLink } from '@/components/ui/nav-link'
import type { ColumnDef } from '@tanstack/react-table'
import { Checkbox } from '@/components/ui/checkbox'
import type { CandidateListRow } from '@/lib/candidates/list-candidates'
import { formatDate } from '@/lib/dates'
import { formatPhone } from '@/lib/phone'

type Row = CandidateListRow

const selectColumn: ColumnDef<Row, unknown> = {
  id: 'select',
  header: ({ table }) => (
    <Checkbox
      aria-label="Sélectionner tous les candidats de la page"
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  ),
  cell: ({ row }) => (
    <Checkbox aria-label={`Sélectionner ${row.original.lastName} ${row.original.firstName}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
  ),
}

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

/**
 * The dashboard's columns. Sortable ones have an accessor and an id that is the server's sort key (name, place,
 * status, created); the others set enableSorting: false.
 */
export function candidateColumns({ selectable, linked }: { selectable: boolean; linked: boolean }): ColumnDef<Row, unknown>[] {
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: 'name',
      header: 'Candidat',
      accessorFn: (r) => r.lastName,
      sortDescFirst: false,
      cell: ({ row }) => {
        const name = `${row.original.lastName} ${row.original.firstName}`
        const phone = formatPhone(row.original.phone)
        return (
          <>
            {linked ? (
              <NavLink href={`/v2/candidate/${row.original.id}`} className="whitespace-nowrap font-medium">
                {name}
              </NavLink>
            ) : (
              <span className="whitespace-nowrap font-medium">{name}</span>
            )}
            {/* Narrow screens: the phone column is hidden, the phone shows under the name. */}
            {phone && <span className="block whitespace-nowrap text-slate-600 md:hidden">{phone}</span>}
          </>
        )
      },
    },
    { id: 'phone', header: 'Téléphone', enableSorting: false, cell: ({ row }) => <span className="whitespace-nowrap">{formatPhone(row.original.phone)}</span> },
    { id: 'email', header: 'Email', enableSorting: false, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.email ?? ''}</span> },
    { id: 'place', header: 'Résidence', accessorFn: (r) => r.place ?? '', sortDescFirst: false, cell: ({ row }) => row.original.place ?? '' },
    { id: 'status', header: 'Statut', accessorFn: (r) => r.status ?? '', sortDescFirst: false, cell: ({ row }) => row.original.status ?? '' },
    { id: 'referent', header: 'Référent', enableSorting: false, cell: ({ row }) => row.original.referent ?? '' },
    {
      id: 'created',
      header: 'Créé le',
      accessorFn: (r) => r.createdAt,
      sortDescFirst: true,
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span>,
    },
  ]
  return selectable ? [selectColumn, ...columns] : columns
}
