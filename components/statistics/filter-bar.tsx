'use client'

import { useState } from 'react'
import { FilterCombobox } from '@/components/ui/filter-combobox'
import { FilterDate, FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import { completeDate, useUrlFilters } from '@/components/ui/use-url-filters'
import { searchStatisticsStructuresAction } from '@/lib/statistics/actions'
import { PERIODS, type StatisticsFilters } from '@/lib/statistics/filters'

type Choice = { id: string; name: string }
const options = (all: string, choices: Choice[]) => [
  { value: '', label: all },
  ...choices.map((c) => ({ value: c.id, label: c.name })),
]

/** The statistics' query: the period (none for the default 12 months), its months when custom, the choices made. */
function statisticsQuery(f: StatisticsFilters): string {
  const q = new URLSearchParams()
  if (f.period !== '12m') q.set('period', f.period)
  if (f.period === 'custom') {
    q.set('from', f.fromMonth)
    q.set('to', f.toMonth)
  }
  if (f.referentId) q.set('referent', f.referentId)
  if (f.structureId) q.set('structure', f.structureId)
  if (f.structureId && f.offerId) q.set('offer', f.offerId)
  const s = q.toString()
  return s ? `?${s}` : ''
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/**
 * The statistics' filters, instant like every list's (issue 42 §2): each change goes into the URL (every view a
 * shareable address), "Réinitialiser" beside them; the figures below (`children`) are greyed until the page has
 * followed. A month typed makes the period custom; another structure drops the offer chosen (it was the other's). The
 * structures are searched as one types (a big organisation prescribes to hundreds): `choices.structures` holds the
 * chosen one only.
 */
export function StatisticsFilterBar({
  filters,
  choices,
  children,
}: {
  filters: StatisticsFilters
  choices: { referents: Choice[]; structures: Choice[]; offers: Choice[] }
  children: React.ReactNode
}) {
  const { shown, pending, change, reset } = useUrlFilters(filters, statisticsQuery)
  // The structure just picked, named at once while the page follows (the server then names it in `choices`).
  const [picked, setPicked] = useState<Choice | null>(null)
  const structure = [picked, ...choices.structures].find((s) => s && s.id === shown.structureId) ?? null
  const month = (bound: 'fromMonth' | 'toMonth') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value
    if (completeDate(value) && MONTH.test(value)) change({ period: 'custom', [bound]: value })
  }
  return (
    <>
      <FilterPanel label="Filtrer les statistiques" busy={pending} onReset={reset}>
        <FilterSelect
          label="Période"
          name="period"
          value={shown.period}
          onChange={(e) => change({ period: e.target.value as StatisticsFilters['period'] })}
          options={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
        />
        {/* Keyed by the URL's month: a preset period, a reset or the back button shows its own. */}
        <FilterDate
          key={`from-${filters.fromMonth}`}
          label="Du mois (période personnalisée)"
          type="month"
          name="from"
          defaultValue={filters.fromMonth}
          onChange={month('fromMonth')}
        />
        <FilterDate
          key={`to-${filters.toMonth}`}
          label="Au mois (période personnalisée)"
          type="month"
          name="to"
          defaultValue={filters.toMonth}
          onChange={month('toMonth')}
        />
        <FilterSelect
          label="Référent"
          name="referent"
          value={shown.referentId ?? ''}
          onChange={(e) => change({ referentId: e.target.value || null })}
          options={options('Tous', choices.referents)}
        />
        <FilterCombobox
          label="Structure partenaire"
          allLabel="Toutes"
          empty="Aucune structure prescrite ne porte ce nom."
          value={structure}
          onChange={(choice) => {
            setPicked(choice)
            change({ structureId: choice?.id ?? null, offerId: null })
          }}
          search={searchStatisticsStructuresAction}
        />
        {filters.structureId && shown.structureId === filters.structureId ? (
          <FilterSelect
            label="Offre"
            name="offer"
            value={shown.offerId ?? ''}
            onChange={(e) => change({ offerId: e.target.value || null })}
            options={options('Toutes', choices.offers)}
            wide
          />
        ) : (
          <p className="max-w-52 text-xs text-slate-600">
            Pour filtrer par offre, choisissez d’abord une structure partenaire.
          </p>
        )}
      </FilterPanel>
      <div
        aria-busy={pending || undefined}
        className={pending ? 'flex flex-col gap-6 opacity-50 transition-opacity' : 'flex flex-col gap-6'}
      >
        {children}
      </div>
    </>
  )
}
