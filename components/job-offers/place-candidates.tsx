'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { FormError } from '@/components/directory/form-parts'
import { FetchError } from '@/components/ui/fetch-error'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { CandidateChecklist, useCandidateChecklist } from '@/components/candidates/candidate-checklist'
import { placeCandidatesAction, searchCandidatesToPlaceAction } from '@/lib/job-offers/actions'

const FAILED = { ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

/** "Positionner des candidats": search the organisation's candidates, pick several, place them at once. */
export function PlaceCandidatesDialog({
  jobOfferId,
  variant = 'primary',
}: {
  jobOfferId: string
  /** Secondary where the page's primary action is another (the enterprise sheet's empty placements). */
  variant?: 'primary' | 'secondary'
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const picker = useCandidateChecklist((text) => searchCandidatesToPlaceAction(jobOfferId, text))
  const { chosen, reset } = picker
  // Closing empties the dialog: its error, the search, the results and the choice.
  const changeOpen = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setError(null)
      reset()
    }
  }
  async function submit() {
    setSending(true)
    const result = await placeCandidatesAction(jobOfferId, { candidateIds: [...chosen.keys()] }).catch(() => FAILED)
    setSending(false)
    if (result.ok) {
      const n = chosen.size
      toast.success(`${n} candidat${n > 1 ? 's' : ''} positionné${n > 1 ? 's' : ''}.`)
      changeOpen(false)
      router.refresh()
      return
    }
    setError(result.error)
  }
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        Positionner des candidats
      </Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="Positionner des candidats"
        description="Cherchez les candidats de votre organisation par nom, téléphone ou email, puis cochez-les."
        wide
        footer={
          <>
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Annuler
            </Button>
            <Button onClick={submit} disabled={sending || chosen.size === 0}>
              {sending
                ? 'Enregistrement…'
                : chosen.size > 1
                  ? `Positionner ${chosen.size} candidats`
                  : 'Positionner le candidat'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <FormError error={error} />
          <CandidateChecklist picker={picker} takenLabel="déjà positionné" announceResults />
          {chosen.size > 0 && (
            <p className="text-sm">
              {'Sélection\u00a0: '}
              {[...chosen.values()].join(', ')}
            </p>
          )}
        </div>
      </Dialog>
    </>
  )
}

/** One suggested candidate's "Positionner" button. */
export function PlaceSuggestionButton({
  jobOfferId,
  candidateId,
  name,
}: {
  jobOfferId: string
  candidateId: string
  name: string
}) {
  const router = useRouter()
  const [sending, setSending] = useState(false)
  return (
    <Button
      variant="secondary"
      className="px-3 py-1"
      disabled={sending}
      aria-label={`Positionner ${name}`}
      onClick={async () => {
        setSending(true)
        const result = await placeCandidatesAction(jobOfferId, { candidateIds: [candidateId] }).catch(() => FAILED)
        setSending(false)
        if (result.ok) {
          toast.success(`${name} est positionné sur l’offre.`)
          router.refresh()
        } else toast.error(result.error)
      }}
    >
      Positionner
    </Button>
  )
}

/** The suggestions could not be read: said in place, with "Réessayer" reading the page again. */
export function SuggestionsError({ error }: { error: string }) {
  const router = useRouter()
  return <FetchError error={error} onRetry={() => router.refresh()} />
}
