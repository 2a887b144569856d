'use client'

import { FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import { useUrlFilters } from '@/components/ui/use-url-filters'
import { WAITING_PARAM } from '@/lib/prescriptions/waiting-filter'

type Shown = { waiting: string }

/**
 * The actions dashboard's filter of the prescriptions left without answer, instant like every list's (issue 42 §2):
 * the choice goes into the URL (`waiting`, none for the organisation's reminder delay) at once, the page kept at its
 * section, "Réinitialiser" beside it; the section below (`children`) is greyed until the page has followed.
 */
export function WaitingFilterBar({
  value,
  reminderDays,
  options,
  children,
}: {
  /** The select's value: a number of days, or 'expired'. */
  value: string
  reminderDays: number
  options: { value: string; label: string }[]
  children: React.ReactNode
}) {
  const queryOf = ({ waiting }: Shown) => (waiting === String(reminderDays) ? '' : `?${WAITING_PARAM}=${waiting}`)
  const { shown, pending, change, reset } = useUrlFilters<Shown>({ waiting: value }, queryOf, '#unanswered')
  return (
    <>
      <FilterPanel label="Filtrer les prescriptions sans réponse" busy={pending} onReset={reset}>
        <FilterSelect
          label="Afficher les prescriptions"
          name={WAITING_PARAM}
          value={shown.waiting}
          onChange={(e) => change({ waiting: e.target.value })}
          options={options}
          wide
        />
      </FilterPanel>
      <div aria-busy={pending || undefined} className={pending ? 'opacity-50 transition-opacity' : undefined}>
        {children}
      </div>
    </>
  )
}
