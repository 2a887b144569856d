import { describe, expect, it } from 'vitest'
import { ttlMemo } from './ttl-memo'

describe('ttlMemo', () => {
  it('computes once per key within the delay, again after it', async () => {
    const memo = ttlMemo<number>(1000)
    let calls = 0
    const compute = async () => ++calls
    expect(await memo('a', compute, 0)).toBe(1)
    expect(await memo('a', compute, 999)).toBe(1)
    expect(await memo('b', compute, 999)).toBe(2)
    expect(await memo('a', compute, 1000)).toBe(3)
  })

  it('shares a computation in flight and forgets a failure', async () => {
    const memo = ttlMemo<string>(1000)
    let calls = 0
    const failing = async () => {
      calls++
      throw new Error('base indisponible')
    }
    const [one, two] = await Promise.allSettled([memo('k', failing, 0), memo('k', failing, 1)])
    expect([one.status, two.status, calls]).toEqual(['rejected', 'rejected', 1])
    expect(await memo('k', async () => 'ok', 2)).toBe('ok')
  })

  it('keeps at most max keys, the oldest leaving first', async () => {
    const memo = ttlMemo<string>(1000, 2)
    await memo('a', async () => 'a1', 0)
    await memo('b', async () => 'b1', 0)
    await memo('c', async () => 'c1', 0)
    expect(await memo('a', async () => 'a2', 1)).toBe('a2')
    expect(await memo('c', async () => 'c2', 1)).toBe('c1')
  })
})
