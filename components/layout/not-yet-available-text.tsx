/** The sentence of NotYetAvailable, usable in client components. */
export function NotYetAvailableText({ what }: { what: string }) {
  return (
    <p className="text-sm text-slate-700">
      {what} n’est pas encore disponible dans Passerelle. Cette fonctionnalité arrive dans une prochaine version.
    </p>
  )
}
