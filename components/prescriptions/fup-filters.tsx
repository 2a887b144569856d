'use client'

import { useOptimistic, useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { FilterCombobox, type ComboboxChoice } from '@/components/ui/filter-combobox'
import { FilterDate, FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import { searchFupOffersAction } from '@/lib/prescriptions/actions-referent'
import { fupQuery, type FupParams } from '@/lib/prescriptions/page-params'
import { PRESCRIPTION_STATE_LABELS } from '@/lib/prescriptions/states'

/** The offer picker's search in the list's scope (one function per scope: the picker asks again when it changes). */
const SEARCHES = {
  mine: (text: string) => searchFupOffersAction(text, 'mine'),
  all: (text: string) => searchFupOffersAction(text, 'all'),
}
const searchOffers = (scope: FupParams['scope']) => SEARCHES[scope]

/** A date being typed (year 0002, 0020, 0202…) waits for its four digits; an emptied one applies at once. */
const complete = (value: string) => value === '' || Number.parseInt(value.slice(0, 4), 10) >= 1900

/**
 * The FUP list's filters, instant like the candidates dashboard's: each change goes into the URL (shareable,
 * back-button safe) and back to page 1, "Réinitialiser" beside them. The list (`children`, rendered by the page for
 * the URL's filters) is greyed and busy until the next one arrives; the controls show their new value at once. The
 * offers are searched as one types (a département prescribes to thousands): `offer` is the chosen one, named.
 */
export function FupFilters({
  params,
  offer,
  children,
}: {
  params: FupParams
  offer: ComboboxChoice | null
  children: React.ReactNode
}) {
  const router = useRouter()
  const pathname = usePathname()
  const [pending, startTransition] = useTransition()
  const [shown, setShown] = useOptimistic(params)

  const go = (next: FupParams | null) =>
    startTransition(() => {
      if (next) setShown(next)
      router.push(next ? `${pathname}${fupQuery(next)}` : pathname, { scroll: false })
    })
  const change = (patch: Partial<FupParams>) => go({ ...shown, ...patch, page: 1 })
  // The offer just picked, named at once while the page follows (the server then names it in `offer`).
  const [picked, setPicked] = useState<ComboboxChoice | null>(null)
  const shownOffer = [picked, offer].find((o) => o && o.id === shown.offerId) ?? null

  return (
    <>
      <FilterPanel label="Filtrer les prescriptions" busy={pending} onReset={() => go(null)}>
        <FilterSelect
          label="Prescriptions"
          name="scope"
          value={shown.scope}
          onChange={(e) => change({ scope: e.target.value === 'mine' ? 'mine' : 'all' })}
          options={[
            { value: 'mine', label: 'Uniquement les miennes' },
            { value: 'all', label: 'Toute l’organisation' },
          ]}
        />
        <FilterSelect
          label="État"
          name="state"
          value={shown.state ?? ''}
          onChange={(e) => change({ state: (e.target.value || null) as FupParams['state'] })}
          options={[
            { value: '', label: 'Tous' },
            ...Object.entries(PRESCRIPTION_STATE_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <FilterCombobox
          label="Offre"
          allLabel="Toutes"
          empty="Aucune offre prescrite ne porte ce nom."
          value={shownOffer}
          onChange={(choice) => {
            setPicked(choice)
            change({ offerId: choice?.id ?? null })
          }}
          search={searchOffers(shown.scope)}
        />
        <DateFilter label="Prescrite à partir du" value={shown.from} onChange={(from) => change({ from })} />
        <DateFilter label="Jusqu’au" value={shown.to} onChange={(to) => change({ to })} />
      </FilterPanel>
      <div aria-busy={pending || undefined} className={pending ? 'opacity-50 transition-opacity' : undefined}>
        {children}
      </div>
    </>
  )
}

/** A date bound, applied once complete; keyed by the URL's value so that a reset or the back button shows it. */
function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | null
  onChange: (value: string | null) => void
}) {
  return (
    <FilterDate
      key={value ?? ''}
      label={label}
      defaultValue={value ?? ''}
      onChange={(e) => {
        if (complete(e.target.value)) onChange(e.target.value || null)
      }}
    />
  )
}
