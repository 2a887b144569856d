'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { updatePermissionMatrixAction, type SettingsFormState } from '@/lib/settings/actions'
import type { Matrix, MatrixRole } from '@/lib/settings/permission-matrix'
import { useSettingsToast } from './use-settings-toast'

type Row = { permission: string; label: string; defaults: Record<MatrixRole, boolean> }

/** The organisation's role × permission matrix: a checkbox per cell, one save; a cell that differs from the default says so. */
export function PermissionMatrixForm({ matrix, rows, roles }: { matrix: Matrix; rows: Row[]; roles: { role: MatrixRole; label: string }[] }) {
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(updatePermissionMatrixAction, {})
  useSettingsToast(state)
  return (
    <form action={action} className="flex flex-col gap-4">
      {state.error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Permissions par rôle</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-4 py-2">
                Permission
              </th>
              {roles.map((r) => (
                <th key={r.role} scope="col" className="px-4 py-2 text-center">
                  {r.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.permission} className="border-t border-slate-100">
                <th scope="row" className="px-4 py-2 font-normal">
                  <span className="block text-slate-900">{row.label}</span>
                  <span className="block font-mono text-xs text-slate-600">{row.permission}</span>
                </th>
                {roles.map((r) => {
                  const checked = matrix[r.role].includes(row.permission as never)
                  const changed = checked !== row.defaults[r.role]
                  return (
                    <td key={r.role} className="px-4 py-2 text-center">
                      <input
                        type="checkbox"
                        name={r.role}
                        value={row.permission}
                        defaultChecked={checked}
                        aria-label={`${r.label} : ${row.label}`.replace(' :', '\u00a0:')}
                        className="h-4 w-4 accent-brand-700"
                      />
                      {changed && <span className="ml-1 text-xs text-amber-800">(modifié)</span>}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">Les partenaires gardent leurs permissions&nbsp;: elles relèvent de leur structure.</p>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Enregistrement…' : 'Enregistrer les permissions'}
        </Button>
      </div>
    </form>
  )
}
