'use client'

import { useEffect, useState } from 'react'

/**
 * How long a form waits for the server before it says so. The server answers within its own timeouts
 * (a database wait ends in 20 s at most, lib/db/client.ts); past this, the network or the server itself is gone.
 */
export const SUBMIT_DEADLINE_MS = 25_000

/**
 * True once `pending` has lasted past the deadline, until it ends: the form then shows that the server does not answer
 * and lets the person try again, rather than a greyed-out button forever.
 */
export function useLate(pending: boolean, ms = SUBMIT_DEADLINE_MS): boolean {
  const [lateSince, setLateSince] = useState<boolean>(false)
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setLateSince(true), ms)
    return () => {
      clearTimeout(timer)
      setLateSince(false)
    }
  }, [pending, ms])
  return pending && lateSince
}
