import { z } from 'zod'
import type { CurrentUser } from '@/lib/auth/session'
import { readCappedJson } from '@/lib/http/capped-body'
import { JSON_BODY_LIMIT_BYTES } from '@/lib/http/json-body'
import { readCappedUpload, type Upload } from '@/lib/http/multipart-body'
import { contentTypeOf, FOREIGN_WRITE, fromOwnOrigin, UNEXPECTED_TYPE } from '@/lib/http/same-origin'
import { isUuid } from '@/lib/ids'
import { isUnavailableError } from '@/lib/unavailable'
import type { Gate, Place, Tenant } from './actor'
import { CHECK_FIELDS, failure, fieldErrorsOf, NOT_FOUND, SIGNED_OUT, unexpected } from './outcome'

/**
 * The one frame of every route handler (`export const POST = defineRoute({...})` in app/api/…/route.ts). In this
 * order, each refusal a French JSON answer that reads nothing further (an unread body is cancelled, not drained):
 *   1. the body's type (415) and its origin (403: a page of the app itself, lib/http/same-origin.ts);
 *   2. the session, onboarding, the permission and the tenant (401, 403; 404 with `hide`), as actions (./actor.ts);
 *   3. the path's ids (404), the query string (400), then `allow`, the object rule decided before the body (403);
 *   4. the body, capped (413): JSON, or a multipart upload; then `input` parsed with French messages (400);
 *   5. `run`, whose answer is the response. What it throws is unexpected: a database out of reach or out of time is
 *      503 with Retry-After, anything else is logged (its kind and code, never its text) and 500; Next.js's own
 *      control flow goes through.
 */
export type RouteHandler = (
  request: Request,
  context?: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>

type BodyKind = 'none' | 'json' | 'multipart' | 'raw'

/** The French refusals a route may word in its domain's terms. */
type Messages = Partial<{
  /** 401: no session (or, for 'active', not onboarded yet). */
  signedOut: string
  /** 403: no permission, another tenant, `allow` said no. */
  forbidden: string
  /** 404: a path id that is not a uuid, or a refused user when `hide` is set. */
  notFound: string
  /** 400: the input (or query) is not valid; by default the first issue's message. */
  invalid: string
  /** 403: posted from elsewhere than the app's pages. */
  foreign: string
  /** 415: not the expected type. */
  type: string
  /** 413: past the body's limit. */
  tooLarge: string
  /** 400: a multipart body without its file. */
  noFile: string
  /** 500: what `run` threw. */
  failed: string
  /** 503: the database is out of reach or out of time (lib/unavailable.ts's message otherwise). */
  unavailable: string
}>

type Shape<B extends BodyKind, Q, I> = {
  /** Names the route in the logs. */
  name: string
  /** 'app': only from the app's own pages (the default of a JSON or multipart body); 'any': links, probes, webhooks. */
  origin?: 'app' | 'any'
  /**
   * 'json' and 'multipart' are checked, capped and read by the frame; 'raw' leaves the body to `run`, which reads it
   * through a capped reader of its own (a webhook whose signature covers the raw text); 'none' (the default) reads nothing.
   */
  body?: B
  /** The body's limit: JSON_BODY_LIMIT_BYTES for JSON; the file's for an upload (required). */
  maxBytes?: number
  /** Path parameters that are ids: anything but a uuid is "not found" (messages.notFound). */
  ids?: readonly string[]
  /** The query string's fields, parsed before the body. */
  query?: z.ZodType<Q>
  /** The JSON body, or an upload's text fields; without it `input` is the JSON as sent. */
  input?: z.ZodType<I>
  messages?: Messages
}

type Common<B extends BodyKind, Q, I> = {
  request: Request
  /** The path's parameters, ids checked. */
  params: Record<string, string>
  query: Q
  input: I
  upload: B extends 'multipart' ? Upload : undefined
}
type Signed<T extends Tenant> = { user: CurrentUser } & Place<T>

type PublicRoute<B extends BodyKind, Q, I> = Shape<B, Q, I> & {
  session: 'none'
  run: (context: Common<B, Q, I>) => Promise<Response>
}
type SignedRoute<T extends Tenant, B extends BodyKind, Q, I> = Shape<B, Q, I> &
  Gate & {
    tenant: T
    /** Refused users (no permission, another tenant, `allow` said no) are told "not found" (404): downloads by link. */
    hide?: true
    /** The object rule (may write this structure's offers…), decided before the body is read. */
    allow?: (context: Omit<Common<B, Q, unknown>, 'input' | 'upload'> & Signed<T>) => Promise<boolean> | boolean
    run: (context: Common<B, Q, I> & Signed<T>) => Promise<Response>
  }

const DEFAULTS = {
  signedOut: SIGNED_OUT.error,
  forbidden: 'Cette action ne vous est pas permise.',
  notFound: NOT_FOUND.error,
  foreign: FOREIGN_WRITE,
  type: UNEXPECTED_TYPE,
  tooLarge: 'Le contenu envoyé est trop volumineux.',
  noFile: 'Choisissez un fichier à envoyer.',
  failed: 'Une erreur est survenue. Réessayez dans un instant.',
}

const NO_STORE = { 'cache-control': 'no-store' }

/** A JSON answer that no cache keeps. */
export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  return Response.json(body, { status: init.status, headers: { ...NO_STORE, ...init.headers } })
}

/** A French refusal: `{ error, fieldErrors? }` with its status. */
export function refusal(status: number, error: string, fieldErrors?: Record<string, string>): Response {
  return json(fieldErrors && Object.keys(fieldErrors).length ? { error, fieldErrors } : { error }, { status })
}

/** A file to download, kept by no cache and never sniffed as another type. */
export function download(body: BodyInit, { type, fileName }: { type: string; fileName: string }): Response {
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** French messages for the issues a schema does not word itself. */
const FRENCH = z.locales.fr().localeError

export function defineRoute<B extends BodyKind = 'none', Q = undefined, I = unknown>(
  spec: PublicRoute<B, Q, I>,
): RouteHandler
export function defineRoute<T extends Tenant, B extends BodyKind = 'none', Q = undefined, I = unknown>(
  spec: SignedRoute<T, B, Q, I>,
): RouteHandler
export function defineRoute(
  spec: PublicRoute<BodyKind, unknown, unknown> | SignedRoute<Tenant, BodyKind, unknown, unknown>,
): RouteHandler {
  const say = { ...DEFAULTS, ...spec.messages }
  const body = spec.body ?? 'none'
  const origin = spec.origin ?? (body === 'json' || body === 'multipart' ? 'app' : 'any')
  const invalid = (error: z.ZodError) => {
    const fieldErrors = fieldErrorsOf(error)
    return refusal(400, say.invalid ?? error.issues[0]?.message ?? CHECK_FIELDS, fieldErrors)
  }

  return async (request, context) => {
    // A refusal before the body is read closes its stream: an upload of 10 Mo is not pulled to be thrown away.
    const unread = async (response: Response) => {
      await request.body?.cancel().catch(() => undefined)
      return response
    }
    try {
      if (body === 'json' || body === 'multipart') {
        const wanted = body === 'json' ? 'application/json' : 'multipart/form-data'
        if (contentTypeOf(request) !== wanted) return await unread(refusal(415, say.type))
      }
      if (origin === 'app' && !fromOwnOrigin(request)) return await unread(refusal(403, say.foreign))

      let signed: object = {}
      if (spec.session !== 'none') {
        // Loaded by the routes that have a session only: a webhook or a probe never loads the session's modules.
        const { actingUser } = await import('./actor')
        const acting = await actingUser(spec)
        if (!acting.ok)
          return await unread(
            acting.reason === 'signed-out'
              ? refusal(401, say.signedOut)
              : spec.hide
                ? refusal(404, say.notFound)
                : refusal(403, say.forbidden),
          )
        signed = acting
      }

      const params: Record<string, string> = {}
      for (const [key, value] of Object.entries((await context?.params) ?? {}))
        params[key] = Array.isArray(value) ? value.join('/') : (value ?? '')
      if (spec.ids?.some((key) => !isUuid(params[key]))) return await unread(refusal(404, say.notFound))

      let query: unknown = undefined
      if (spec.query) {
        const parsed = spec.query.safeParse(Object.fromEntries(new URL(request.url).searchParams), { error: FRENCH })
        if (!parsed.success) return await unread(invalid(parsed.error))
        query = parsed.data
      }
      if (spec.session !== 'none' && spec.allow && !(await spec.allow({ request, params, query, ...signed } as never)))
        return await unread(spec.hide ? refusal(404, say.notFound) : refusal(403, say.forbidden))

      let sent: unknown = undefined
      let upload: Upload | undefined
      if (body === 'json') {
        const read = await readCappedJson(request, spec.maxBytes ?? JSON_BODY_LIMIT_BYTES)
        if (!read.ok) return refusal(413, say.tooLarge)
        sent = read.value
      } else if (body === 'multipart') {
        const read = await readCappedUpload(request, spec.maxBytes ?? 0)
        if (!read.ok) return read.reason === 'tooLarge' ? refusal(413, say.tooLarge) : refusal(400, say.noFile)
        upload = read.upload
        sent = upload.fields
      }
      let input = sent
      if (spec.input) {
        const parsed = spec.input.safeParse(sent, { error: FRENCH })
        if (!parsed.success) return invalid(parsed.error)
        input = parsed.data
      }
      return await spec.run({ request, params, query, input, upload, ...signed } as never)
    } catch (error) {
      const answer = unexpected(`route.${spec.name}`, error, failure(say.failed))
      return isUnavailableError(error)
        ? json({ error: say.unavailable ?? answer.error }, { status: 503, headers: { 'retry-after': '5' } })
        : json({ error: answer.error }, { status: 500 })
    }
  }
}
