'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Button, buttonClass } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import Link from '@/components/ui/link'
import { useActionForm } from '@/components/ui/use-action-form'
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
  const form = useActionForm({
    initial: { reason: '' },
    action: (values) => declineOrientationAction(id, values),
    success: 'Orientation refusée\u00a0: le prescripteur est informé.',
    onSuccess: () => {
      onClose()
      router.refresh()
    },
  })
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
          <Button type="submit" form={form.formProps.id} variant="danger" disabled={form.pending}>
            Refuser l’orientation
          </Button>
        </>
      }
    >
      <form {...form.formProps} className="flex flex-col gap-3">
        <ErrorSummary form={form} />
        <FormField
          label="Motif du refus"
          as="textarea"
          rows={4}
          maxLength={1000}
          hint="Il est envoyé au prescripteur par email\u00a0: n’y écrivez pas le nom de la personne ni de détail sur sa situation."
          {...form.field('reason')}
        />
      </form>
    </Dialog>
  )
}
