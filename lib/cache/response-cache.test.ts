import { describe, expect, it } from 'vitest'
import { bodyResponse, encodeBody, keptUntilChanged } from './response-cache'

describe('bodyResponse', () => {
  it('sends the kept bytes as JSON, with the headers given', async () => {
    const value = { rows: [{ name: 'Éloïse « test »' }], counts: { a: 1 } }
    const response = bodyResponse(encodeBody(value), { 'Cache-Control': 'private, no-store' })
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toEqual(value)
  })
})

describe('keptUntilChanged without a change feed', () => {
  it('never serves nor keeps anything', async () => {
    const cache = keptUntilChanged<number>(null, ['candidates'])
    expect(cache.get('k')).toBeNull()
    cache.set('k', 0, 1)
    expect(await cache.read('k', async () => 2)).toBe(2)
    expect(await cache.read('k', async () => 3)).toBe(3)
    expect(cache.size).toBe(0)
  })
})
