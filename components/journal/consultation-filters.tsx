'use client'

import { FilterDate, FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import { completeDate, useUrlFilters } from '@/components/ui/use-url-filters'
import type { ConsultationFilters } from '@/lib/journal/consultation-filters'

/**
 * The page's query of these filters, as lib/journal/consultation-filters.ts writes it (consultationQuery); written
 * here again because that module reads the journal's kinds beside the database, which a browser bundle cannot hold.
 */
function consultationQuery(f: ConsultationFilters): string {
  const q = new URLSearchParams()
  if (f.from) q.set('from', f.from)
  if (f.to) q.set('to', f.to)
  if (f.actorId) q.set('user', f.actorId)
  if (f.kind) q.set('kind', f.kind)
  if (f.page > 1) q.set('page', String(f.page))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/**
 * The "Consultations" filters, instant like every list's (issue 42 §2): each change goes into the URL and back to
 * page 1, "Réinitialiser" beside them; the list below (`children`) is greyed until the page has followed.
 */
export function ConsultationFilterBar({
  filters,
  readers,
  kinds,
  children,
}: {
  filters: ConsultationFilters
  readers?: { value: string; label: string }[]
  kinds: { value: string; label: string }[]
  children: React.ReactNode
}) {
  const { shown, pending, change, reset } = useUrlFilters(filters, consultationQuery)
  const set = (patch: Partial<ConsultationFilters>) => change({ ...patch, page: 1 })
  return (
    <>
      <FilterPanel label="Filtrer les consultations" busy={pending} onReset={reset}>
        <FilterDate
          key={`from-${filters.from ?? ''}`}
          label="Du"
          name="from"
          defaultValue={filters.from ?? ''}
          onChange={(e) => completeDate(e.target.value) && set({ from: e.target.value || null })}
        />
        <FilterDate
          key={`to-${filters.to ?? ''}`}
          label="Au"
          name="to"
          defaultValue={filters.to ?? ''}
          onChange={(e) => completeDate(e.target.value) && set({ to: e.target.value || null })}
        />
        {readers && (
          <FilterSelect
            label="Utilisateur"
            name="user"
            value={shown.actorId ?? ''}
            onChange={(e) => set({ actorId: e.target.value || null })}
            options={[{ value: '', label: 'Tous' }, ...readers]}
          />
        )}
        <FilterSelect
          label="Type de consultation"
          name="kind"
          value={shown.kind ?? ''}
          onChange={(e) => set({ kind: (e.target.value || null) as ConsultationFilters['kind'] })}
          options={kinds}
          wide
        />
      </FilterPanel>
      <div
        aria-busy={pending || undefined}
        className={pending ? 'flex flex-col gap-4 opacity-50 transition-opacity' : 'flex flex-col gap-4'}
      >
        {children}
      </div>
    </>
  )
}
