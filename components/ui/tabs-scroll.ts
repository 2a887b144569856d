/** A box's horizontal extent, in viewport pixels (getBoundingClientRect's left and width). */
type Extent = { left: number; width: number }

/**
 * The scrollLeft that brings a tab fully into view in its scrolling bar (a phone's 390 px do not hold every tab): the
 * bar's own scrollLeft when the tab is already whole in view, else one that centres it (clamped at 0).
 */
export function scrollLeftToReveal(bar: Extent & { scrollLeft: number }, tab: Extent): number {
  const start = tab.left - bar.left
  const end = start + tab.width
  if (start >= 0 && end <= bar.width) return bar.scrollLeft
  return Math.max(0, Math.round(bar.scrollLeft + start - (bar.width - tab.width) / 2))
}
