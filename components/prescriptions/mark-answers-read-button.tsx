'use client'

import { useTransition } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { markAnswersReadAction } from '@/lib/prescriptions/actions-referent'

/** "Réponses reçues": marks all the user's unread answers as read at once (they stay listed for 30 days). */
export function MarkAnswersReadButton({ unread }: { unread: number }) {
  const router = useRouter()
  const [pending, start] = useTransition()
  if (unread === 0) return null
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={pending}
      onClick={() =>
        start(async () => {
          const result = await markAnswersReadAction().catch(() => null)
          if (!result?.ok)
            return void toast.error('Les réponses n’ont pas pu être marquées comme lues. Réessayez dans un instant.')
          toast.success(
            result.count > 1 ? `${result.count} réponses marquées comme lues.` : 'Réponse marquée comme lue.',
          )
          router.refresh()
        })
      }
    >
      {pending ? 'Enregistrement…' : 'Tout marquer comme lu'}
    </Button>
  )
}
