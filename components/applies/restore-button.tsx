'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { SUBMIT_DEADLINE_MS } from '@/components/ui/use-late'

export function RestoreButton({ applyId, candidateName }: { applyId: string; candidateName: string }) {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  async function restore() {
    setPending(true)
    const response = await fetch('/api/social-applies/restore', {
      method: 'POST',
      signal: AbortSignal.timeout(SUBMIT_DEADLINE_MS),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [applyId] }),
    }).catch(() => null)
    setPending(false)
    if (response?.status === 204) {
      toast.success('Dossier restauré : il est de nouveau sur la page de l’offre.')
      router.refresh()
    } else {
      const body = (await response?.json().catch(() => null)) as { error?: string } | null
      toast.error(body?.error ?? 'La restauration a échoué. Réessayez dans un instant.')
    }
  }
  return (
    <Button
      variant="secondary"
      className="px-3 py-1"
      onClick={restore}
      disabled={pending}
      aria-label={`Restaurer le dossier de ${candidateName}`}
    >
      Restaurer
    </Button>
  )
}
