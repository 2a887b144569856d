import { unstable_rethrow } from 'next/navigation'
import type { z } from 'zod'
import { logError } from '@/lib/log'
import { isUnavailableError, UNAVAILABLE_MESSAGE } from '@/lib/unavailable'

/**
 * What every entry point (server action, route handler) answers when it does not do what was asked: a French message
 * for a person, one per field when the input was wrong, `notFound` when the record is not one the user may see, and
 * `existingId` when the input names a record that already exists (a SIRET already registered), for the form to link to.
 */
export type FieldErrors = Record<string, string>
export type Failure = { ok: false; error: string; fieldErrors?: FieldErrors; notFound?: true; existingId?: string }
export type Outcome<T extends object = object> = ({ ok: true } & T) | Failure

export const FORBIDDEN = { ok: false, error: 'Vous n’avez pas le droit de faire cette modification.' } as const
export const NOT_FOUND = { ok: false, notFound: true, error: 'Cette fiche est introuvable.' } as const
export const FAILED = { ok: false, error: 'L’enregistrement a échoué. Réessayez dans un instant.' } as const
export const UNAVAILABLE = { ok: false, error: UNAVAILABLE_MESSAGE } as const
export const SIGNED_OUT = { ok: false, error: 'Votre session a expiré\u00a0: reconnectez-vous.' } as const
export const CHECK_FIELDS = 'Vérifiez les champs signalés.'

export const failure = (error: string): Failure => ({ ok: false, error })

/**
 * Zod issues as one French message per field path ('contacts.0.email'). `skip` leaves out the leading segments that
 * name no field (the argument's position when an action's arguments are parsed as a tuple).
 */
export function fieldErrorsOf(error: z.ZodError, skip = 0): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) out[issue.path.slice(skip).join('.') || '_'] ??= issue.message
  return out
}

/** An input that did not parse: "check the fields", and each field's message. */
export function invalid(error: z.ZodError): Failure & { fieldErrors: FieldErrors } {
  return { ok: false, error: CHECK_FIELDS, fieldErrors: fieldErrorsOf(error) }
}

/**
 * An error nobody expected, told to a person: Next.js's own control flow (redirect(), notFound()) goes on its way, a
 * database out of reach or out of time is "momentarily unavailable", anything else is logged (its kind and code only,
 * never its text: it can hold personal data) and answered with `failed`.
 */
export function unexpected(what: string, error: unknown, failed: Failure = FAILED): Failure {
  unstable_rethrow(error)
  logError(what, error)
  return isUnavailableError(error) ? UNAVAILABLE : failed
}
