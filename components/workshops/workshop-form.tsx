'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, TextAreaField, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
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

/** /workshops/create and the workshop's "Modifier l’atelier" (issue 13 §1). */
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
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<WorkshopValues>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await (workshopId ? updateWorkshopAction(workshopId, form) : createWorkshopAction(form)).catch(
      () => ({ ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }),
    )
    setSending(false)
    if (result.ok) {
      toast.success(workshopId ? 'Atelier enregistré.' : 'Atelier créé.')
      if (workshopId) {
        router.refresh()
        onDone?.()
      } else router.push(`/workshops/${(result as unknown as { id: string }).id}`)
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setError(result.error)
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={workshopId ? 'Modifier l’atelier' : 'Nouvel atelier'}
    >
      <FormError error={error} />
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <FeedbackField
          label="Titre"
          value={form.title}
          onChange={(title) => set({ title })}
          error={errors.title}
          required
        />
        <FeedbackField label="Thème" value={form.theme} onChange={(theme) => set({ theme })} error={errors.theme} />
      </div>
      <TextAreaField
        label="Description"
        value={form.description}
        onChange={(description) => set({ description })}
        error={errors.description}
        rows={3}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField
          label="Début"
          type="datetime-local"
          value={form.startsAt}
          onChange={(startsAt) => set({ startsAt })}
          error={errors.startsAt}
          required
        />
        <FeedbackField
          label="Fin"
          type="datetime-local"
          value={form.endsAt}
          onChange={(endsAt) => set({ endsAt })}
          error={errors.endsAt}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField
          label="Adresse"
          value={form.addressFormatted}
          onChange={(addressFormatted) => set({ addressFormatted })}
          error={errors.addressFormatted}
        />
        <FeedbackField
          label="Ou lien de visioconférence"
          type="url"
          value={form.videoUrl}
          onChange={(videoUrl) => set({ videoUrl })}
          error={errors.videoUrl}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField
          label="Nombre de places"
          type="number"
          value={form.capacity}
          onChange={(capacity) => set({ capacity })}
          error={errors.capacity}
          required
        />
        <FeedbackField
          label="Structure partenaire co-organisatrice"
          as="select"
          value={form.structureId}
          onChange={(structureId) => set({ structureId })}
          error={errors.structureId}
        >
          <option value="">Aucune</option>
          {structures.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </FeedbackField>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Animateurs</legend>
        <div className="flex flex-wrap gap-2">
          {staff.map((u) => (
            <label
              key={u.id}
              className="flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                checked={form.facilitatorIds.includes(u.id)}
                onChange={() =>
                  set({
                    facilitatorIds: form.facilitatorIds.includes(u.id)
                      ? form.facilitatorIds.filter((x) => x !== u.id)
                      : [...form.facilitatorIds, u.id],
                  })
                }
              />
              {u.name}
            </label>
          ))}
        </div>
        {errors.facilitatorIds && <p className="mt-1 text-sm text-red-700">{errors.facilitatorIds}</p>}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.fseFunded} onChange={(e) => set({ fseFunded: e.target.checked })} />
        Atelier financé par le FSE+
      </label>
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : workshopId ? 'Enregistrer l’atelier' : 'Créer l’atelier'}
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
