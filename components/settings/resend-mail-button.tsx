'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { resendFailedMailAction, resendSmsAction } from '@/lib/settings/actions'

/** "Renvoyer" a mail (mailId) or an SMS (smsId) of "Envois en échec". */
export function ResendMailButton({ mailId, smsId, label }: { mailId?: string; smsId?: string; label: string }) {
  const [pending, setPending] = useState(false)
  async function resend() {
    setPending(true)
    try {
      const state = smsId ? await resendSmsAction(smsId) : await resendFailedMailAction(mailId!)
      if (state.ok) toast.success(state.message ?? 'Message remis dans la file d’envoi.')
      else toast.error(state.error ?? 'Le message n’a pas pu être renvoyé.')
    } catch {
      toast.error('Le message n’a pas pu être renvoyé. Réessayez dans un instant.')
    } finally {
      setPending(false)
    }
  }
  return (
    <Button variant="secondary" onClick={resend} disabled={pending} aria-busy={pending}>
      Renvoyer<span className="sr-only"> {label}</span>
    </Button>
  )
}
