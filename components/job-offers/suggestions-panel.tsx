'use client'

import { useEffect, useState } from 'react'
import { suggestionsAction } from '@/lib/job-offers/actions'
import type { Suggestion } from '@/lib/job-offers/suggestions'
import { PlaceSuggestionButton } from './place-candidates'

/**
 * The job offer's suggestions (issue 12 §3), read once the page is shown: the page itself answers without waiting for
 * them (bench job-offer-page-ttfb). Read again after each placement (the key changes with the placements).
 */
export function SuggestionsPanel({ jobOfferId, placeLabel }: { jobOfferId: string; placeLabel: string | null }) {
  const [state, setState] = useState<
    { loading: true } | { loading: false; suggestions: Suggestion[] } | { loading: false; error: string }
  >({ loading: true })
  useEffect(() => {
    let live = true
    suggestionsAction(jobOfferId)
      .then(
        (r) =>
          live && setState(r.ok ? { loading: false, suggestions: r.suggestions } : { loading: false, error: r.error }),
      )
      .catch(
        () =>
          live &&
          setState({ loading: false, error: 'Les suggestions n’ont pas pu être chargées. Réessayez dans un instant.' }),
      )
    return () => {
      live = false
    }
  }, [jobOfferId])
  return (
    <section aria-labelledby="suggestions-title" aria-busy={state.loading} className="flex flex-col gap-3">
      <h2 id="suggestions-title" className="text-lg font-semibold">
        Suggestions
      </h2>
      {state.loading ? (
        <p className="text-sm text-slate-700">Recherche des candidats à suggérer…</p>
      ) : 'error' in state ? (
        <p role="alert" className="text-sm text-red-800">
          {state.error}
        </p>
      ) : state.suggestions.length === 0 ? (
        <p className="text-sm text-slate-700">
          Aucun candidat suivi n’habite{' '}
          {placeLabel ? `à ${placeLabel} ou dans son département` : 'près du lieu de l’offre'}. Renseignez le lieu de
          l’offre pour obtenir des suggestions.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {state.suggestions.map((s) => (
            <li
              key={s.id}
              className="flex items-start justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
            >
              <span>
                <span className="font-medium">
                  {s.lastName} {s.firstName}
                </span>
                <ul className="mt-1 list-disc pl-5 text-slate-700">
                  {s.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </span>
              <PlaceSuggestionButton jobOfferId={jobOfferId} candidateId={s.id} name={`${s.firstName} ${s.lastName}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
