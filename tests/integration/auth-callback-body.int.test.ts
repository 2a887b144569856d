import { like } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { handleAuthRequest } from '@/lib/auth/http-endpoints'
import { rateLimits } from '@/lib/db/schema'
import { useTestDb } from './db'
import { TEST_BASE_URL, testAuth } from './auth-kit'

const db = useTestDb()
const auth = testAuth(db)
const IP = '192.0.2.251'
const MB = 1024 * 1024

afterAll(async () => {
  await db.delete(rateLimits).where(like(rateLimits.key, `%${IP}%`))
})

/** A body made only as it is pulled: `state.pulled` is how much of it the server asked for. */
function lazyBody(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close()
      const size = Math.min(chunk, total - state.pulled)
      state.pulled += size
      controller.enqueue(new TextEncoder().encode('a'.repeat(size)))
    },
  })
  return { stream, state }
}

const callback = (body: BodyInit, headers: Record<string, string> = {}) =>
  handleAuthRequest(
    auth,
    db,
    new Request(`${TEST_BASE_URL}/api/auth/callback/proconnect`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': IP, ...headers },
      duplex: 'half',
    } as RequestInit),
  )

describe('the identity providers’ callbacks read a capped body', () => {
  it('a form_post of 20 MB sent chunked is refused with 413 in French after at most the cap was read', async () => {
    const { stream, state } = lazyBody(20 * MB)
    const response = await callback(stream)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'Le contenu envoyé est trop volumineux.' })
    expect(state.pulled).toBeLessThan(MB)
  })

  it('a declared length over the cap is refused before a byte is read', async () => {
    const { stream, state } = lazyBody(20 * MB)
    const response = await callback(stream, { 'content-length': String(20 * MB) })
    expect(response.status).toBe(413)
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024)
  })

  it('a provider’s ordinary form_post still reaches better-auth, which reads its fields', async () => {
    const response = await callback('code=abc&iss=https%3A%2F%2Fproconnect.example')
    expect(response.status).toBe(302)
    // better-auth answers a form_post by redirecting to the same callback with the fields in the query.
    const location = new URL(response.headers.get('location')!)
    expect(location.pathname).toBe('/api/auth/callback/proconnect')
    expect(location.searchParams.get('code')).toBe('abc')
  })
})
