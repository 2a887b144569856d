import { describe, expect, it } from 'vitest'
import { verifiedWebhook } from '@/lib/sms/webhook-request'
import { readCappedBody, readCappedJson } from './capped-body'
import { foreignWrite } from './same-origin'

const MB = 1024 * 1024

/** A chunked body of `total` bytes, made only as it is pulled: `state.pulled` is what the reader asked for. */
function lazyBody(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close()
      const size = Math.min(chunk, total - state.pulled)
      state.pulled += size
      controller.enqueue(new Uint8Array(size).fill(0x61))
    },
  })
  return { stream, state }
}

const post = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Request('http://localhost:3000/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('the capped body reader', () => {
  it('refuses a declared length over the limit without reading a byte', async () => {
    const { stream, state } = lazyBody(200 * MB)
    expect(await readCappedBody(post(stream, { 'content-length': String(200 * MB) }), MB)).toEqual({
      ok: false,
      tooLarge: true,
    })
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024)
  })

  it('cuts a 200 MB chunked body off at the limit, holding no more than the limit', async () => {
    const { stream, state } = lazyBody(200 * MB)
    const t = performance.now()
    expect(await readCappedBody(post(stream), MB)).toEqual({ ok: false, tooLarge: true })
    expect(state.pulled).toBeLessThanOrEqual(MB + 2 * 64 * 1024)
    expect(performance.now() - t).toBeLessThan(2000)
  })

  it('reads a body within the limit, and JSON that is not JSON as null', async () => {
    expect(await readCappedJson(post('{"ids":["a"]}'), 100)).toEqual({ ok: true, value: { ids: ['a'] } })
    expect(await readCappedJson(post('{"ids":'), 100)).toEqual({ ok: true, value: null })
  })

  it("Twilio's webhooks: a 200 MB chunked body is refused (413) after 16 kB, before any signature check", async () => {
    const { stream, state } = lazyBody(200 * MB, 4096)
    const result = await verifiedWebhook(
      post(stream, { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' }),
    )
    expect(result).toEqual({ ok: false, status: 413 })
    expect(state.pulled).toBeLessThanOrEqual(16 * 1024 + 2 * 4096)
  })
})

describe('writes from the app’s own origin only', () => {
  const own = 'http://localhost:3000'
  it('takes JSON from the app’s origin', () => {
    expect(
      foreignWrite(post('{}', { 'content-type': 'application/json; charset=utf-8', origin: own }), 'json'),
    ).toBeNull()
    expect(
      foreignWrite(post('x', { 'content-type': 'multipart/form-data; boundary=x', origin: own }), 'multipart'),
    ).toBeNull()
  })
  it('refuses another type (415) before looking at the origin', () => {
    expect(foreignWrite(post('{}', { 'content-type': 'text/plain', origin: own }), 'json')?.status).toBe(415)
    expect(
      foreignWrite(
        post('{}', { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8765' }),
        'json',
      )?.status,
    ).toBe(415)
  })
  it('refuses another origin of the same site, and a request without an Origin (403)', () => {
    expect(
      foreignWrite(post('{}', { 'content-type': 'application/json', origin: 'http://localhost:8765' }), 'json'),
    ).toEqual({ status: 403, error: 'Cette action s’effectue depuis les pages de Passerelle.' })
    expect(foreignWrite(post('{}', { 'content-type': 'application/json' }), 'json')?.status).toBe(403)
  })
})
