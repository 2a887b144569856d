'use client'

import { useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { formatDateTime, parisInstant } from '@/lib/dates'
import { sendSmsAction } from '@/lib/sms/actions'
import { MAX_SEGMENTS, smsLength } from '@/lib/sms/segments'
import { describeSendingHours, nextSendingTime, type SendingHours } from '@/lib/sms/sending-hours'
import { smsEncoded } from '@/lib/sms/smart-encoding'
import { fillTemplate, TEMPLATE_VARIABLES, unknownVariables, type TemplateValues } from '@/lib/sms/template-variables'
import { SmsTextFields } from './sms-text-fields'

export type ComposerTemplate = { id: string; name: string; body: string }

/** '2026-11-25T09:30' (a datetime-local field, Paris time) → its instant, or null. */
function localToInstant(value: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value)
  return m ? parisInstant(m[1]!, Number(m[2]) * 60 + Number(m[3])) : null
}

/**
 * The sheet's SMS composer: a template (optional) or free text, the live counter and the preview with this
 * candidate's values, the sending hours' notice, and an optional chosen time. The server checks everything again.
 * In a dialog (`onSent`), a send closes it like every other dialog, its toast leading to the conversation.
 */
export function SmsComposer({
  candidateId,
  templates,
  values,
  hours,
  onSent,
}: {
  candidateId: string
  templates: ComposerTemplate[]
  values: TemplateValues
  hours: SendingHours
  /** The dialog holding the composer closes. */
  onSent?: () => void
}) {
  const router = useRouter()
  const ids = { schedule: useId(), at: useId(), atError: useId(), notice: useId() }
  const [templateId, setTemplateId] = useState('')
  const [text, setText] = useState('')
  const [schedule, setSchedule] = useState(false)
  const [at, setAt] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)

  const filled = fillTemplate(text, values).trim()
  const unknown = unknownVariables(text)
  const length = smsLength(filled)
  const chosen = schedule ? localToInstant(at) : null
  const requested = chosen ?? new Date()
  const leaves = nextSendingTime(requested, hours)
  const moved = leaves.getTime() !== requested.getTime()

  function pickTemplate(id: string) {
    setTemplateId(id)
    const template = templates.find((t) => t.id === id)
    if (template) setText(template.body)
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const local: Record<string, string> = {}
    if (!filled) local.text = 'Écrivez le message avant de l’envoyer.'
    else if (length.segments > MAX_SEGMENTS)
      local.text = `Le message compte ${length.segments} SMS\u00a0: ${MAX_SEGMENTS} au plus. Raccourcissez-le.`
    if (schedule && !chosen) local.scheduledFor = 'Choisissez la date et l’heure d’envoi.'
    if (Object.keys(local).length) return setErrors(local)
    setPending(true)
    setErrors({})
    try {
      const result = await sendSmsAction({
        candidateId,
        text,
        templateId: templateId || null,
        scheduledFor: schedule ? at : null,
      })
      if (!result.ok) {
        setErrors(result.fieldErrors ?? { text: result.error ?? 'Le SMS n’a pas pu être enregistré.' })
        return
      }
      const when = new Date(result.scheduledFor)
      const conversation = `/v2/candidate/${candidateId}/sms`
      toast.success(
        result.moved || schedule ? `SMS programmé pour le ${formatDateTime(when)}.` : 'SMS en cours d’envoi.',
        onSent ? { action: { label: 'Voir la conversation', onClick: () => router.push(conversation) } } : undefined,
      )
      setText('')
      setTemplateId('')
      setSchedule(false)
      setAt('')
      router.refresh()
      onSent?.()
    } catch {
      setErrors({ text: 'Le SMS n’a pas pu être enregistré. Vérifiez votre connexion et réessayez.' })
    } finally {
      setPending(false)
    }
  }

  const textError =
    errors.text ??
    errors.candidateId ??
    errors.templateId ??
    (unknown.length ? `Variable inconnue : ${unknown.join(', ')}.` : undefined)

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Écrire un SMS"
    >
      <h3 className="text-base font-semibold text-slate-900">Écrire un SMS</h3>
      <SmsTextFields
        templates={templates}
        templateId={templateId}
        onTemplate={pickTemplate}
        text={text}
        onText={setText}
        counted={filled}
        rows={4}
        error={textError}
        help={
          <details className="text-xs text-slate-600">
            <summary className="cursor-pointer">Variables et leur valeur pour ce candidat</summary>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {(Object.keys(TEMPLATE_VARIABLES) as (keyof typeof TEMPLATE_VARIABLES)[]).map((v) => (
                <div key={v} className="contents">
                  <dt>
                    <code>{`{${v}}`}</code>{' '}
                    <span className="text-slate-500">({TEMPLATE_VARIABLES[v].toLowerCase()})</span>
                  </dt>
                  <dd className="text-slate-800">{values[v] || <em>vide</em>}</dd>
                </div>
              ))}
            </dl>
          </details>
        }
      />
      {filled && (
        <div>
          <p className="text-sm font-medium text-slate-800">Aperçu</p>
          <p
            data-testid="sms-preview"
            className="mt-1 max-w-prose rounded-lg bg-brand-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-900"
          >
            {smsEncoded(filled)}
          </p>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-2">
          <input
            id={ids.schedule}
            type="checkbox"
            checked={schedule}
            onChange={(e) => setSchedule(e.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          <label htmlFor={ids.schedule} className="text-sm text-slate-800">
            Programmer l’envoi
          </label>
        </div>
        {schedule && (
          <div className="flex flex-col gap-1 sm:max-w-xs">
            <label htmlFor={ids.at} className="text-sm font-medium text-slate-800">
              Date et heure d’envoi
            </label>
            <input
              id={ids.at}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              aria-invalid={errors.scheduledFor ? true : undefined}
              aria-describedby={errors.scheduledFor ? ids.atError : undefined}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            />
            {errors.scheduledFor && (
              <p id={ids.atError} role="alert" className="text-sm text-red-700">
                {errors.scheduledFor}
              </p>
            )}
          </div>
        )}
        <p id={ids.notice} className="text-xs text-slate-600">
          {moved
            ? `Hors des horaires d’envoi de votre organisation (${describeSendingHours(hours)})\u00a0: le SMS partira le ${formatDateTime(leaves)}.`
            : `Horaires d’envoi de votre organisation\u00a0: ${describeSendingHours(hours)}.`}
        </p>
      </div>
      <div>
        <Button type="submit" disabled={pending} aria-busy={pending} aria-describedby={ids.notice}>
          {pending ? 'Envoi…' : schedule || moved ? 'Programmer le SMS' : 'Envoyer le SMS'}
        </Button>
      </div>
    </form>
  )
}
