import { SUBMIT_DEADLINE_MS } from './use-late'

/**
 * A page's fetch to the app's own route handlers, answered as a value rather than thrown: the JSON (or the Response, for
 * a download), or a French sentence to show beside a "Réessayer" button (components/ui/fetch-error.tsx). A fetch
 * never waits forever: past `deadlineMs` it fails as "the server does not answer".
 */
export type FetchFailure = {
  ok: false
  /** The HTTP status, or null when no answer came (network down, deadline passed, aborted). */
  status: number | null
  error: string
  /** Whether trying again may succeed (no answer, 403, 408, 429, 5xx); a refused request (400, 404, 413…) will not. */
  retryable: boolean
  /** The caller's own signal aborted it (a newer query took its place): show nothing. */
  aborted: boolean
}
export type Fetched<T> = { ok: true; value: T; response: Response } | FetchFailure

export const FETCH_MESSAGES = {
  offline: 'Passerelle ne répond pas\u00a0: vérifiez votre connexion, puis réessayez.',
  late: 'Le serveur ne répond pas. Réessayez dans un instant.',
  failed: 'Une erreur est survenue. Réessayez dans un instant.',
  unreadable: 'La réponse du serveur est illisible. Réessayez dans un instant.',
} as const

export type FetchOptions = Omit<RequestInit, 'body'> & {
  /** Sent as JSON (Content-Type: application/json). */
  json?: unknown
  body?: BodyInit
  /** How long to wait for the answer's headers; SUBMIT_DEADLINE_MS unless said. */
  deadlineMs?: number
  /** The sentence shown when the server's answer carries none of its own. */
  failed?: string
  /** The sentence shown past the deadline. */
  late?: string
}

const failure = (status: number | null, error: string, aborted = false): FetchFailure => ({
  ok: false,
  status,
  error,
  retryable: !aborted && (status === null || status >= 500 || [403, 408, 429].includes(status)),
  aborted,
})

/** The answer when its status is 2xx; otherwise the server's own French `error`, or the caller's sentence. */
export async function fetchResponse(
  url: string,
  {
    json,
    deadlineMs = SUBMIT_DEADLINE_MS,
    failed = FETCH_MESSAGES.failed,
    late = FETCH_MESSAGES.late,
    signal,
    headers,
    ...init
  }: FetchOptions = {},
): Promise<{ ok: true; response: Response } | FetchFailure> {
  const deadline = AbortSignal.timeout(deadlineMs)
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      signal: signal ? both(signal, deadline) : deadline,
    })
  } catch {
    if (signal?.aborted) return failure(null, '', true)
    return failure(null, deadline.aborted ? late : FETCH_MESSAGES.offline)
  }
  if (response.ok) return { ok: true, response }
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null
  return failure(response.status, typeof body?.error === 'string' && body.error ? body.error : failed)
}

/** Aborted when either is (AbortSignal.any, where the browser has it; the caller's own otherwise). */
function both(signal: AbortSignal, deadline: AbortSignal): AbortSignal {
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, deadline]) : signal
}

/** fetchResponse, its JSON read (a 204 reads as null). */
export async function fetchJson<T>(url: string, options: FetchOptions = {}): Promise<Fetched<T>> {
  const answer = await fetchResponse(url, options)
  if (!answer.ok) return answer
  if (answer.response.status === 204) return { ok: true, value: null as T, response: answer.response }
  try {
    return { ok: true, value: (await answer.response.json()) as T, response: answer.response }
  } catch {
    if (options.signal?.aborted) return failure(null, '', true)
    return failure(answer.response.status, FETCH_MESSAGES.unreadable)
  }
}
