'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { prescribeAction } from '@/lib/prescriptions/actions-referent'
import { ANSWER_LINK_DAYS } from '@/lib/constants'
import type { PrescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { ModelFields } from './model-fields'
import { Consents, KindChoice, PrescriberFields, TargetField } from './prescribe-fields'
import {
  checkPrescription,
  initialPrescribeValues,
  offerIdOf,
  prescribedMessage,
  prescribeInputOf,
  type PrescribeTarget,
} from './prescribe-form'
import { useModelFields, usePrescribableOffers } from './use-prescribe-choices'

export type { PrescribeTarget } from './prescribe-form'

/**
 * Prescribing a candidate to a social offer: from the directory (the offer is chosen, the candidate is picked) or from
 * the candidate sheet (the other way round). The referent fills the prescription part of the sheet; the beneficiary
 * part is read from the candidate on the server. Or a manual prescription, for a partner that does not use Passerelle.
 */
export function PrescribeDialog({
  open,
  onOpenChange,
  target,
  defaults,
  today,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  target: PrescribeTarget
  defaults: PrescriberDefaults
  today: string
}) {
  const router = useRouter()
  const offers = usePrescribableOffers(target)
  const [modelVersion, setModelVersion] = useState(0)
  const form = useActionForm({
    initial: () => initialPrescribeValues(target, defaults, today),
    check: (values) => checkPrescription(target, values, modelFields, today),
    action: (values) => prescribeAction(prescribeInputOf(target, values)),
    failure: 'La prescription n’a pas pu être enregistrée. Réessayez dans un instant.',
    success: (result, values) => prescribedMessage(values.manual, result.offerName, result.waitlistRank),
    onSuccess: () => {
      onOpenChange(false)
      router.refresh()
    },
    // A question of the model the dialog does not show: the model changed since it opened; its fields are read again.
    onRefusal: ({ fieldErrors }) => {
      const shown = new Set(modelFields.map((def) => `modelAnswers.${def.key}`))
      if (Object.keys(fieldErrors).some((path) => path.startsWith('modelAnswers.') && !shown.has(path)))
        setModelVersion((v) => v + 1)
    },
  })
  // The FUP model of the chosen offer asks its own fields; a structure without an account is reached by a link.
  const { fields: modelFields, linkTo } = useModelFields(offerIdOf(target, form.values), modelVersion)
  const { manual } = form.values

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={
        target.kind === 'offer'
          ? `Prescrire à l’offre «\u00a0${target.offer.name}\u00a0»`
          : `Prescrire ${target.candidate.name} à une offre`
      }
      description={target.kind === 'offer' ? target.offer.providerName : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" form={form.formProps.id} disabled={form.pending} aria-busy={form.pending || undefined}>
            {form.pending ? 'Envoi…' : manual ? 'Enregistrer la prescription manuelle' : 'Envoyer la prescription'}
          </Button>
        </>
      }
    >
      <form {...form.formProps} className="flex flex-col gap-5">
        <ErrorSummary form={{ errors: form.errors, error: form.error ?? offers.error }} fields={modelFields} />
        <TargetField form={form} target={target} offers={offers.offers} />
        <KindChoice form={form} />
        {!manual && linkTo && (
          <p className="rounded-md bg-sky-50 p-3 text-sm text-sky-950">
            Envoyée à {linkTo.email}, la structure n’a pas de compte&nbsp;: elle répondra depuis un lien valable{' '}
            {ANSWER_LINK_DAYS}&nbsp;jours, renouvelable à cette seule adresse.
            {linkTo.changedOn &&
              ` Cette adresse a été modifiée le ${linkTo.changedOn} par ceux qui gèrent la structure.`}
          </p>
        )}
        {!manual && <PrescriberFields form={form} />}
        {!manual && <ModelFields form={form} fields={modelFields} />}
        <FormField
          label="Date de prescription"
          type="date"
          value={form.values.prescriptionDate}
          onChange={(prescriptionDate) => form.set({ prescriptionDate })}
          error={form.errors.prescriptionDate}
          max={today}
          required
          className="max-w-xs"
        />
        {!manual && <Consents form={form} />}
      </form>
    </Dialog>
  )
}
