'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, TextAreaField, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import Link from '@/components/ui/link'
import { toast } from '@/components/ui/toast'
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

/** /partners/structure/create, and the sheet's "Modifier la structure": one SIRET is one structure (issue 12 §1). */
export function StructureForm({
  structureId,
  initial,
  onDone,
}: {
  structureId?: string
  initial?: StructureValues
  onDone?: () => void
}) {
  const router = useRouter()
  const [form, setForm] = useState<StructureValues>(initial ?? EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [existingId, setExistingId] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<StructureValues>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await (
      structureId ? updatePartnerStructureAction(structureId, form) : createPartnerStructureAction(form)
    ).catch(() => ({ ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }))
    setSending(false)
    if (result.ok) {
      if (structureId) {
        toast.success('Structure enregistrée.')
        router.refresh()
        onDone?.()
      } else {
        const created = result as unknown as { id: string; linked: boolean }
        toast.success(
          created.linked
            ? 'Cette structure existait déjà dans Passerelle\u00a0: vous travaillez maintenant avec elle et pouvez prescrire à ses offres.'
            : 'Structure partenaire créée.',
        )
        router.push(`/partners/structure/${created.id}`)
      }
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setExistingId('existingId' in result ? (result.existingId ?? null) : null)
    setError(result.error)
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={structureId ? 'Modifier la structure' : 'Nouvelle structure partenaire'}
    >
      <FormError error={error}>
        {existingId && (
          <>
            {' '}
            <Link href={`/partners/structure/${existingId}`} className="font-medium underline">
              Ouvrir sa fiche
            </Link>
          </>
        )}
      </FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField
          label="Nom de la structure"
          value={form.name}
          onChange={(name) => set({ name })}
          error={errors.name}
          required
        />
        <FeedbackField
          label="SIRET"
          value={form.siret}
          onChange={(siret) => set({ siret })}
          error={errors.siret}
          required
        />
      </div>
      <p className="-mt-2 text-xs text-slate-600">
        Si ce SIRET est déjà connu de Passerelle, la structure existante est rattachée à votre organisation, sans
        doublon.
      </p>
      <FeedbackField
        label="Adresse"
        value={form.addressFormatted}
        onChange={(addressFormatted) => set({ addressFormatted })}
        error={errors.addressFormatted}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FeedbackField
          label="Téléphone"
          type="tel"
          value={form.phone}
          onChange={(phone) => set({ phone })}
          error={errors.phone}
        />
        <FeedbackField
          label="Email"
          type="email"
          value={form.email}
          onChange={(email) => set({ email })}
          error={errors.email}
        />
        <FeedbackField
          label="Site internet"
          type="url"
          value={form.website}
          onChange={(website) => set({ website })}
          error={errors.website}
        />
      </div>
      <TextAreaField
        label="Présentation"
        value={form.presentation}
        onChange={(presentation) => set({ presentation })}
        error={errors.presentation}
        rows={5}
      />
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : structureId ? 'Enregistrer' : 'Créer la structure'}
        </Button>
      </div>
    </form>
  )
}
