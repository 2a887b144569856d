'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { createFupModelAction, modelTargetsAction } from '@/lib/fup-models/actions'

type Structure = { id: string; name: string; offers: { id: string; name: string }[] }

/**
 * "Créer un modèle": its name, the partner structure, and optionally one of its offers; then the editor opens. The
 * structures and their offers are read when the dialog first opens.
 */
export function CreateModelDialog() {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const targets = useModelTargets(open)
  const form = useActionForm({
    initial: { name: '', structureId: '', offerId: '' },
    action: (values) => createFupModelAction(values),
    success: 'Modèle créé\u00a0: ajoutez ses champs et ses logos.',
    onSuccess: (result) => router.push(`/v2/settings/modeles/${result.id}`),
  })
  const { field, set, values } = form
  const offers = targets.structures?.find((s) => s.id === values.structureId)?.offers ?? []
  return (
    <>
      <Button onClick={() => setOpen(true)}>Créer un modèle</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Créer un modèle"
        description="Un modèle complète les fiches de prescription d’une structure partenaire, ou d’une seule de ses offres."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" form={form.formProps.id} disabled={form.pending}>
              {form.pending ? 'Création…' : 'Créer le modèle'}
            </Button>
          </>
        }
      >
        <form {...form.formProps} className="flex flex-col gap-4">
          <ErrorSummary form={{ errors: form.errors, error: form.error ?? targets.error }} />
          <FormField label="Nom du modèle" {...field('name')} required />
          <FormField
            label="Structure partenaire"
            as="select"
            {...field('structureId')}
            // Another structure's offer cannot stay chosen.
            onChange={(structureId) => set({ structureId, offerId: '' })}
            required
            disabled={!targets.structures}
          >
            <option value="">{targets.structures ? 'Choisir une structure' : 'Chargement des structures…'}</option>
            {(targets.structures ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </FormField>
          <FormField label="Offre" as="select" {...field('offerId')}>
            <option value="">Toutes les offres de la structure</option>
            {offers.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </FormField>
        </form>
      </Dialog>
    </>
  )
}

const TARGETS_FAILED = 'Les structures n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.'

/** The partner structures and their offers a model can be for, read once the dialog first opens. */
function useModelTargets(open: boolean) {
  const [structures, setStructures] = useState<Structure[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!open || structures) return
    let current = true
    modelTargetsAction()
      .then((result) => {
        if (!current) return
        if (result.ok) setStructures(result.structures)
        else setError(result.error)
      })
      .catch(() => current && setError(TARGETS_FAILED))
    return () => {
      current = false
    }
  }, [open, structures])
  return { structures, error }
}
