'use client'

import { useState, useTransition } from 'react'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { revealNirAction } from '@/lib/candidates/actions'

/**
 * The masked NIR and, for holders of candidate.nir.visualize, "Afficher le NIR": an audited server action whose
 * answer is shown in place, kept in this component's memory only (never in a URL, never stored by the browser).
 */
export function NirReveal({
  candidateId,
  masked,
  canReveal,
}: {
  candidateId: string
  masked: string
  canReveal: boolean
}) {
  const [nir, setNir] = useState<string | null>(null)
  const [pending, startTransition] = useTransition()
  const reveal = () =>
    startTransition(async () => {
      try {
        const r = await revealNirAction(candidateId)
        if (r.ok) setNir(r.nir)
        else toast.error(r.error)
      } catch {
        toast.error('Le numéro n’a pas pu être affiché. Réessayez dans un instant.')
      }
    })
  return (
    <span className="flex flex-wrap items-center gap-3">
      <span aria-live="polite" className="font-mono tracking-wide" data-testid="nir-value">
        {nir ?? (
          <>
            <span aria-hidden>{masked}</span>
            <span className="sr-only">
              Numéro masqué, commençant par {masked.replace(/ •.*$/, '').replace(/ /g, '')}
            </span>
          </>
        )}
      </span>
      {canReveal &&
        (nir ? (
          <Button variant="secondary" className="px-3 py-1" onClick={() => setNir(null)}>
            Masquer le NIR
          </Button>
        ) : (
          <Button variant="secondary" className="px-3 py-1" onClick={reveal} disabled={pending}>
            {pending ? 'Affichage…' : 'Afficher le NIR'}
          </Button>
        ))}
    </span>
  )
}
