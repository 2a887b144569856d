'use client'

import { Button } from './button'

/**
 * The frame of a list's filter bar (candidates dashboard, offer page, offers directory): a labelled search landmark
 * holding the controls, and 'Réinitialiser' at its end.
 */
export function FilterPanel({ label, busy, onReset, children }: { label: string; busy?: boolean; onReset: () => void; children: React.ReactNode }) {
  return (
    <div role="search" aria-label={label} aria-busy={busy} className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      {children}
      <Button variant="ghost" onClick={onReset}>
        Réinitialiser
      </Button>
    </div>
  )
}
