'use client'

import { useId, useState } from 'react'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FetchError } from '@/components/ui/fetch-error'
import { FETCH_MESSAGES, fetchResponse, type FetchFailure } from '@/components/ui/fetch-json'
import type { Option } from '@/components/ui/multi-select'
import { changeCandidatesStatusAction } from '@/lib/candidates/dashboard-actions'
import { formatCount } from '@/lib/numbers'
import { BulkSmsDialog, SmsBatchReportDialog } from '@/components/sms/bulk-sms-dialog'
import type { ComposerTemplate } from '@/components/sms/sms-composer'
import { RegisterSelectionDialog } from '@/components/workshops/register-selection-dialog'
import { InviteDialog } from '@/components/invitations/invite-dialog'

const candidatesLabel = (n: number) => formatCount(n, 'candidat')

/** The file name the server chose (Content-Disposition), else a default. */
function filenameOf(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'candidats.csv'
}

/**
 * The bar of bulk actions on the selected candidates: export (candidate.export), SMS (candidate.sms.send: `smsTemplates`
 * is null without it), registration and invitation to a workshop (workshops.modify) and change of status (candidate.modify).
 */
export function BulkBar({
  ids,
  statuses,
  canExport,
  canModify,
  canRegister,
  smsTemplates,
  onClear,
  onStatusChanged,
}: {
  ids: string[]
  statuses: Option[]
  canExport: boolean
  canModify: boolean
  canRegister: boolean
  smsTemplates: ComposerTemplate[] | null
  onClear: () => void
  onStatusChanged: () => void
}) {
  const [exporting, setExporting] = useState(false)
  const [failure, setFailure] = useState<Pick<FetchFailure, 'error' | 'retryable'> | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [smsOpen, setSmsOpen] = useState(false)
  const [registerOpen, setRegisterOpen] = useState(false)
  const [inviteOpen, setInviteOpen] = useState(false)
  // The report of the last bulk SMS, opened from its notification (the selection may be gone by then).
  const [smsReport, setSmsReport] = useState<string | null>(null)
  const report = smsReport && <SmsBatchReportDialog batchId={smsReport} onClose={() => setSmsReport(null)} />
  if (ids.length === 0) return report || null
  const count = ids.length

  async function exportSelection() {
    setExporting(true)
    setFailure(null)
    const answer = await fetchResponse('/api/candidates/export', {
      method: 'POST',
      json: { ids },
      failed: 'L’export a échoué. Réessayez dans un instant.',
    })
    const file = answer.ok ? await answer.response.blob().catch(() => null) : null
    setExporting(false)
    if (!answer.ok || !file) return setFailure(answer.ok ? { error: FETCH_MESSAGES.offline, retryable: true } : answer)
    const url = URL.createObjectURL(file)
    const link = document.createElement('a')
    link.href = url
    link.download = filenameOf(answer.response)
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    toast.success(`Export de ${candidatesLabel(count)} téléchargé.`)
  }

  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2">
      <p role="status" className="text-sm font-semibold text-slate-900">
        {candidatesLabel(count)} sélectionné{count > 1 ? 's' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {canExport && (
          <Button variant="secondary" onClick={exportSelection} disabled={exporting} aria-busy={exporting}>
            {exporting ? 'Export en cours…' : 'Exporter la sélection'}
          </Button>
        )}
        {smsTemplates && (
          <Button variant="secondary" onClick={() => setSmsOpen(true)}>
            Envoyer un SMS
          </Button>
        )}
        {canRegister && (
          <Button variant="secondary" onClick={() => setRegisterOpen(true)}>
            Inscrire à un atelier
          </Button>
        )}
        {canRegister && (
          <Button variant="secondary" onClick={() => setInviteOpen(true)}>
            Inviter à un atelier
          </Button>
        )}
        {canModify && (
          <Button variant="secondary" onClick={() => setDialogOpen(true)}>
            Changer le statut
          </Button>
        )}
        <Button variant="ghost" onClick={onClear}>
          Désélectionner
        </Button>
      </div>
      {failure && (
        <FetchError className="w-full" error={failure.error} onRetry={failure.retryable ? exportSelection : null} />
      )}
      {smsTemplates && smsOpen && (
        <BulkSmsDialog ids={ids} templates={smsTemplates} onClose={() => setSmsOpen(false)} onReport={setSmsReport} />
      )}
      {report}
      {canRegister && registerOpen && (
        <RegisterSelectionDialog
          ids={ids}
          onClose={() => setRegisterOpen(false)}
          onDone={() => {
            setRegisterOpen(false)
            onClear()
          }}
        />
      )}
      {canRegister && inviteOpen && (
        <InviteDialog
          candidateIds={ids}
          onClose={() => setInviteOpen(false)}
          onDone={() => {
            setInviteOpen(false)
            onClear()
          }}
        />
      )}
      {canModify && dialogOpen && (
        <StatusDialog
          ids={ids}
          statuses={statuses}
          onClose={() => setDialogOpen(false)}
          onDone={(updated) => {
            setDialogOpen(false)
            toast.success(`Statut mis à jour pour ${candidatesLabel(updated)}.`)
            onStatusChanged()
          }}
        />
      )}
    </div>
  )
}

function StatusDialog({
  ids,
  statuses,
  onClose,
  onDone,
}: {
  ids: string[]
  statuses: Option[]
  onClose: () => void
  onDone: (updated: number) => void
}) {
  const selectId = useId()
  const errorId = useId()
  const [statusId, setStatusId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!statusId) return setError('Choisissez le nouveau statut.')
    setPending(true)
    setError(null)
    try {
      const result = await changeCandidatesStatusAction({ ids, statusId })
      if (result.ok) onDone(result.updated)
      else setError(result.error)
    } catch {
      setError('Le statut n’a pas pu être modifié. Réessayez dans un instant.')
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Changer le statut"
      description={`Le nouveau statut s’appliquera à ${candidatesLabel(ids.length)}.`}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            Nouveau statut
          </label>
          <select
            id={selectId}
            value={statusId}
            onChange={(e) => setStatusId(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="">Choisir un statut</option>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Mise à jour…' : 'Appliquer'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
