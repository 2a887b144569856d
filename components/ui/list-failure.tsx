import { Button } from './button'

/**
 * A list that could not be read, said where its rows would be: "La recherche a échoué", why, and "Réessayer" (always:
 * the person decides). Never the previous results under it: they would be taken for this query's.
 */
export function ListFailure({
  title = 'La recherche a échoué',
  error,
  onRetry,
}: {
  title?: string
  /** The French reason (components/ui/fetch-json.ts). */
  error: string
  onRetry: () => void
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 text-red-900">
      <p className="font-medium">{title}</p>
      {error && <p className="text-sm">{error}</p>}
      <Button variant="secondary" onClick={onRetry}>
        Réessayer
      </Button>
    </div>
  )
}
