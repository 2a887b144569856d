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
