import { describe, expect, it } from 'vitest'
import { readUpload } from './read-upload'

const MB = 1024 * 1024
const TOO_LARGE = 'Le fichier dépasse la taille maximale de 10 Mo. Découpez-le en plusieurs fichiers.'

/** A body of `total` bytes sent in 1 MB chunks on demand; `pulled` says how much of it the server asked for. */
function lazyBody(total: number) {
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close()
      const size = Math.min(MB, total - state.pulled)
      state.pulled += size
      controller.enqueue(new Uint8Array(size).fill(0x61))
    },
  })
  return { stream, state }
}

/** The app's own origin (lib/auth/app-url.ts without BETTER_AUTH_URL): uploads come from its pages. */
const ORIGIN = 'http://localhost:3000'

function request(body: ReadableStream<Uint8Array> | FormData, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/candidate-imports/preview', {
    method: 'POST',
    body,
    headers: { origin: ORIGIN, ...headers },
    duplex: 'half',
  } as RequestInit)
}

describe('readUpload', () => {
  it('refuses a 50 MB upload from its declared length without reading the body', async () => {
    const { stream, state } = lazyBody(50 * MB)
    const result = await readUpload(
      request(stream, { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * MB) }),
    )
    expect(result).toEqual({ ok: false, status: 413, error: TOO_LARGE })
    expect(state.pulled).toBeLessThanOrEqual(MB)
  })

  it('stops reading a 50 MB body sent without a length once it passes the limit', async () => {
    const { stream, state } = lazyBody(50 * MB)
    const result = await readUpload(request(stream, { 'content-type': 'multipart/form-data; boundary=x' }))
    expect(result).toEqual({ ok: false, status: 413, error: TOO_LARGE })
    expect(state.pulled).toBeGreaterThan(10 * MB)
    expect(state.pulled).toBeLessThanOrEqual(12 * MB)
  })

  it('reads a small file and the text fields', async () => {
    const form = new FormData()
    form.set('file', new File(['Nom;Prénom\nA;B\n'], 'candidats.csv', { type: 'text/csv' }))
    form.set('mapping', '["lastName","firstName"]')
    const result = await readUpload(request(form))
    if (!result.ok) throw new Error(result.error)
    expect(result.upload.fileName).toBe('candidats.csv')
    expect(new TextDecoder().decode(result.upload.bytes)).toBe('Nom;Prénom\nA;B\n')
    expect(result.upload.fields).toEqual({ mapping: '["lastName","firstName"]' })
  })

  it('asks for a file when there is none, or when the body is not a form', async () => {
    const form = new FormData()
    form.set('mapping', '[]')
    expect(await readUpload(request(form))).toEqual({
      ok: false,
      status: 400,
      error: 'Choisissez un fichier CSV ou Excel (.xlsx) à importer.',
    })
  })

  it('refuses a body that is not a form (415) and a form from another origin (403), before reading it', async () => {
    const json = new Request('http://localhost/x', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    })
    expect(await readUpload(json)).toMatchObject({
      ok: false,
      status: 415,
      error: 'Requête invalide\u00a0: le contenu envoyé n’est pas du type attendu.',
    })
    const { stream, state } = lazyBody(5 * MB)
    const foreign = await readUpload(
      request(stream, { 'content-type': 'multipart/form-data; boundary=x', origin: 'http://localhost:8765' }),
    )
    expect(foreign).toEqual({
      ok: false,
      status: 403,
      error: 'Cette action s’effectue depuis les pages de Passerelle.',
    })
    expect(state.pulled).toBeLessThanOrEqual(MB)
  })
})
