'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { createFupModelAction, modelTargetsAction } from '@/lib/fup-models/actions'

type Structure = { id: string; name: string; offers: { id: string; name: string }[] }

/**
 * "Créer un modèle": its name, the partner structure, and optionally one of its offers; then the editor opens. The
 * structures and their offers are read when the dialog first opens.
 */
export function CreateModelDialog() {
  const router = useRouter()
  const [open, setOpen] = useState(false)
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
      .catch(
        () =>
          current &&
          setError('Les structures n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.'),
      )
    return () => {
      current = false
    }
  }, [open, structures])
  const [form, setForm] = useState({ name: '', structureId: '', offerId: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  const offers = structures?.find((s) => s.id === form.structureId)?.offers ?? []
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await createFupModelAction(form).catch(() => ({
      ok: false as const,
      error: 'L’enregistrement a échoué. Réessayez dans un instant.',
      fieldErrors: undefined,
    }))
    setSending(false)
    if (result.ok) {
      toast.success('Modèle créé : ajoutez ses champs et ses logos.'.replace(' :', '\u00a0:'))
      router.push(`/v2/settings/modeles/${result.id}`)
      return
    }
    setErrors(result.fieldErrors ?? {})
    setError(result.error)
  }
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
            <Button type="submit" form="create-fup-model" disabled={sending}>
              {sending ? 'Création…' : 'Créer le modèle'}
            </Button>
          </>
        }
      >
        <form id="create-fup-model" onSubmit={submit} noValidate className="flex flex-col gap-4">
          {error && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <FeedbackField
            label="Nom du modèle"
            value={form.name}
            onChange={(name) => set({ name })}
            error={errors.name}
            required
          />
          <FeedbackField
            label="Structure partenaire"
            as="select"
            value={form.structureId}
            onChange={(structureId) => set({ structureId, offerId: '' })}
            error={errors.structureId}
            required
            disabled={!structures}
          >
            <option value="">{structures ? 'Choisir une structure' : 'Chargement des structures…'}</option>
            {(structures ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </FeedbackField>
          <FeedbackField
            label="Offre"
            as="select"
            value={form.offerId}
            onChange={(offerId) => set({ offerId })}
            error={errors.offerId}
          >
            <option value="">Toutes les offres de la structure</option>
            {offers.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </FeedbackField>
        </form>
      </Dialog>
    </>
  )
}
