'use client'

import { useState, useTransition } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toast'
import { removeOwnIdentityAction } from '@/lib/auth/identity-actions'

/** "Retirer" one of the user's own identities, after a confirmation; the page is then read again (the list shrinks). */
export function RemoveOwnIdentity({
  accountRowId,
  texts,
}: {
  accountRowId: string
  texts: { button: string; label: string; title: string; description: string }
}) {
  const [open, setOpen] = useState(false)
  const [pending, start] = useTransition()
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-label={texts.label}>
        {texts.button}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={texts.title}
        description={texts.description}
        confirmLabel={texts.button}
        pending={pending}
        onConfirm={() =>
          start(async () => {
            const result = await removeOwnIdentityAction(accountRowId)
            if (result.ok) toast.success(result.message!)
            else toast.error(result.error!)
            setOpen(false)
          })
        }
      />
    </>
  )
}
