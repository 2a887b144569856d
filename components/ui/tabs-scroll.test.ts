import { describe, expect, it } from 'vitest'
import { scrollLeftToReveal } from './tabs-scroll'

describe('scrollLeftToReveal', () => {
  const bar = { left: 10, width: 390, scrollLeft: 0 }

  it('leaves the bar where it is when the tab is whole in view', () => {
    expect(scrollLeftToReveal(bar, { left: 10, width: 80 })).toBe(0)
    expect(scrollLeftToReveal({ ...bar, scrollLeft: 40 }, { left: 320, width: 80 })).toBe(40)
  })

  it('centres a tab past the right edge', () => {
    // The tab starts 600 px into the visible bar: scrolled by 600 − (390 − 100) / 2 = 455.
    expect(scrollLeftToReveal(bar, { left: 610, width: 100 })).toBe(455)
  })

  it('centres a tab cut by the left edge, never below 0', () => {
    expect(scrollLeftToReveal({ ...bar, scrollLeft: 300 }, { left: -20, width: 100 })).toBe(125)
    expect(scrollLeftToReveal({ ...bar, scrollLeft: 20 }, { left: 0, width: 100 })).toBe(0)
  })
})
