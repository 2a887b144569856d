import { EmptyState } from '@/components/ui/empty-state'

/** An honest state for a screen whose form or tool is not built yet: no invented content. */
export function NotYetAvailable({ what }: { what: string }) {
  return (
    <EmptyState title={`${what} n’est pas encore disponible dans Passerelle.`}>
      Cette fonctionnalité arrive dans une prochaine version. En attendant, rapprochez-vous de votre administrateur.
    </EmptyState>
  )
}
