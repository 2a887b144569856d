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
  themes,
  label,
  variant = 'secondary',
}: {
  candidateIds?: string[]
  theme?: string
  themes?: string[]
  label: string
  variant?: 'primary' | 'secondary'
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} className="px-3 py-1.5">
        {label}
      </Button>
      {open && (
        <InviteDialog
          candidateIds={candidateIds}
          theme={theme}
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
