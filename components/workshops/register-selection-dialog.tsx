'use client'

import Link from '@/components/ui/link'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/format'
import { registerSelectionAction, upcomingWorkshopsAction } from '@/lib/workshops/actions'
import { registrationFeedback, type RegistrationOutcome } from '@/lib/workshops/registration-feedback'

type Upcoming = Awaited<ReturnType<typeof upcomingWorkshopsAction>>[number]

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`

/**
 * The candidates dashboard's "Inscrire à un atelier" (workshops.modify): the selection, in its order, takes the free
 * seats of a coming workshop, the others go to its waitlist; those already registered are left out and counted.
 */
export function RegisterSelectionDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: string[]
  onClose: () => void
  onDone: () => void
}) {
  const [workshops, setWorkshops] = useState<Upcoming[] | null>(null)
  const [workshopId, setWorkshopId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const selectId = useId()
  const errorId = useId()

  useEffect(() => {
    upcomingWorkshopsAction()
      .then(setWorkshops)
      .catch(() => setWorkshops([]))
  }, [])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!workshopId) return setError('Choisissez un atelier.')
    setPending(true)
    setError(null)
    try {
      const result = await registerSelectionAction(workshopId, { candidateIds: ids })
      if (!result.ok) return setError(result.error ?? 'L’inscription n’a pas pu être enregistrée.')
      toast.success(registrationFeedback(result as unknown as RegistrationOutcome))
      onDone()
    } catch {
      setError('L’inscription n’a pas pu être enregistrée. Réessayez dans un instant.')
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Inscrire à un atelier"
      description={`${plural(ids.length, 'candidat sélectionné', 'candidats sélectionnés')}, inscrits dans cet ordre\u00a0; au-delà des places libres, en liste d’attente.`}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {workshops === null ? (
          <p role="status" className="text-sm text-slate-700">
            Chargement des ateliers…
          </p>
        ) : workshops.length === 0 ? (
          <p className="text-sm text-slate-700">
            Aucun atelier à venir.{' '}
            <Link href="/workshops/create" className="text-brand-700 underline">
              Créer un atelier
            </Link>
          </p>
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              Atelier
            </label>
            <select
              id={selectId}
              value={workshopId}
              onChange={(e) => setWorkshopId(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? errorId : undefined}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">Choisir un atelier</option>
              {workshops.map((w) => {
                const free = Math.max(0, (w.capacity ?? 0) - w.seatsTaken)
                return (
                  <option key={w.id} value={w.id}>
                    {`${formatDateTime(w.startsAt)} — ${w.name} (${free ? plural(free, 'place libre', 'places libres') : `complet, ${w.waitlistCount} en attente`})`}
                  </option>
                )
              })}
            </select>
          </div>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending || !workshops?.length} aria-busy={pending}>
            {pending ? 'Inscription…' : 'Inscrire'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
