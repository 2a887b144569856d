'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import Link from '@/components/ui/link'
import { useActionForm } from '@/components/ui/use-action-form'
import { createPartnerStructureAction, updatePartnerStructureAction } from '@/lib/partners/actions'

export type StructureValues = {
  name: string
  siret: string
  addressFormatted: string
  phone: string
  email: string
  website: string
  presentation: string
}
const EMPTY: StructureValues = {
  name: '',
  siret: '',
  addressFormatted: '',
  phone: '',
  email: '',
  website: '',
  presentation: '',
}

/** /partners/structure/create, and the sheet's "Modifier la structure": one SIRET is one structure. */
export function StructureForm({
  structureId,
  initial = EMPTY,
  onDone,
}: {
  structureId?: string
  initial?: StructureValues
  onDone?: () => void
}) {
  const router = useRouter()
  const [existingId, setExistingId] = useState<string | null>(null)
  const form = useActionForm({
    initial,
    action: async (values) => {
      const result = await (structureId
        ? updatePartnerStructureAction(structureId, values)
        : createPartnerStructureAction(values))
      setExistingId(!result.ok && 'existingId' in result ? (result.existingId ?? null) : null)
      return result
    },
    success: (result) =>
      'linked' in result && result.linked
        ? 'Cette structure existait déjà dans Passerelle\u00a0: vous travaillez maintenant avec elle et pouvez prescrire à ses offres.'
        : structureId
          ? 'Structure enregistrée.'
          : 'Structure partenaire créée.',
    onSuccess: (result) => {
      if ('id' in result) return router.push(`/partners/structure/${result.id}`)
      router.refresh()
      onDone?.()
    },
  })
  const { field } = form
  return (
    <form
      {...form.formProps}
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={structureId ? 'Modifier la structure' : 'Nouvelle structure partenaire'}
    >
      <ErrorSummary form={form}>
        {existingId && (
          <>
            {' '}
            <Link href={`/partners/structure/${existingId}`} className="font-medium underline">
              Ouvrir sa fiche
            </Link>
          </>
        )}
      </ErrorSummary>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nom de la structure" {...field('name')} required />
        <FormField
          label="SIRET"
          inputMode="numeric"
          hint="Si ce SIRET est déjà connu de Passerelle, la structure existante est rattachée à votre organisation, sans doublon."
          {...field('siret')}
          required
        />
      </div>
      <FormField label="Adresse" {...field('addressFormatted')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Téléphone" type="tel" {...field('phone')} />
        <FormField label="Email" type="email" {...field('email')} />
        <FormField label="Site internet" type="url" {...field('website')} />
      </div>
      <FormField label="Présentation" as="textarea" rows={5} {...field('presentation')} />
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        )}
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Enregistrement…' : structureId ? 'Enregistrer' : 'Créer la structure'}
        </Button>
      </div>
    </form>
  )
}
