'use client'

import { useRouter } from 'next/navigation'
import { useId, useState, useTransition } from 'react'
import { Button, buttonClass } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import Link from '@/components/ui/link'
import { toast } from '@/components/ui/toast'
import { declineOrientationAction } from '@/lib/referrals/actions'

/**
 * An orientation's decision: "Accepter et créer le candidat" opens the creation form prefilled (its duplicate check,
 * then the candidate's sheet), or "Refuser", with a reason sent to the prescriber.
 */
export function OrientationDecision({ id, prescriberStructure }: { id: string; prescriberStructure: string }) {
  const [declining, setDeclining] = useState(false)
  return (
    <section aria-labelledby="decide" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="decide" className="text-base font-semibold">
        Votre décision
      </h2>
      <p className="text-sm text-slate-700">
        Acceptez pour créer la fiche du candidat&nbsp;: le formulaire de création s’ouvre rempli avec ces informations,
        vous le complétez. Ou refusez en indiquant pourquoi. {prescriberStructure} reçoit la réponse par email.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link href={`/v2/candidate/create?orientation=${id}`} className={buttonClass('primary')}>
          Accepter et créer le candidat
        </Link>
        <Button variant="secondary" onClick={() => setDeclining(true)}>
          Refuser
        </Button>
      </div>
      {declining && <DeclineDialog id={id} onClose={() => setDeclining(false)} />}
    </section>
  )
}

function DeclineDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const router = useRouter()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, startTransition] = useTransition()
  const fieldId = useId()
  const formId = useId()

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    startTransition(async () => {
      const outcome = await declineOrientationAction(id, { reason })
      if (!outcome.ok) {
        if (outcome.fieldErrors?.reason) {
          setError(outcome.fieldErrors.reason)
          requestAnimationFrame(() => document.getElementById(fieldId)?.focus())
        } else toast.error(outcome.error)
        return
      }
      toast.success('Orientation refusée : le prescripteur est informé.'.replace(' :', '\u00a0:'))
      onClose()
      router.refresh()
    })
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Refuser l’orientation"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={pending}>
            Refuser l’orientation
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
          Motif du refus
        </label>
        <p id={`${fieldId}-hint`} className="text-xs text-slate-600">
          Il est envoyé au prescripteur par email&nbsp;: n’y écrivez pas le nom de la personne ni de détail sur sa
          situation.
        </p>
        <textarea
          id={fieldId}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value)
            setError(null)
          }}
          rows={4}
          maxLength={1000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
          className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        {error && (
          <p id={`${fieldId}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  )
}
