'use client'

import { useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from '@/components/ui/toast'
import { CauseField, FeedbackField } from '@/components/applies/fup-dialog-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { manualStatusAction } from '@/lib/prescriptions/actions'

type State = '' | 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE'

/** A manual prescription's answer, recorded by the referent: integrated (with dates) or refused (with a cause). */
export function ManualStatusButton({
  applyId,
  offerName,
  current,
  causes,
}: {
  applyId: string
  offerName: string
  causes: { code: string; label: string }[]
  current: { state: string; firstReceptionDate: string | null; assessmentDate: string | null; cause: string | null }
}) {
  const formId = useId()
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const initial = {
    state: (current.state === 'PRESCRIPTION_FILLED' ? '' : current.state) as State,
    firstReceptionDate: current.firstReceptionDate ?? '',
    assessmentDate: current.assessmentDate ?? '',
    cause: current.cause ?? '',
  }
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const payload =
      form.state === 'INTEGRATED_CANDIDATE'
        ? { state: form.state, firstReceptionDate: form.firstReceptionDate, assessmentDate: form.assessmentDate }
        : form.state === 'REFUSED_STRUCTURE'
          ? { state: form.state, cause: form.cause }
          : {}
    const result = await manualStatusAction(applyId, payload).catch(() => ({
      ok: false as const,
      error: 'Le statut n’a pas pu être enregistré. Réessayez dans un instant.',
      fieldErrors: undefined,
    }))
    setSending(false)
    if (result.ok) {
      toast.success('Statut de la prescription mis à jour.')
      setOpen(false)
      router.refresh()
      return
    }
    setErrors(result.fieldErrors ?? {})
    if (result.error) toast.error(result.error)
  }

  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        aria-label={`Mettre à jour le statut de la prescription à l’offre ${offerName}`}
        onClick={() => {
          setForm(initial)
          setErrors({})
          setOpen(true)
        }}
      >
        Mettre à jour le statut
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Mettre à jour le statut"
        description={`Prescription manuelle à l’offre « ${offerName} » : indiquez la réponse du partenaire.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" form={formId} disabled={sending}>
              {sending ? 'Enregistrement…' : 'Enregistrer'}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <fieldset aria-describedby={errors.state ? `${formId}-state-error` : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              Réponse du partenaire<span aria-hidden> *</span>
            </legend>
            <div className="flex gap-6">
              {(
                [
                  ['INTEGRATED_CANDIDATE', 'Intégré'],
                  ['REFUSED_STRUCTURE', 'Refusé'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${formId}-state`}
                    checked={form.state === value}
                    onChange={() => set({ state: value, firstReceptionDate: '', assessmentDate: '', cause: '' })}
                    className="h-4 w-4 accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            {errors.state && (
              <p id={`${formId}-state-error`} className="mt-1 text-sm text-red-700">
                {errors.state}
              </p>
            )}
          </fieldset>
          {form.state === 'INTEGRATED_CANDIDATE' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FeedbackField
                label="Date du 1er accueil"
                type="date"
                value={form.firstReceptionDate}
                onChange={(v) => set({ firstReceptionDate: v })}
                error={errors.firstReceptionDate}
                required
              />
              <FeedbackField
                label="Date du bilan prévu"
                type="date"
                value={form.assessmentDate}
                onChange={(v) => set({ assessmentDate: v })}
                error={errors.assessmentDate}
              />
            </div>
          )}
          {form.state === 'REFUSED_STRUCTURE' && (
            <CauseField value={form.cause} onChange={(v) => set({ cause: v })} error={errors.cause} causes={causes} />
          )}
        </form>
      </Dialog>
    </>
  )
}
