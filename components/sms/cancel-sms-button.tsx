'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toast'
import { cancelSmsAction } from '@/lib/sms/actions'

/** "Annuler l'envoi" of a programmed SMS, after a confirmation. */
export function CancelSmsButton({ messageId, when }: { messageId: string; when: string }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  async function confirm() {
    setPending(true)
    try {
      const result = await cancelSmsAction(messageId)
      if (result.ok) {
        toast.success('Envoi annulé\u00a0: le SMS ne partira pas.')
        setOpen(false)
        router.refresh()
      } else toast.error(result.error ?? 'L’envoi n’a pas pu être annulé.')
    } catch {
      toast.error('L’envoi n’a pas pu être annulé. Réessayez dans un instant.')
    } finally {
      setPending(false)
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-xs font-medium text-red-800 underline underline-offset-2 hover:text-red-900"
      >
        Annuler l’envoi<span className="sr-only"> du SMS programmé pour le {when}</span>
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Annuler l’envoi de ce SMS&nbsp;?"
        description={`Le SMS programmé pour le ${when} ne partira pas. Il reste visible dans la conversation, marqué «\u00a0Annulé\u00a0».`}
        confirmLabel="Annuler l’envoi"
        onConfirm={confirm}
        pending={pending}
      />
    </>
  )
}
