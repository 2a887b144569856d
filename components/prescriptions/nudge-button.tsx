'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { nudgePartnerAction } from '@/lib/prescriptions/actions-referent'

/** "Relancer le partenaire" on a waiting prescription: the reminder now (at most once a week), said by a toast. */
export function NudgeButton({ applyId, offerName }: { applyId: string; offerName: string }) {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={`Relancer le partenaire pour l’offre ${offerName}`}
      onClick={async () => {
        setPending(true)
        const result = await nudgePartnerAction(applyId).catch(() => null)
        setPending(false)
        if (!result) return toast.error('La relance n’a pas pu être envoyée. Réessayez dans un instant.')
        if (!result.ok) return toast.error(result.error ?? 'La relance n’a pas pu être envoyée.')
        toast.success('Partenaire relancé\u00a0: il a reçu un rappel de cette prescription.')
        router.refresh()
      }}
    >
      Relancer le partenaire
    </Button>
  )
}
