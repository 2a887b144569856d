import { describe, expect, it } from 'vitest'
import { clientIp } from './client-ip'

const withForwarded = (value?: string) => new Headers(value === undefined ? {} : { 'x-forwarded-for': value })

describe('clientIp', () => {
  it('trusts no header by default: a client can write X-Forwarded-For itself when no proxy is in front', () => {
    expect(clientIp(withForwarded('203.0.113.7'), undefined)).toBeNull()
    expect(clientIp(withForwarded('203.0.113.7'), '0')).toBeNull()
    expect(clientIp(withForwarded('203.0.113.7'), 'n’importe quoi')).toBeNull()
  })

  it('behind N trusted proxies, takes the entry the outermost one appended (N from the right)', () => {
    expect(clientIp(withForwarded('10.0.0.1, 198.51.100.4'), '1')).toBe('198.51.100.4')
    // A forged entry sent by the client sits left of what the proxies wrote.
    expect(clientIp(withForwarded('6.6.6.6, 198.51.100.4, 10.0.0.2'), '2')).toBe('198.51.100.4')
  })

  it('a request that did not pass through every configured proxy has no trusted address', () => {
    expect(clientIp(withForwarded('198.51.100.4'), '2')).toBeNull()
    expect(clientIp(withForwarded(), '1')).toBeNull()
  })
})
