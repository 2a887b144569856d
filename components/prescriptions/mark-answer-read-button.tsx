'use client'

import { useTransition } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { markAnswerReadAction } from '@/lib/prescriptions/actions-referent'

/**
 * "Marquer comme lue" on one partner's answer not read yet (the actions dashboard's row, the candidate sheet's
 * prescription): that answer alone is read, the others stay new. `about` names it for a screen reader
 * ("Durand Élodie, Permis de conduire solidaire").
 */
export function MarkAnswerReadButton({ applyId, about }: { applyId: string; about: string }) {
  const router = useRouter()
  const [pending, start] = useTransition()
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={`Marquer comme lue la réponse pour ${about}`}
      onClick={() =>
        start(async () => {
          const result = await markAnswerReadAction(applyId).catch(() => null)
          if (!result?.ok)
            return void toast.error(
              result?.error ?? 'La réponse n’a pas pu être marquée comme lue. Réessayez dans un instant.',
            )
          toast.success('Réponse marquée comme lue.')
          router.refresh()
        })
      }
    >
      Marquer comme lue
    </Button>
  )
}
