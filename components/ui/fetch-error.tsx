import { Button } from './button'

/**
 * A failed fetch, said in French, with "Réessayer" when trying again may help (components/ui/fetch-json.ts): what a
 * page shows instead of a spinner that never ends or a list that silently stays stale.
 */
export function FetchError({
  error,
  onRetry,
  className,
}: {
  error: string
  /** Absent, or the failure is not worth retrying: no button. */
  onRetry?: (() => void) | null
  className?: string
}) {
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 ${className ?? ''}`}
    >
      <span>{error}</span>
      {onRetry && (
        <Button variant="secondary" className="px-3 py-1" onClick={onRetry}>
          Réessayer
        </Button>
      )}
    </div>
  )
}
