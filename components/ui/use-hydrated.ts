'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and while the page hydrates, true after (and at once for a component mounted by a client-side
 * navigation): React reads the server snapshot during hydration, then renders again with the client's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/**
 * The rows of a long list that the server renders into the page's HTML: a screen and more (about 15 rows show at
 * 1440 × 900). The browser renders the rest from the same data as soon as the page hydrates. Each row rendered on the
 * server costs its HTML render there, on every view of every user (issue 16 §1); below the fold, nobody sees the
 * difference.
 */
export const SERVER_ROWS = 20

/** The rows to render now: the first SERVER_ROWS on the server and during hydration, all of them after. */
export function useFirstRowsOnServer<T>(rows: T[]): T[] {
  const hydrated = useHydrated()
  return hydrated || rows.length <= SERVER_ROWS ? rows : rows.slice(0, SERVER_ROWS)
}
