/**
 * What a form shows after a refusal, as pure functions (the hook in use-action-form.ts holds the state).
 * Field errors are keyed by the value's path ('email', 'partnerFeedback.decision.cause', 'customFields.children'),
 * as the server's French messages come back from zod.
 */
import type { Failure, FieldErrors } from '@/lib/frame/outcome'

export type { FieldErrors }

/** A server action's refusal as forms read it: the frame's Failure (actions outside the frame may omit the message). */
export type Refusal = Omit<Failure, 'error'> & { error?: string }

/** The form's errors after a refusal: field messages beside their fields, the form's message at the top. */
export type FormErrors = { fieldErrors: FieldErrors; error: string | null }

export const NO_ERRORS: FormErrors = { fieldErrors: {}, error: null }

/** The message when the call itself failed (network down, server unreachable): nothing was saved. */
export const UNREACHABLE = 'L’enregistrement a échoué. Vérifiez votre connexion et réessayez.'

/**
 * A refusal as the form shows it. A refusal with neither a message nor a field error still says something: a form
 * that stays silent after a click is the worst answer.
 */
export function errorsOf(refusal: Refusal, fallback = UNREACHABLE): FormErrors {
  const fieldErrors = refusal.fieldErrors ?? {}
  const hasFieldErrors = Object.keys(fieldErrors).length > 0
  return { fieldErrors, error: refusal.error ?? (hasFieldErrors ? null : fallback) }
}

/** Whether an error's path belongs to a value: the value itself, or a value of that name inside a nested object. */
export function errorBelongsTo(path: string, key: string): boolean {
  return path === key || path.endsWith(`.${key}`)
}

/**
 * The errors left once these values changed: a corrected field loses its message at once, the others keep theirs
 * until the next submission. The same object when nothing changes (no render for nothing).
 */
export function withoutErrorsOf(errors: FieldErrors, keys: readonly string[]): FieldErrors {
  const paths = Object.keys(errors)
  const left = paths.filter((path) => !keys.some((key) => errorBelongsTo(path, key)))
  return left.length === paths.length ? errors : Object.fromEntries(left.map((path) => [path, errors[path]!]))
}

/** The summary's title when the server said nothing over its field errors: how many fields need attention. */
export function errorCountText(count: number): string {
  return count > 1 ? `${count} champs sont à corriger` : 'Un champ est à corriger'
}

/** Whether the form shows anything at all to correct. */
export function hasErrors({ fieldErrors, error }: FormErrors): boolean {
  return error !== null || Object.keys(fieldErrors).length > 0
}
