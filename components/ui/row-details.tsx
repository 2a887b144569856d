'use client'

import { useState } from 'react'

/**
 * A card's « Détails » (components/ui/data-table.tsx): its lines are drawn once it is opened. They repeat cells the
 * row already holds for a wide screen, so drawing them up front wrote each of those cells twice in every row's HTML:
 * 4 kB a row, 200 kB for an offer's 50 prescriptions, for a disclosure few open.
 */
export function RowDetails({
  summaryId,
  labelledBy,
  children,
}: {
  summaryId: string
  labelledBy?: string
  children: React.ReactNode
}) {
  const [open, setOpen] = useState(false)
  return (
    <details className="w-full" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary id={summaryId} aria-labelledby={labelledBy} className="cursor-pointer font-medium text-brand-700">
        Détails
      </summary>
      {open && children}
    </details>
  )
}
