import { describe, expect, it } from 'vitest'
import { requestSequence } from './request-sequence'

describe('requestSequence', () => {
  it('keeps the latest request only, whatever order the answers come in', () => {
    const sequence = requestSequence()
    const first = sequence.start()
    expect(first()).toBe(true)
    const second = sequence.start()
    expect(first()).toBe(false)
    expect(second()).toBe(true)
  })

  it('drops every request in flight on cancel, and a new one counts again', () => {
    const sequence = requestSequence()
    const first = sequence.start()
    sequence.cancel()
    expect(first()).toBe(false)
    const next = sequence.start()
    expect(next()).toBe(true)
    expect(first()).toBe(false)
  })

  it('keeps two sequences apart', () => {
    const a = requestSequence()
    const b = requestSequence()
    const fromA = a.start()
    b.start()
    expect(fromA()).toBe(true)
  })
})
