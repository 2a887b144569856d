'use client'

import Link from '@/components/ui/link'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { useActionForm } from '@/components/ui/use-action-form'
import { formatDateTime } from '@/lib/dates'
import { formatCount } from '@/lib/numbers'
import { registerSelectionAction, upcomingWorkshopsAction } from '@/lib/workshops/actions'
import { registrationFeedback, type RegistrationOutcome } from '@/lib/workshops/registration-feedback'

type Upcoming = Awaited<ReturnType<typeof upcomingWorkshopsAction>>[number]

const NO_WORKSHOP = 'Choisissez un atelier.'

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
  const selectId = useId()
  const form = useActionForm({
    initial: { workshopId: '' },
    action: async ({ workshopId }) =>
      workshopId
        ? await registerSelectionAction(workshopId, { candidateIds: ids })
        : { ok: false as const, error: NO_WORKSHOP },
    failure: 'L’inscription n’a pas pu être enregistrée. Réessayez dans un instant.',
    success: (result) => registrationFeedback(result as unknown as RegistrationOutcome),
    onSuccess: onDone,
  })

  useEffect(() => {
    upcomingWorkshopsAction()
      .then(setWorkshops)
      .catch(() => setWorkshops([]))
  }, [])

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Inscrire à un atelier"
      description={`${formatCount(ids.length, 'candidat sélectionné', 'candidats sélectionnés')}, inscrits dans cet ordre\u00a0; au-delà des places libres, en liste d’attente.`}
    >
      <form {...form.formProps} className="flex flex-col gap-4">
        <ErrorSummary form={form} />
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
              value={form.values.workshopId}
              onChange={(e) => form.set({ workshopId: e.target.value })}
              aria-invalid={form.error === NO_WORKSHOP || undefined}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">Choisir un atelier</option>
              {workshops.map((w) => {
                const free = Math.max(0, (w.capacity ?? 0) - w.seatsTaken)
                return (
                  <option key={w.id} value={w.id}>
                    {`${formatDateTime(w.startsAt)} — ${w.name} (${free ? formatCount(free, 'place libre', 'places libres') : `complet, ${w.waitlistCount} en attente`})`}
                  </option>
                )
              })}
            </select>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={form.pending || !workshops?.length} aria-busy={form.pending}>
            {form.pending ? 'Inscription…' : 'Inscrire'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
