import type { Suggestion } from '@/lib/job-offers/suggestions'
import { fullName, listName } from '@/lib/person-name'
import { PlaceSuggestionButton, SuggestionsError } from './place-candidates'

/**
 * The job offer's suggestions: `suggestions` as the page read them (they stream in after the rest of the page; null
 * while they are read), or why they could not be read.
 */
export function SuggestionsPanel({
  jobOfferId,
  placeLabel,
  suggestions,
  error,
}: {
  jobOfferId: string
  placeLabel: string | null
  suggestions: Suggestion[] | null
  error?: string
}) {
  return (
    <section aria-labelledby="suggestions-title" aria-busy={!suggestions && !error} className="flex flex-col gap-3">
      <h2 id="suggestions-title" className="text-lg font-semibold">
        Suggestions
      </h2>
      {error ? (
        <SuggestionsError error={error} />
      ) : !suggestions ? (
        <p className="text-sm text-slate-700">Recherche des candidats à suggérer…</p>
      ) : suggestions.length === 0 ? (
        <p className="text-sm text-slate-700">
          Aucun candidat suivi n’habite{' '}
          {placeLabel ? `à ${placeLabel} ou dans son département` : 'près du lieu de l’offre'}. Renseignez le lieu de
          l’offre pour obtenir des suggestions.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {suggestions.map((s) => (
            <li
              key={s.id}
              className="flex items-start justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
            >
              <span>
                <span className="font-medium">{listName(s)}</span>
                <ul className="mt-1 list-disc pl-5 text-slate-700">
                  {s.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </span>
              <PlaceSuggestionButton jobOfferId={jobOfferId} candidateId={s.id} name={fullName(s)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
