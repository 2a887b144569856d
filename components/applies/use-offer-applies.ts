'use client'

import { useCallback, useEffect, useState } from 'react'
import { fetchJson, FETCH_MESSAGES, type Fetched } from '@/components/ui/fetch-json'
import { useLatestFetch } from '@/components/ui/use-latest-fetch'
import { organisationAppliesAction } from '@/lib/prescriptions/actions-referent'
import type { ApplyRow } from '@/lib/prescriptions/offer-tab-rows'
import { type OfferPageParams, offerPageQuery } from '@/lib/prescriptions/page-params'
import type { ApplyCounts } from '@/lib/prescriptions/states'

/** One page of a tab and the tabs' counts. Rows read by the browser carry their dates as ISO strings (formatDate reads both). */
export type AppliesPage = { rows: ApplyRow[]; counts: ApplyCounts }
export type AppliesSource = 'partner' | 'organisation'
type Query = Pick<OfferPageParams, 'tab' | 'placeIds' | 'statusValues' | 'page'>

const LIST_FAILED = 'La liste n’a pas pu être chargée. Réessayez dans un instant.'

/** The rows of a tab: the partner's from its route handler, an organisation's from its server action. */
async function loadPage(
  source: AppliesSource,
  offerId: string,
  body: Query & { search: string },
  signal: AbortSignal,
): Promise<Fetched<AppliesPage>> {
  if (source === 'partner')
    return fetchJson<AppliesPage>(`/api/offers/${offerId}/applies`, {
      method: 'POST',
      json: body,
      signal,
      failed: LIST_FAILED,
    })
  const result = await organisationAppliesAction(offerId, body).catch(() => null)
  if (result?.ok) return { ok: true, value: { rows: result.rows, counts: result.counts }, response: new Response() }
  // A refusal of the action (the offer left the directory, the session expired) will not change on a retry.
  return { ok: false, status: null, error: result?.error ?? FETCH_MESSAGES.offline, retryable: !result, aborted: false }
}

const keyOf = (query: Query, search: string) =>
  JSON.stringify([query.tab, query.placeIds, query.statusValues, query.page, search])

/**
 * The offer page's list state: the tab, filters and page (kept in the URL with the dialog's apply, never the search
 * text: it may be a name), the search, and the rows. The page rendered the first rows; any other query is read by the
 * browser, the latest one winning, and a failure is kept for "Réessayer". `reload` reads the current query again
 * after a change made here (an archive, an answer).
 */
export function useOfferApplies(options: {
  offerId: string
  source: AppliesSource
  initialParams: OfferPageParams
  initial: AppliesPage
  socialApplyId: string | null
}) {
  const { offerId, source, initialParams, initial, socialApplyId } = options
  const [query, setQuery] = useState<Query>(() => ({
    tab: initialParams.tab,
    placeIds: initialParams.placeIds,
    statusValues: initialParams.statusValues,
    page: initialParams.page,
  }))
  const [search, setSearch] = useState('')
  // Bumped by each change made on this page: the first query's rows from the server are then out of date.
  const [version, setVersion] = useState(0)
  const [firstKey] = useState(() => keyOf(query, ''))
  const current = keyOf(query, search)
  const key = version === 0 && current === firstKey ? null : `${version}\u0000${current}`
  const fetched = useLatestFetch(key, (signal) => loadPage(source, offerId, { ...query, search }, signal))

  useEffect(() => {
    window.history.replaceState(null, '', `${window.location.pathname}${offerPageQuery({ ...query, socialApplyId })}`)
  }, [query, socialApplyId])

  const change = useCallback((next: Partial<Query>) => setQuery((q) => ({ ...q, page: 1, ...next })), [])
  const applySearch = useCallback((value: string) => {
    setSearch(value)
    setQuery((q) => ({ ...q, page: 1 }))
  }, [])
  const reset = useCallback(() => {
    setSearch('')
    setQuery((q) => ({ ...q, placeIds: [], statusValues: [], page: 1 }))
  }, [])
  const reload = useCallback(() => setVersion((v) => v + 1), [])

  return {
    query,
    /** How many filters narrow the list (the search counts as one). */
    activeFilters: (search ? 1 : 0) + query.placeIds.length + query.statusValues.length,
    /** The current query's page, or the last one received while it is read. */
    data: key === null ? initial : (fetched.value ?? initial),
    pending: fetched.pending,
    failure: fetched.failure,
    retry: fetched.retry,
    /** A new tab, filters or page (the page goes back to 1 unless given). */
    change,
    applySearch,
    reset,
    reload,
  }
}
