'use client'

import { useRouter } from 'next/navigation'
import { useTransition } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { sendDiagnosisLinkAction } from '@/lib/diagnosis/actions'

/** The sheet's "Envoyer au candidat par SMS": a link to the questionnaire, valid 7 days. */
export function SendDiagnosisButton({ candidateId, again }: { candidateId: string; again: boolean }) {
  const router = useRouter()
  const [pending, startTransition] = useTransition()
  return (
    <Button
      variant="secondary"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const outcome = await sendDiagnosisLinkAction(candidateId)
          if (!outcome.ok) return void toast.error(outcome.error)
          toast.success('Le lien du questionnaire part par SMS. Il est valable 7 jours.')
          router.refresh()
        })
      }
    >
      {again ? 'Renvoyer le lien par SMS' : 'Envoyer au candidat par SMS'}
    </Button>
  )
}
