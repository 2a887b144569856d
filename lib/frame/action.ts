import 'server-only'
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { lineText } from '@/lib/text/safe-text'
import type { CurrentUser } from '@/lib/auth/session'
import { formOf } from '@/lib/forms/form-of'
import { isUuid } from '@/lib/ids'
import { actingUser, type Gate, type Place, type Tenant } from './actor'
import {
  CHECK_FIELDS,
  FAILED,
  failure,
  fieldErrorsOf,
  FORBIDDEN,
  NOT_FOUND,
  SIGNED_OUT,
  unexpected,
  type Failure,
  type FieldErrors,
} from './outcome'

type Args = z.ZodTuple
type Common<I extends Args, F> = {
  /** Names the action in the logs. */
  name: string
  /** The arguments as the client passes them, one schema per position. None by default. */
  input?: I
  /** The French refusal (no permission, not onboarded, another tenant's user) when the domain has its own words. */
  forbidden?: string
  /** The French answer to wrong arguments, for an action without a form to show field errors on (or its choice). */
  invalid?: string | ((fieldErrors: FieldErrors) => string)
  /** The French answer to an unexpected error (or, on pages in two languages, how to say it in the person's). */
  failed?: string | (() => Promise<string>)
  /** Read actions whose screen shows nothing rather than an error (an empty list): returned instead of any failure. */
  fallback?: F
  /** Form actions: a failure gives the form's text fields back, for React resets a form after its action. */
  echo?: boolean
  /** An action that answers by navigating (redirect()) returns nothing: an unexpected error goes to the error screen. */
  navigates?: boolean
}
type Run<C, I extends Args, R> = { run: (context: C & { input: z.output<I> }) => Promise<R> }

type PublicSpec<I extends Args, R, F> = Common<I, F> & { session: 'none' } & Run<object, I, R>
type Signed<T extends Tenant> = Gate & {
  tenant: T
  /** A page's form: a signed-out user is sent to this path (the login page) rather than told. */
  signedOut?: string
}
type SignedSpec<T extends Tenant, I extends Args, R, F> = Common<I, F> &
  Signed<T> &
  Run<{ user: CurrentUser } & Place<T>, I, R>

/**
 * What the client gets: `run`'s answer, or a failure (or the fallback instead of any failure). Each refusal of `run`'s
 * may be read as a Failure (its `fieldErrors`, `notFound`), as the frame's own are.
 */
type Widened<R> = R extends { ok: false } ? R & Omit<Partial<Failure>, keyof R> : R
export type Answer<R, F> = [R] extends [void]
  ? void
  : [F] extends [never]
    ? Failure extends R
      ? Widened<R>
      : Widened<R> | Failure
    : Exclude<R, { ok: false }> | F
export type ServerAction<I extends Args, R, F> = (...args: z.input<I>) => Promise<Answer<R, F>>

/**
 * The one frame of every server action (`export const xAction = defineAction({...})` in a 'use server' module). In
 * this order: the session, onboarding, the permission and the tenant (actor.ts); the arguments, parsed as a tuple
 * (an `id()` that is not a uuid is "not found", other issues French field errors); then `run`. What `run` returns is
 * the answer, its expected refusals included ({ ok: false, error }); what it throws is unexpected (outcome.ts).
 */
export function defineAction<I extends Args = z.ZodTuple<[], null>, R = never, F = never>(
  spec: PublicSpec<I, R, F>,
): ServerAction<I, R, F>
export function defineAction<T extends Tenant, I extends Args = z.ZodTuple<[], null>, R = never, F = never>(
  spec: SignedSpec<T, I, R, F>,
): ServerAction<I, R, F>
export function defineAction(spec: PublicSpec<Args, unknown, unknown> | SignedSpec<Tenant, Args, unknown, unknown>) {
  const input = spec.input ?? z.tuple([])
  const forbidden = spec.forbidden ? failure(spec.forbidden) : FORBIDDEN
  const failed = typeof spec.failed === 'string' ? failure(spec.failed) : FAILED
  const run = spec.run as (context: object) => Promise<unknown>
  return async (...args: unknown[]) => {
    const answer = (outcome: unknown) => {
      if ('fallback' in spec) return (outcome as { ok?: unknown })?.ok === false ? spec.fallback : outcome
      return spec.echo ? echoed(outcome, args) : outcome
    }
    try {
      let context: object = {}
      if (spec.session !== 'none') {
        const acting = await actingUser(spec)
        if (!acting.ok && acting.reason === 'signed-out' && spec.signedOut) redirect(spec.signedOut)
        if (!acting.ok) return answer(acting.reason === 'signed-out' ? SIGNED_OUT : forbidden)
        context = acting
      }
      // As a function's parameters: a missing argument is undefined, one more than the tuple names is ignored.
      const parsed = input.safeParse(input.def.rest ? args : input.def.items.map((_, k) => args[k]))
      if (!parsed.success) return answer(invalid(parsed.error, spec.invalid))
      return answer(await run({ ...context, input: parsed.data }))
    } catch (error) {
      if (spec.navigates) throw error
      const told = unexpected(`action.${spec.name}`, error, failed)
      return answer(told === FAILED && typeof spec.failed === 'function' ? failure(await spec.failed()) : told)
    }
  }
}

/** An id argument: anything but a uuid is "not found" (in the domain's words), never a database error. */
export const id = (notFound: string = NOT_FOUND.error): z.ZodType<string, unknown> =>
  z.custom<string>((value) => isUuid(value), { error: notFound, params: { notFound: true } })

/** A picker's search text, sent in the body (never in a URL). */
export const search = lineText().max(100)

/** A form as it arrived (anything posted that is not a form reads as an empty one). */
export const FORM = z.unknown().transform(formOf)

/** A form argument: its fields read by `read` (anything posted that is not a form reads as an empty one), then parsed. */
export const form = <S extends z.ZodType>(read: (form: FormData) => unknown, schema: S) =>
  FORM.transform(read).pipe(schema)

/** The text field `name` of a form, or undefined. */
export const field = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

function invalid(error: z.ZodError, message?: string | ((fieldErrors: FieldErrors) => string)): Failure {
  const missing = error.issues.find((issue) => issue.code === 'custom' && issue.params?.notFound)
  if (missing) return { ok: false, notFound: true, error: missing.message }
  // The first path segment is the argument's position; an issue about a whole argument names no field.
  const { _: whole, ...fieldErrors } = fieldErrorsOf(error, 1)
  if (message) return failure(typeof message === 'string' ? message : message(fieldErrors))
  return Object.keys(fieldErrors).length
    ? { ok: false, error: CHECK_FIELDS, fieldErrors }
    : failure(whole ?? CHECK_FIELDS)
}

/** A failed form's text fields (a repeated one joined by commas), so that the form shows them again. */
function echoed(outcome: unknown, args: unknown[]) {
  const form = args.find((arg) => arg instanceof FormData)
  const state = outcome as { ok?: unknown; error?: unknown; values?: unknown } | null
  if (!form || !state || state.values || (state.ok !== false && typeof state.error !== 'string')) return outcome
  const values: Record<string, string> = {}
  for (const [key, value] of form)
    if (typeof value === 'string' && !key.startsWith('$'))
      values[key] = key in values ? `${values[key]},${value}` : value
  return { ...state, values }
}
