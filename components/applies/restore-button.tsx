'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { FetchError } from '@/components/ui/fetch-error'
import { fetchJson, type FetchFailure } from '@/components/ui/fetch-json'
import { ofName } from '@/lib/text/french'

export function RestoreButton({ applyId, candidateName }: { applyId: string; candidateName: string }) {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<FetchFailure | null>(null)
  async function restore() {
    setPending(true)
    setFailure(null)
    const result = await fetchJson('/api/social-applies/restore', {
      method: 'POST',
      json: { ids: [applyId] },
      failed: 'La restauration a échoué. Réessayez dans un instant.',
    })
    setPending(false)
    if (!result.ok) return setFailure(result)
    toast.success('Dossier restauré\u00a0: il est de nouveau sur la page de l’offre.')
    router.refresh()
  }
  return (
    <span className="flex flex-col items-start gap-2">
      <Button
        variant="secondary"
        className="px-3 py-1"
        onClick={restore}
        disabled={pending}
        aria-label={`Restaurer le dossier ${ofName(candidateName)}`}
      >
        Restaurer
      </Button>
      {failure && <FetchError error={failure.error} onRetry={failure.retryable ? restore : null} />}
    </span>
  )
}
