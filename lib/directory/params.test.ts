import { describe, expect, it } from 'vitest'
import { pageHref, params } from './params'

describe('list URLs', () => {
  it('keeps the filters, drops the empty ones and page 1', () => {
    expect(pageHref('/v2/enterprises/dashboard', { q: 'boulan', offers: '', sort: 'recent' }, 1)).toBe(
      '/v2/enterprises/dashboard?q=boulan&sort=recent',
    )
    expect(pageHref('/v2/enterprises/dashboard', { q: 'é&x', offers: 'open' }, 3)).toBe(
      '/v2/enterprises/dashboard?q=%C3%A9%26x&offers=open&page=3',
    )
    expect(pageHref('/workshops/dashboard', {}, 1)).toBe('/workshops/dashboard')
  })

  it('bounds what it reads: text, uuids, known values, the page', () => {
    expect(params.text({ q: 'x'.repeat(300) }, 'q')).toHaveLength(100)
    expect(params.uuid({ id: 'not-a-uuid' }, 'id')).toBe('')
    expect(params.choice({ status: 'deleted' }, 'status', ['open', 'filled'] as const)).toBe('')
    expect(params.choice({ status: ['filled', 'open'] }, 'status', ['open', 'filled'] as const)).toBe('filled')
    expect(params.page({ page: '-2' })).toBe(1)
    expect(params.page({ page: '99999999' })).toBe(10_000)
  })
})
