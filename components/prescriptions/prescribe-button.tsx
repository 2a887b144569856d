'use client'

import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import type { PrescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import type { PrescribeTarget } from './prescribe-dialog'

// The dialog (and its form) loads when a referent opens it, not with the directory or the sheet. React's own lazy():
// the dialog mounts after a click only, never on the server, so next/dynamic's server-side options (and its 1.5 kB of
// runtime on every page that draws this button) would buy nothing.
const PrescribeDialog = lazy(() => import('./prescribe-dialog').then((m) => ({ default: m.PrescribeDialog })))

/** "Prescrire": opens the prescription dialog for an offer (directory) or for a candidate (sheet). */
export function PrescribeButton({
  target,
  defaults,
  today,
  label = 'Prescrire',
  accessibleLabel,
  variant = 'primary',
}: {
  target: PrescribeTarget
  defaults: PrescriberDefaults
  today: string
  label?: string
  accessibleLabel?: string
  variant?: 'primary' | 'secondary'
}) {
  const [open, setOpen] = useState(false)
  // A fresh form at each opening; the closed dialog stays mounted so that focus returns to this button.
  const [opening, setOpening] = useState(0)
  return (
    <>
      <Button
        variant={variant}
        onClick={() => {
          setOpening((n) => n + 1)
          setOpen(true)
        }}
        aria-label={accessibleLabel}
        className="px-3 py-1.5"
      >
        <Icon name="send" />
        {label}
      </Button>
      {opening > 0 && (
        <Suspense fallback={null}>
          <PrescribeDialog
            key={opening}
            open={open}
            onOpenChange={setOpen}
            target={target}
            defaults={defaults}
            today={today}
          />
        </Suspense>
      )}
    </>
  )
}
