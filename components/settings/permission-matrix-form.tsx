'use client'

import { useActionState } from 'react'
import { Icon } from '@/components/ui/icon'
import { Button } from '@/components/ui/button'
import { DataTable, type TableColumn } from '@/components/ui/data-table'
import { Tooltip } from '@/components/ui/tooltip'
import { updatePermissionMatrixAction, type SettingsFormState } from '@/lib/settings/actions'
import type { Matrix, MatrixRole } from '@/lib/settings/permission-matrix'
import { useSettingsToast } from './use-settings-toast'

type Row = { permission: string; label: string; sentence: string; defaults: Record<MatrixRole, boolean> }

/**
 * The organisation's role × permission matrix: each permission named and told in a sentence (its technical key in a
 * tooltip, for support), a checkbox per role, one save; a cell that differs from the default says so. On a phone each
 * permission is a card with its roles' checkboxes under it.
 */
export function PermissionMatrixForm({
  matrix,
  rows,
  roles,
}: {
  matrix: Matrix
  rows: Row[]
  roles: { role: MatrixRole; label: string }[]
}) {
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(updatePermissionMatrixAction, {})
  useSettingsToast(state)
  const columns: TableColumn<Row>[] = [
    { id: 'permission', header: 'Permission', label: '', cell: (row) => <PermissionText row={row} /> },
    ...roles.map((r): TableColumn<Row> => ({
      id: r.role,
      header: r.label,
      cell: (row) => <RoleCheckbox row={row} role={r} checked={matrix[r.role].includes(row.permission as never)} />,
    })),
  ]
  return (
    <form action={action} className="flex flex-col gap-4">
      {state.error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <DataTable caption="Permissions par rôle" columns={columns} data={rows} getRowId={(row) => row.permission} />
      <p className="text-sm text-slate-600">
        Les partenaires gardent leurs permissions&nbsp;: elles relèvent de leur structure.
      </p>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Enregistrement…' : 'Enregistrer les permissions'}
        </Button>
      </div>
    </form>
  )
}

function PermissionText({ row }: { row: Row }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex items-center gap-1 font-medium text-slate-900">
        {row.label}
        <Tooltip content={`Clé technique\u00a0: ${row.permission}`}>
          <button
            type="button"
            aria-label={`Clé technique de «\u00a0${row.label}\u00a0»`}
            className="rounded p-0.5 text-slate-500 hover:bg-slate-100"
          >
            <Icon name="info" size={14} />
          </button>
        </Tooltip>
      </span>
      <span className="text-slate-600">{row.sentence}</span>
    </span>
  )
}

function RoleCheckbox({
  row,
  role,
  checked,
}: {
  row: Row
  role: { role: MatrixRole; label: string }
  checked: boolean
}) {
  const changed = checked !== row.defaults[role.role]
  return (
    <span className="inline-flex items-center gap-1">
      <input
        type="checkbox"
        name={role.role}
        value={row.permission}
        defaultChecked={checked}
        aria-label={`${role.label}\u00a0: ${row.label}`}
        className="h-4 w-4 accent-brand-700"
      />
      {changed && <span className="text-xs text-amber-800">(modifié)</span>}
    </span>
  )
}
