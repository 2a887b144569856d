'use client'

import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/dates'
import { formatCount, formatNumber } from '@/lib/numbers'
import { batchProgressAction, bulkSmsAction, type BatchProgress } from '@/lib/sms/actions'
import { smsErrorLabel } from '@/lib/sms/status'
import { TEMPLATE_VARIABLES, unknownVariables } from '@/lib/sms/template-variables'
import type { ComposerTemplate } from './sms-composer'
import { SmsTextFields } from './sms-text-fields'

const candidatesLabel = (n: number) => formatCount(n, 'candidat')

const SKIP_REASONS: Record<string, string> = {
  noMobile: 'pas de numéro de mobile',
  optedOut: 'désinscrit des SMS (STOP)',
  tooLong: 'message trop long une fois complété',
  empty: 'message vide une fois complété',
  notFound: 'candidat introuvable',
}

/**
 * "Envoyer un SMS" on the dashboard's selection: a template or a text (its variables filled per candidate). Once the
 * send is queued the dialog closes, like every other, with a notification whose "Voir le compte rendu" opens the
 * report (`onReport`, SmsBatchReportDialog) while the send runs in the background.
 */
export function BulkSmsDialog({
  ids,
  templates,
  onClose,
  onReport,
}: {
  ids: string[]
  templates: ComposerTemplate[]
  onClose: () => void
  /** Opens the report of the send queued. */
  onReport: (batchId: string) => void
}) {
  const [templateId, setTemplateId] = useState('')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!text.trim()) return setError('Écrivez le message avant de l’envoyer.')
    const unknown = unknownVariables(text)
    if (unknown.length) return setError(`Variable inconnue\u00a0: ${unknown.join(', ')}.`)
    setPending(true)
    setError(null)
    try {
      const result = await bulkSmsAction({ candidateIds: ids, text, templateId: templateId || null })
      if (!result.ok)
        return setError(
          Object.values(result.fieldErrors ?? {})[0] ?? result.error ?? 'Les SMS n’ont pas pu être envoyés.',
        )
      const { batchId } = result
      toast.success(`${candidatesLabel(result.queued)}\u00a0: SMS en cours d’envoi.`, {
        description: result.skipped
          ? `${candidatesLabel(result.skipped)} ignoré${result.skipped > 1 ? 's' : ''}.`
          : undefined,
        action: { label: 'Voir le compte rendu', onClick: () => onReport(batchId) },
      })
      onClose()
    } catch {
      setError('Les SMS n’ont pas pu être envoyés. Vérifiez votre connexion et réessayez.')
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Envoyer un SMS"
      description={`À ${candidatesLabel(ids.length)} sélectionné${ids.length > 1 ? 's' : ''}.`}
      wide
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <SmsTextFields
          templates={templates}
          templateId={templateId}
          onTemplate={(id) => {
            setTemplateId(id)
            const template = templates.find((t) => t.id === id)
            if (template) setText(template.body)
          }}
          text={text}
          onText={setText}
          counted={text.trim()}
          rows={5}
          error={error}
          help={
            <p className="text-xs text-slate-600">
              Variables, complétées pour chaque candidat&nbsp;:{' '}
              {Object.keys(TEMPLATE_VARIABLES)
                .map((v) => `{${v}}`)
                .join(', ')}
            </p>
          }
        />
        <p className="text-xs text-slate-600">
          Les candidats sans mobile ou désinscrits (STOP) sont ignorés et nommés dans le compte rendu. Hors des horaires
          d’envoi de votre organisation, les SMS partent au début de la plage suivante.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Envoi…' : `Envoyer à ${candidatesLabel(ids.length)}`}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** The report of a bulk send, followed while it runs: sent, skipped (no mobile, opted out) and failed, each named. */
export function SmsBatchReportDialog({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const [progress, setProgress] = useState<BatchProgress | null>(null)

  useEffect(() => {
    if (!batchId) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const result = await batchProgressAction(batchId)
        if (stopped) return
        if (result.ok) {
          setProgress(result)
          if (result.done) return
        }
      } catch {
        // A lost poll: the next one reads again.
      }
      if (!stopped) timer = setTimeout(poll, 1500)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [batchId])

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Compte rendu de l’envoi des SMS" wide>
      <BatchReport progress={progress} onClose={onClose} />
    </Dialog>
  )
}

function BatchReport({ progress, onClose }: { progress: BatchProgress | null; onClose: () => void }) {
  if (!progress) return <p role="status">Préparation de l’envoi…</p>
  const { counts, requested } = progress
  const handled = counts.sent + counts.failed + counts.skipped + counts.scheduled
  const groups = [
    { key: 'sent', title: `Envoyés (${counts.sent})`, rows: progress.rows.filter((r) => r.outcome === 'sent') },
    {
      key: 'skipped',
      title: `Ignorés (${counts.skipped})`,
      rows: progress.rows.filter((r) => r.outcome === 'skipped'),
    },
    { key: 'failed', title: `En échec (${counts.failed})`, rows: progress.rows.filter((r) => r.outcome === 'failed') },
    {
      key: 'pending',
      title: `Programmés ou en cours (${counts.pending + counts.scheduled})`,
      rows: progress.rows.filter((r) => r.outcome === 'pending'),
    },
  ].filter((g) => g.rows.length > 0)
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p role="status" className="text-sm font-medium text-slate-900">
          {progress.done ? 'Envoi terminé.' : 'Envoi en cours…'} {formatNumber(handled)} sur {formatNumber(requested)}{' '}
          traités.
        </p>
        <progress
          className="mt-2 h-2 w-full accent-brand-700"
          max={requested}
          value={handled}
          aria-label="Progression de l’envoi"
        />
      </div>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`batch-${g.key}`}>
          <h3 id={`batch-${g.key}`} className="text-sm font-semibold text-slate-900">
            {g.title}
          </h3>
          <ul className="mt-1 max-h-48 overflow-y-auto text-sm text-slate-800">
            {g.rows.map((r) => (
              <li key={r.candidateId}>
                {r.name}
                {r.outcome === 'skipped' && r.reason && ` : ${SKIP_REASONS[r.reason] ?? r.reason}`}
                {r.outcome === 'failed' && smsErrorLabel(r.reason) && ` : ${smsErrorLabel(r.reason)}`}
                {r.outcome === 'pending' && r.scheduledFor && `\u00a0: départ le ${formatDateTime(r.scheduledFor)}`}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="flex justify-end">
        <Button variant={progress.done ? 'primary' : 'secondary'} onClick={onClose}>
          Fermer
        </Button>
      </div>
    </div>
  )
}
