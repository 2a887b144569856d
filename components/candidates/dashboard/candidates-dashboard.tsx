'use client'

import { useCallback, useEffect, useMemo, useOptimistic, useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import type { RowSelectionState, SortingState } from '@tanstack/react-table'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import type { Option } from '@/components/ui/multi-select'
import type { CandidateListRow, CandidateSort } from '@/lib/candidates/list-candidates'
import { PAGE_SIZE } from '@/lib/constants'
import { BulkBar } from './bulk-bar'
import { candidateColumns } from './columns'
import { dashboardQuery, hasFilters, type DashboardParams } from './dashboard-params'
import { CandidateFilterBar, type DashboardFilterOptions } from './filter-bar'
import { Pagination } from './pagination'

export type DashboardPermissions = { link: boolean; export: boolean; modify: boolean }

/**
 * The candidates dashboard's table: the server renders each state of the URL (filters, sort, page), this component
 * changes the URL and keeps the selection. The selection holds the rows of the page shown and is cleared whenever the
 * list changes.
 */
export function CandidatesDashboard({
  rows,
  total,
  params,
  options,
  statuses,
  permissions,
}: {
  rows: CandidateListRow[]
  total: number
  params: DashboardParams
  options: DashboardFilterOptions
  statuses: Option[]
  permissions: DashboardPermissions
}) {
  const router = useRouter()
  const pathname = usePathname()
  const [loading, startLoading] = useTransition()
  // The filters show their new value at once; the rows follow when the server has answered.
  const [shown, setShown] = useOptimistic(params)
  const [selection, setSelection] = useState<RowSelectionState>({})

  useEffect(() => setSelection({}), [rows])

  const navigate = useCallback(
    (next: DashboardParams, { replace = false } = {}) => {
      startLoading(() => {
        setShown(next)
        const url = `${pathname}${dashboardQuery(next)}`
        if (replace) router.replace(url, { scroll: false })
        else router.push(url, { scroll: false })
      })
    },
    [pathname, router, setShown],
  )

  // Each change starts from what the screen shows, so that two quick changes both count.
  const onSearch = useCallback((q: string) => navigate({ ...shown, q, page: 1 }, { replace: true }), [navigate, shown])
  const reset = () => navigate({ ...shown, q: '', placeIds: [], statusIds: [], referentIds: [], page: 1 })

  const sorting: SortingState = [{ id: shown.sort, desc: shown.dir === 'desc' }]
  const onSortingChange = (updater: SortingState | ((old: SortingState) => SortingState)) => {
    const next = (typeof updater === 'function' ? updater(sorting) : updater)[0]
    if (!next) return
    const sort = next.id as CandidateSort
    navigate({ ...shown, sort, dir: next.desc ? 'desc' : 'asc', page: 1 })
  }

  const selectable = permissions.export || permissions.modify
  const columns = useMemo(() => candidateColumns({ selectable, linked: permissions.link }), [selectable, permissions.link])
  const selectedIds = Object.keys(selection).filter((id) => selection[id])
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))

  return (
    <section aria-label="Liste des candidats">
      <CandidateFilterBar
        options={options}
        search={params.q}
        filters={{ placeIds: shown.placeIds, statusIds: shown.statusIds, referentIds: shown.referentIds }}
        onSearch={onSearch}
        onChange={(f) => navigate({ ...shown, ...f, page: 1 })}
        onReset={reset}
      />
      <BulkBar
        ids={selectedIds}
        statuses={statuses}
        canExport={permissions.export}
        canModify={permissions.modify}
        onClear={() => setSelection({})}
        onStatusChanged={() => {
          setSelection({})
          startLoading(() => router.refresh())
        }}
      />
      <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : undefined}>
        <DataTable
          caption={`Candidats de l’organisation, triés par ${SORT_LABELS[shown.sort]}, page ${shown.page} sur ${pages}`}
          columns={columns}
          data={rows}
          getRowId={(r) => r.id}
          rowSelection={selectable ? selection : undefined}
          onRowSelectionChange={selectable ? setSelection : undefined}
          sorting={sorting}
          onSortingChange={onSortingChange}
          empty={
            <div className="flex flex-col items-center gap-2">
              <p className="font-medium text-slate-800">Aucun candidat ne correspond à ces critères.</p>
              {hasFilters(params) && (
                <Button variant="secondary" onClick={reset}>
                  Réinitialiser les filtres
                </Button>
              )}
            </div>
          }
        />
      </div>
      <Pagination page={shown.page} pages={pages} onPage={(page) => navigate({ ...shown, page })} disabled={loading} />
    </section>
  )
}

const SORT_LABELS: Record<CandidateSort, string> = { name: 'nom', created: 'date de création', place: 'résidence', status: 'statut' }
