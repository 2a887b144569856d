'use client'

import { useId, useRef, useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { clsx } from 'clsx'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { useActionForm } from '@/components/ui/use-action-form'
import { INVITATION_MESSAGES } from '@/lib/invitations/messages'
import { bookSessionAction } from '@/lib/invitations/public-actions'
import { byDay, type SessionView } from '@/lib/invitations/public-view'
import { useFocusAfterCheck } from './focus-after-check'
import { SessionDetails } from './session-details'

const WORDS = {
  book: {
    legend: 'Choisissez une séance',
    confirm: 'Confirmer ma réservation',
    done: 'Votre place est réservée.',
  },
  move: {
    legend: 'Choisissez votre nouvelle séance',
    confirm: 'Confirmer le changement',
    done: 'Votre séance est changée.',
  },
}

/**
 * Two steps: a session picked among those with a free seat (by day, one radio each), then a summary to confirm. When
 * the seat went meanwhile, the server says so and gives the sessions left: back to the first step with them.
 */
export function SessionChooser({
  code,
  sessions: initial,
  mode,
  onClose,
}: {
  code: string
  sessions: SessionView[]
  mode: 'book' | 'move'
  /** Moving: back to the booking as it is. */
  onClose?: () => void
}) {
  const router = useRouter()
  const words = WORDS[mode]
  const [sessions, setSessions] = useState(initial)
  const [step, setStep] = useState<'choose' | 'confirm'>('choose')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const confirmRef = useRef<HTMLHeadingElement>(null)
  const id = useId()
  const errorId = `${id}-error`
  useFocusAfterCheck(headingRef)
  const form = useActionForm({
    initial: { workshopId: '' },
    check: (v): Record<string, string> =>
      sessions.some((s) => s.id === v.workshopId) ? {} : { workshopId: INVITATION_MESSAGES.sessionUnknown },
    action: async (values) => {
      const answer = await bookSessionAction(code, values)
      if (!answer.ok && 'sessions' in answer && answer.sessions) {
        setSessions(answer.sessions)
        setStep('choose')
        form.set({ workshopId: '' })
      }
      if (!answer.ok && 'recheck' in answer && answer.recheck) router.refresh()
      return answer
    },
    success: words.done,
    onSuccess: () => {
      onClose?.()
      router.refresh()
    },
  })
  const chosen = sessions.find((s) => s.id === form.values.workshopId)
  const error = form.errors.workshopId

  function onSubmit(event: FormEvent) {
    if (step === 'confirm') return form.submit(event)
    event.preventDefault()
    if (!chosen) return form.refuse({ fieldErrors: { workshopId: INVITATION_MESSAGES.sessionUnknown }, error: null })
    form.clear('workshopId')
    setStep('confirm')
    requestAnimationFrame(() => confirmRef.current?.focus())
  }

  return (
    <form {...form.formProps} onSubmit={onSubmit} className="flex flex-col gap-4">
      <ErrorSummary form={form} />
      {step === 'choose' || !chosen ? (
        <>
          <fieldset
            className="flex flex-col gap-4"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <legend className="mb-2 w-full">
              <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
                {words.legend}
              </h2>
            </legend>
            {error && (
              <p id={errorId} className="text-sm text-red-700">
                {error}
              </p>
            )}
            {sessions.length === 0 && (
              <p className="text-sm text-slate-700">Aucune séance n’a de place libre pour le moment.</p>
            )}
            {byDay(sessions).map((day) => (
              // Each day a group named by its day: a screen reader says the day with each session's radio.
              <div key={day.day} role="group" aria-labelledby={`${id}-${day.day}`} className="flex flex-col gap-2">
                <p id={`${id}-${day.day}`} className="text-sm font-semibold text-slate-900 first-letter:uppercase">
                  {day.label}
                </p>
                {day.sessions.map((s) => (
                  <label
                    key={s.id}
                    className={clsx(
                      'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm',
                      form.values.workshopId === s.id ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white',
                    )}
                  >
                    <input
                      type="radio"
                      name="workshopId"
                      value={s.id}
                      checked={form.values.workshopId === s.id}
                      onChange={() => form.set({ workshopId: s.id })}
                      className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                    />
                    <SessionDetails session={s} />
                  </label>
                ))}
              </div>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={sessions.length === 0}>
              Continuer
            </Button>
            {onClose && (
              <Button variant="secondary" onClick={onClose}>
                Garder ma séance
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <h2 ref={confirmRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            Vérifiez votre choix
          </h2>
          <div className="rounded-md border border-brand-700 bg-brand-50 p-3 text-sm">
            <SessionDetails session={chosen} withDay />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={form.pending}>
              {form.pending ? 'Réservation…' : words.confirm}
            </Button>
            <Button variant="secondary" onClick={() => setStep('choose')} disabled={form.pending}>
              Choisir une autre séance
            </Button>
          </div>
        </>
      )}
    </form>
  )
}
