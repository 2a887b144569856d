'use client'

import { useActionState, useId, useState } from 'react'
import { useSettingsToast } from '@/components/settings/use-settings-toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { formatDate } from '@/lib/dates'
import { saveWorkshopNoticeAction, type TemplateFormState } from '@/lib/sms/actions'
import { NOTICE_LABELS, noticeVariables, type NoticeKind } from '@/lib/workshops/notices'
import { SmsLength } from './sms-length'

export type ManagedNotice = { kind: NoticeKind; body: string; custom: boolean; updatedAt: string | null }

/**
 * /v2/settings/templates, "Messages des ateliers": the five SMS the workshops send by themselves. Administrators
 * rewrite them (the workshop's variables as well as the candidate's) or go back to Passerelle's text.
 */
export function WorkshopNoticesManager({ notices, canModify }: { notices: ManagedNotice[]; canModify: boolean }) {
  const [editing, setEditing] = useState<ManagedNotice | null>(null)
  const [pending, setPending] = useState(false)

  async function reset(notice: ManagedNotice) {
    setPending(true)
    try {
      const state = await saveWorkshopNoticeAction(notice.kind, true, {}, new FormData())
      if (state.ok) toast.success(state.message ?? 'Message enregistré.')
      else toast.error(state.error ?? 'Le message n’a pas pu être enregistré.')
    } catch {
      toast.error('Le message n’a pas pu être enregistré. Réessayez dans un instant.')
    } finally {
      setPending(false)
    }
  }

  return (
    <section aria-labelledby="workshop-notices-title" className="flex flex-col gap-2">
      <h2 id="workshop-notices-title" className="text-base font-semibold text-slate-900">
        Messages des ateliers
      </h2>
      <p className="text-sm text-slate-700">
        Passerelle les envoie d’elle-même aux candidats inscrits à un atelier, par la file d’envoi des SMS.
      </p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {notices.map((n) => {
          const label = NOTICE_LABELS[n.kind]
          return (
            <li key={n.kind} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{label.title}</h3>
                <p className="text-xs text-slate-600">
                  {n.custom && n.updatedAt ? `Modifié le ${formatDate(n.updatedAt)}` : 'Texte de Passerelle'}
                </p>
              </div>
              <p className="text-xs text-slate-600">{label.when}</p>
              <p className="text-sm whitespace-pre-wrap text-slate-800">{n.body}</p>
              {canModify && (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setEditing(n)}>
                    Modifier<span className="sr-only"> le message {label.title}</span>
                  </Button>
                  {n.custom && (
                    <Button variant="ghost" onClick={() => reset(n)} disabled={pending}>
                      Rétablir le texte de Passerelle<span className="sr-only"> pour le message {label.title}</span>
                    </Button>
                  )}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {editing && <NoticeDialog notice={editing} onClose={() => setEditing(null)} />}
    </section>
  )
}

function NoticeDialog({ notice, onClose }: { notice: ManagedNotice; onClose: () => void }) {
  const [state, formAction, pending] = useActionState<TemplateFormState, FormData>(
    saveWorkshopNoticeAction.bind(null, notice.kind, false),
    {},
  )
  useSettingsToast(state, onClose)
  const [body, setBody] = useState(state.values?.body ?? notice.body)
  const bodyId = useId()
  const counterId = useId()
  const errorId = useId()
  const error = state.fieldErrors?.body

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Message des ateliers\u00a0: ${NOTICE_LABELS[notice.kind].title.toLowerCase()}`}
      wide
    >
      <form action={formAction} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{NOTICE_LABELS[notice.kind].when}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={bodyId} className="text-sm font-medium text-slate-800">
            Texte
          </label>
          <textarea
            id={bodyId}
            name="body"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={5}
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby={[counterId, error ? errorId : ''].filter(Boolean).join(' ')}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <SmsLength id={counterId} text={body.trim()} />
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Insérer une variable</legend>
          <div className="flex flex-wrap gap-2">
            {Object.entries(noticeVariables(notice.kind)).map(([name, label]) => (
              <button
                key={name}
                type="button"
                onClick={() => setBody((b) => `${b}${b && !b.endsWith(' ') ? ' ' : ''}{${name}}`)}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800 hover:bg-slate-100"
              >
                <span className="font-mono">{`{${name}}`}</span> <span className="text-slate-600">{label}</span>
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
