'use client'

import { useEffect, useId, useRef, useState, useTransition, type FormEvent } from 'react'
import { toast } from './toast'
import {
  errorsOf,
  hasErrors,
  NO_ERRORS,
  UNREACHABLE,
  withoutErrorsOf,
  type FieldErrors,
  type FormErrors,
  type Refusal,
} from '@/lib/forms/form-errors'

type Success = { ok: true }
/** What an action answers: its success, or a refusal. */
type Answer = Success | Refusal
type Ok<A> = Extract<A, Success>

export type ActionFormOptions<V extends object, A extends Answer> = {
  initial: V | (() => V)
  /** The same pure check as the server's, before sending: every error at once, nothing sent while one is left. */
  check?: (values: V) => FieldErrors
  /** The server action, called with the values as typed. */
  action: (values: V) => Promise<A>
  /** The notification once it succeeded (none when it returns null). */
  success?: string | ((result: Ok<A>, values: V) => string | null)
  /** After the notification: close the dialog, go to the result, refresh the page. */
  onSuccess?: (result: Ok<A>, values: V) => void
  /** What the form says when the call itself fails, or a refusal says nothing. */
  failure?: string
  /** After the server refused: what the errors tell the form to do beyond showing them (read a changed model again). */
  onRefusal?: (errors: FormErrors) => void
}

export type ActionForm<V extends object, A extends Answer> = ReturnType<typeof useActionForm<V, A>>

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string

/** What a section of a form needs: its values, their changes and their errors. */
export type FormState<V> = {
  values: V
  set: (patch: Partial<V>) => void
  clear: (...keys: string[]) => void
  errors: FieldErrors
  field: (name: TextKey<V>) => { value: string; onChange: (value: string) => void; error: string | undefined }
}

/**
 * One behaviour for every form (state, submit, errors): the values stay as typed after any refusal, all errors come
 * in one pass (the local check, then the server's French field errors under the same paths), focus goes to the first
 * invalid field in the form's order (or to the summary), the submit shows progress, a success ends with a
 * notification (a refusal with its announced summary).
 * Render <ErrorSummary form={form} /> at the top of the form and give each control `form.errors[path]`.
 */
export function useActionForm<V extends object, A extends Answer>(options: ActionFormOptions<V, A>) {
  const id = useId()
  const [values, setValues] = useState<V>(options.initial)
  const [pending, startTransition] = useTransition()
  const { ref, shown, setShown, refuse, clear } = useShownErrors()

  /** Changes some values; their errors go at once, the others stay until the next submission. */
  function set(patch: Partial<V>) {
    setValues((v) => ({ ...v, ...patch }))
    clear(...Object.keys(patch))
  }

  /** Back to a blank form (a dialog closed, a list added to): these values, no errors. */
  function reset(next: V = values) {
    setValues(next)
    setShown(NO_ERRORS)
  }

  /** A text value bound to a FormField: `<FormField label="Titre" {...form.field('title')} />`. */
  function field(name: TextKey<V>) {
    const onChange = (value: string) => set({ [name]: value } as Partial<V>)
    return { value: values[name] as string, onChange, error: shown.fieldErrors[name] }
  }

  /**
   * Checks, then runs a call with the form's progress and errors: the main action (submit) or another one (a
   * preview). `onOk` gets its success.
   */
  function run<B extends Answer>(call: (values: V) => Promise<B>, onOk: (result: Ok<B>) => void) {
    const found = options.check?.(values) ?? {}
    // A number input's text the browser cannot read (« 1e ») reads as empty: said, never taken for "no value".
    const unreadable = unreadableNumbers(ref.current)
    if (Object.keys(found).length > 0 || unreadable) return refuse({ fieldErrors: found, error: unreadable })
    setShown(NO_ERRORS)
    const sent = values
    startTransition(async () => {
      const result: Answer = await call(sent).catch(() => ({ ok: false, error: options.failure ?? UNREACHABLE }))
      if (result.ok) onOk(result as Ok<B>)
      else {
        const errors = errorsOf(result, options.failure)
        refuse(errors)
        options.onRefusal?.(errors)
      }
    })
  }

  /** Submits through a call of the action (the main one, or a confirmation), ending with its notification. */
  function submitWith(call: (values: V) => Promise<A>) {
    run(call, (result) => {
      const message = typeof options.success === 'function' ? options.success(result, values) : options.success
      if (message) toast.success(message)
      options.onSuccess?.(result, values)
    })
  }

  function submit(event?: FormEvent) {
    event?.preventDefault()
    // A dialog's form is portalled out of the page's DOM, not out of its React tree: its submit stops here.
    event?.stopPropagation()
    submitWith(options.action)
  }

  const errors = shown.fieldErrors
  const formProps = { id, ref, onSubmit: submit, noValidate: true }
  // formProps: spread on the <form>; its id also ties a submit button outside it (a dialog's footer).
  return {
    values,
    field,
    set,
    setValues,
    reset,
    errors,
    error: shown.error,
    pending,
    clear,
    refuse,
    run,
    submit,
    submitWith,
    formProps,
  }
}

/** The errors on show, and the focus move after each refusal. */
function useShownErrors() {
  const ref = useRef<HTMLFormElement>(null)
  const [shown, setShown] = useState<FormErrors>(NO_ERRORS)
  const [refusals, setRefusals] = useState(0)

  // After a refusal, once the messages are in the page: the first invalid field, else the summary.
  useEffect(() => {
    if (refusals > 0 && ref.current) focusFirstInvalid(ref.current)
  }, [refusals])

  /**
   * Shows errors (the check's, the server's, or found elsewhere). The summary is the announcement (role=alert, and
   * the focus when no field is at fault): a toast saying it again would cover the page on a phone.
   */
  function refuse(found: FormErrors) {
    setShown(found)
    if (hasErrors(found)) setRefusals((n) => n + 1)
  }

  function clear(...keys: string[]) {
    setShown((s) => {
      const fieldErrors = withoutErrorsOf(s.fieldErrors, keys)
      return fieldErrors === s.fieldErrors ? s : { ...s, fieldErrors }
    })
  }
  return { ref, shown, setShown, refuse, clear }
}

/**
 * The same focus move for a form still on useActionState (its fields uncontrolled, its values echoed by the server):
 * after each refusal, its first invalid field. Put the returned ref on the <form>.
 */
export function useRefusalFocus(state: { error?: string; fieldErrors?: FieldErrors }) {
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (ref.current && hasErrors({ fieldErrors: state.fieldErrors ?? {}, error: state.error ?? null }))
      focusFirstInvalid(ref.current)
  }, [state])
  return ref
}

const CONTROL =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"]'

/** The control to focus for an invalid element: itself, or the first control of an invalid group. */
export function controlOf(invalid: HTMLElement): HTMLElement | null {
  return invalid.matches(CONTROL) ? invalid : invalid.querySelector<HTMLElement>(CONTROL)
}

/** The number inputs holding a text the browser cannot read as a number (« 1e », « 3,,5 »): their value reads ''. */
function badNumbers(form: HTMLElement): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="number"]')].filter((input) => input.validity.badInput)
}

/** What the form says of its unreadable numbers, each named by its label; null when there are none. */
export function unreadableNumbers(form: HTMLElement | null): string | null {
  const names = form ? badNumbers(form).map((input) => input.labels?.[0]?.textContent?.trim() ?? '') : []
  if (names.length === 0) return null
  return names
    .map((name) => (name ? `Le champ «\u00a0${name}\u00a0» doit être un nombre.` : 'Saisissez un nombre.'))
    .join(' ')
}

/** Focuses and scrolls to the form's first invalid field, in the page's order; else its error summary. */
export function focusFirstInvalid(form: HTMLElement) {
  const bad = new Set<HTMLElement>(badNumbers(form))
  const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"], input[type="number"]')]
    .filter((element) => element.getAttribute('aria-invalid') === 'true' || bad.has(element))
    .map(controlOf)
    .find((control) => control !== null)
  const target = invalid ?? form.querySelector<HTMLElement>('[data-error-summary]')
  if (!target) return
  target.focus({ preventScroll: true })
  target.scrollIntoView({ block: 'center' })
}
