import { afterEach, describe, expect, it, vi } from 'vitest'
import { FETCH_MESSAGES, fetchJson } from './fetch-json'

const answering = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }))

afterEach(() => vi.unstubAllGlobals())

describe('fetchJson: a page’s fetch answered as a value', () => {
  it('gives the JSON, and null for a 204; sends a JSON body with its type', async () => {
    const fetch = answering(200, { rows: [1] })
    vi.stubGlobal('fetch', fetch)
    expect(await fetchJson('/api/x', { method: 'POST', json: { a: 1 } })).toMatchObject({
      ok: true,
      value: { rows: [1] },
    })
    expect(fetch).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({ body: '{"a":1}', headers: { 'content-type': 'application/json' } }),
    )
    vi.stubGlobal('fetch', answering(204))
    expect(await fetchJson('/api/x')).toMatchObject({ ok: true, value: null })
  })

  it('a refusal carries the server’s French sentence; 403 and 5xx may be retried, 400 and 404 not', async () => {
    vi.stubGlobal('fetch', answering(403, { error: 'Cette action s’effectue depuis les pages de Passerelle.' }))
    expect(await fetchJson('/api/x')).toEqual({
      ok: false,
      status: 403,
      error: 'Cette action s’effectue depuis les pages de Passerelle.',
      retryable: true,
      aborted: false,
    })
    vi.stubGlobal('fetch', answering(502))
    expect(await fetchJson('/api/x', { failed: 'La recherche n’a pas abouti.' })).toMatchObject({
      status: 502,
      error: 'La recherche n’a pas abouti.',
      retryable: true,
    })
    for (const status of [400, 404, 413]) {
      vi.stubGlobal('fetch', answering(status, { error: 'Non.' }))
      expect(await fetchJson('/api/x')).toMatchObject({ status, error: 'Non.', retryable: false })
    }
  })

  it('no answer: the connection, or the deadline, in French, to retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(await fetchJson('/api/x')).toMatchObject({ status: null, error: FETCH_MESSAGES.offline, retryable: true })
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    )
    expect(await fetchJson('/api/x', { deadlineMs: 10, late: 'Trop long.' })).toMatchObject({
      status: null,
      error: 'Trop long.',
      retryable: true,
    })
  })

  it('aborted by the caller (a newer query took its place): marked so, to show nothing', async () => {
    const controller = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    )
    const pending = fetchJson('/api/x', { signal: controller.signal })
    controller.abort()
    expect(await pending).toMatchObject({ ok: false, aborted: true, retryable: false })
  })
})
