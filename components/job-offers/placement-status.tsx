'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { setPlacementStatusAction } from '@/lib/job-offers/actions'
import { JOB_OFFER_STATUSES, PLACEMENT_STATUSES, type PlacementStatus } from '@/lib/job-offers/labels'
import { ofName } from '@/lib/text/french'

const FAILED = { ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

/** A placement's "Changer le statut": proposé, entretien prévu (date), embauché, refusé (motif), abandonné. */
export function PlacementStatusButton({
  placementId,
  candidateName,
  status,
  interviewAt,
  reason,
}: {
  placementId: string
  candidateName: string
  status: PlacementStatus
  interviewAt: string
  reason: string
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState({ status: status as string, interviewAt, reason })
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await setPlacementStatusAction(placementId, form).catch(() => FAILED)
    setSending(false)
    if (result.ok) {
      const offerStatus = (result as unknown as { offerStatus: keyof typeof JOB_OFFER_STATUSES }).offerStatus
      toast.success(
        offerStatus === 'filled' && form.status === 'hired'
          ? 'Embauche enregistrée\u00a0: tous les postes de l’offre sont pourvus.'
          : 'Statut enregistré.',
      )
      setOpen(false)
      router.refresh()
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setError(result.error)
  }
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1"
        onClick={() => setOpen(true)}
        aria-label={`Changer le statut ${ofName(candidateName)}`}
      >
        Changer le statut
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Statut ${ofName(candidateName)}`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" form={`placement-${placementId}`} disabled={sending}>
              {sending ? 'Enregistrement…' : 'Enregistrer'}
            </Button>
          </>
        }
      >
        <form id={`placement-${placementId}`} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError error={error} />
          <FeedbackField
            label="Statut"
            as="select"
            value={form.status}
            onChange={(s) => set({ status: s })}
            error={errors.status}
          >
            {Object.entries(PLACEMENT_STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </FeedbackField>
          {form.status === 'interview' && (
            <FeedbackField
              label="Date et heure de l’entretien"
              type="datetime-local"
              value={form.interviewAt}
              onChange={(v) => set({ interviewAt: v })}
              error={errors.interviewAt}
              required
            />
          )}
          {(form.status === 'refused' || form.status === 'abandoned') && (
            <FeedbackField
              label="Motif"
              value={form.reason}
              onChange={(v) => set({ reason: v })}
              error={errors.reason}
              required={form.status === 'refused'}
            />
          )}
        </form>
      </Dialog>
    </>
  )
}
