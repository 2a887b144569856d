'use client'

import { useOptimistic, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'

/**
 * The one filter model of the lists (issue 42 §2): each change applies at once and goes into the URL (a history
 * entry: shareable, back-button safe), "Réinitialiser" goes back to the bare address. `params` are the URL's filters
 * as the server read them; `shown` is what the controls show — the new choice at once, then the URL's once the page
 * has followed (a reset or the back button included). `queryOf` writes the query ('?…' or ''); `hash` keeps the
 * reader at a section of a long page (e.g. '#unanswered').
 */
export function useUrlFilters<T extends object>(params: T, queryOf: (filters: T) => string, hash = '') {
  const router = useRouter()
  const pathname = usePathname()
  const [pending, startTransition] = useTransition()
  const [shown, setShown] = useOptimistic(params)
  const go = (next: T | null) =>
    startTransition(() => {
      if (next) setShown(next)
      router.push(`${pathname}${next ? queryOf(next) : ''}${hash}`, { scroll: false })
    })
  return {
    shown,
    pending,
    change: (patch: Partial<T>) => go({ ...shown, ...patch }),
    reset: () => go(null),
  }
}

/** A date ('yyyy-mm-dd') or month ('yyyy-mm') being typed (year 0002, 0020…) waits for its four digits; emptied applies. */
export const completeDate = (value: string) => value === '' || Number.parseInt(value.slice(0, 4), 10) >= 1900
