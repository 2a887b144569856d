'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { CheckboxField, ChipChoices, FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { createWorkshopAction, updateWorkshopAction, workshopFormChoicesAction } from '@/lib/workshops/actions'

export type WorkshopValues = {
  title: string
  theme: string
  description: string
  startsAt: string
  endsAt: string
  addressFormatted: string
  videoUrl: string
  capacity: string
  facilitatorIds: string[]
  structureId: string
  fseFunded: boolean
}
export const EMPTY_WORKSHOP: WorkshopValues = {
  title: '',
  theme: '',
  description: '',
  startsAt: '',
  endsAt: '',
  addressFormatted: '',
  videoUrl: '',
  capacity: '12',
  facilitatorIds: [],
  structureId: '',
  fseFunded: false,
}
type Choice = { id: string; name: string }

/** /workshops/create and the workshop's "Modifier l’atelier". */
export function WorkshopForm({
  workshopId,
  initial,
  staff,
  structures,
  onDone,
}: {
  workshopId?: string
  initial: WorkshopValues
  staff: Choice[]
  structures: Choice[]
  onDone?: () => void
}) {
  const router = useRouter()
  const form = useActionForm({
    initial,
    action: (values) => (workshopId ? updateWorkshopAction(workshopId, values) : createWorkshopAction(values)),
    success: workshopId ? 'Atelier enregistré.' : 'Atelier créé.',
    onSuccess: (result) => {
      if ('id' in result) return router.push(`/workshops/${result.id}`)
      router.refresh()
      onDone?.()
    },
  })
  const { values, set, field } = form
  return (
    <form
      {...form.formProps}
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={workshopId ? 'Modifier l’atelier' : 'Nouvel atelier'}
    >
      <ErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <FormField label="Titre" {...field('title')} required />
        <FormField label="Thème" {...field('theme')} />
      </div>
      <FormField label="Description" as="textarea" rows={3} {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Début" type="datetime-local" {...field('startsAt')} required />
        <FormField label="Fin" type="datetime-local" {...field('endsAt')} required />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Adresse" {...field('addressFormatted')} />
        <FormField label="Ou lien de visioconférence" type="url" {...field('videoUrl')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nombre de places" type="number" min={1} max={200} {...field('capacity')} required />
        <FormField label="Structure partenaire co-organisatrice" as="select" {...field('structureId')}>
          <option value="">Aucune</option>
          {structures.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </FormField>
      </div>
      <ChipChoices
        legend="Animateurs"
        options={staff.map((u) => ({ value: u.id, label: u.name }))}
        chosen={values.facilitatorIds}
        onChange={(facilitatorIds) => set({ facilitatorIds })}
        error={form.errors.facilitatorIds}
      />
      <CheckboxField
        label="Atelier financé par le FSE+"
        checked={values.fseFunded}
        onChange={(fseFunded) => set({ fseFunded })}
      />
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        )}
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Enregistrement…' : workshopId ? 'Enregistrer l’atelier' : 'Créer l’atelier'}
        </Button>
      </div>
    </form>
  )
}

/** "Modifier l’atelier": the form's choices (facilitators, co-hosts) are read when it opens, not with the page. */
export function EditWorkshopButton({ workshopId, initial }: { workshopId: string; initial: WorkshopValues }) {
  const [open, setOpen] = useState(false)
  const [choices, setChoices] = useState<{ staff: Choice[]; structures: Choice[] } | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!open || choices) return
    workshopFormChoicesAction().then(
      (c) => (c ? setChoices(c) : setFailed(true)),
      () => setFailed(true),
    )
  }, [open, choices])
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Modifier l’atelier
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Modifier l’atelier" wide>
        {choices ? (
          <WorkshopForm
            workshopId={workshopId}
            initial={initial}
            staff={choices.staff}
            structures={choices.structures}
            onDone={() => setOpen(false)}
          />
        ) : (
          <p role="status" className="text-sm text-slate-700">
            {failed
              ? 'Le formulaire n’a pas pu être chargé. Fermez et réessayez dans un instant.'
              : 'Chargement du formulaire…'}
          </p>
        )}
      </Dialog>
    </>
  )
}
