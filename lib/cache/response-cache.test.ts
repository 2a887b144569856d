import { describe, expect, it } from 'vitest'
import { bodyResponse, encodeBody, responseCache } from './response-cache'

describe('bodyResponse', () => {
  it('sends the kept bytes as JSON, with the headers given', async () => {
    const value = { rows: [{ name: 'Éloïse « test »' }], counts: { a: 1 } }
    const response = bodyResponse(encodeBody(value), { 'Cache-Control': 'private, no-store' })
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toEqual(value)
  })
})

describe('responseCache without a change feed', () => {
  it('never serves nor keeps anything', () => {
    const cache = responseCache(null)
    expect(cache.get('k')).toBeNull()
    cache.set('k', 0, encodeBody(1))
    expect(cache.size).toBe(0)
  })
})
