'use client'

import { useId, type ReactNode } from 'react'
import { SmsLength } from './sms-length'

/**
 * The template picker and the message of an SMS, with its length and its error: one for the candidate's composer and
 * the bulk send. `help` sits between the message and its length (the variables, and their values when known).
 */
export function SmsTextFields(props: {
  templates: { id: string; name: string }[]
  templateId: string
  onTemplate: (id: string) => void
  text: string
  onText: (text: string) => void
  /** What the length counts: the message as it will leave. */
  counted: string
  rows: number
  error?: string | null
  help: ReactNode
}) {
  const ids = { template: useId(), text: useId(), counter: useId(), error: useId() }
  return (
    <>
      {props.templates.length > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.template} className="text-sm font-medium text-slate-800">
            Modèle
          </label>
          <select
            id={ids.template}
            value={props.templateId}
            onChange={(e) => props.onTemplate(e.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm sm:max-w-sm"
          >
            <option value="">Sans modèle</option>
            {props.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.text} className="text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id={ids.text}
          value={props.text}
          onChange={(e) => props.onText(e.target.value)}
          rows={props.rows}
          maxLength={2000}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={[ids.counter, props.error ? ids.error : ''].filter(Boolean).join(' ')}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        {props.help}
        <SmsLength id={ids.counter} text={props.counted} />
        {props.error && (
          <p id={ids.error} role="alert" className="text-sm text-red-700">
            {props.error}
          </p>
        )}
      </div>
    </>
  )
}
