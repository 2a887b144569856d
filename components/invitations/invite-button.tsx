'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { InviteDialog } from './invite-dialog'

/**
 * A button that opens "Inviter à un atelier" and refreshes the page once an answer was read: the candidate sheet's
 * (one person, the themes read with the page), a workshop's page (a picker, its theme fixed).
 */
export function InviteButton({
  candidateIds,
  theme,
  step,
  themes,
  label,
  ariaLabel,
  variant = 'secondary',
  className = 'px-3 py-1.5',
}: {
  candidateIds?: string[]
  theme?: string
  /** A support-course step of kind "atelier" (its theme given). */
  step?: { id: string; title: string }
  themes?: string[]
  label: string
  /** The button's name when its text alone is ambiguous (one per step and person in a list). */
  ariaLabel?: string
  variant?: 'primary' | 'secondary' | 'ghost'
  className?: string
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} className={className} aria-label={ariaLabel}>
        {label}
      </Button>
      {open && (
        <InviteDialog
          candidateIds={candidateIds}
          theme={theme}
          step={step}
          themes={themes}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false)
            router.refresh()
          }}
        />
      )}
    </>
  )
}
