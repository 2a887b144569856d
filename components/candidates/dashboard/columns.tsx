'use client'

import Link from 'next/link'
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
        return linked ? (
          <Link href={`/v2/candidate/${row.original.id}`} className="whitespace-nowrap font-medium">
            {name}
          </Link>
        ) : (
          <span className="whitespace-nowrap font-medium">{name}</span>
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
