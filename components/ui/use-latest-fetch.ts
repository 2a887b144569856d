'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import type { FetchFailure, Fetched } from './fetch-json'

type Settled<T> = { id: string; value?: T; failure: FetchFailure | null }

/**
 * Data a page reads after loading: `load` runs whenever `key` changes (null: nothing to read), and again on `retry`.
 * The latest query wins: an answer overtaken by a newer key is aborted and dropped, never shown. While a query runs,
 * the last answer stays (`value`, with `pending`); a failure is kept for the query it belongs to, to show with
 * "Réessayer" (components/ui/fetch-error.tsx) rather than a spinner forever.
 */
export function useLatestFetch<T>(key: string | null, load: (signal: AbortSignal) => Promise<Fetched<T>>) {
  const [attempt, setAttempt] = useState(0)
  const [settled, setSettled] = useState<Settled<T> | null>(null)
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  const id = key === null ? null : `${attempt}\u0000${key}`
  // No query: the last answer goes too (checked while rendering).
  if (id === null && settled) setSettled(null)

  useEffect(() => {
    if (id === null) return
    const controller = new AbortController()
    void loadRef.current(controller.signal).then((result) => {
      if (controller.signal.aborted || (!result.ok && result.aborted)) return
      setSettled((previous) =>
        result.ok ? { id, value: result.value, failure: null } : { id, value: previous?.value, failure: result },
      )
    })
    return () => controller.abort()
  }, [id])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const failure = settled && settled.id === id ? settled.failure : null
  return {
    /** The last answer received (of this query or an earlier one), until one arrives. */
    value: settled?.value,
    pending: id !== null && settled?.id !== id,
    /** This query's failure, if it failed. */
    failure,
    /** Runs the query again. */
    retry,
  }
}
