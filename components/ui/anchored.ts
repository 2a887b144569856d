'use client'

/**
 * Places a top-layer popover (the HTML `popover` attribute) under its anchor, or above it when there is no room
 * below, kept inside the viewport. The browser's own popover gives light dismiss, Escape and the top layer, so the
 * screens need no positioning library on their first load.
 */
export function placeUnder(
  anchor: Element,
  popover: HTMLElement,
  { offset = 6, align = 'center' }: { offset?: number; align?: 'start' | 'center' } = {},
) {
  const a = anchor.getBoundingClientRect()
  popover.style.position = 'fixed'
  popover.style.margin = '0'
  popover.style.inset = 'auto'
  const p = popover.getBoundingClientRect()
  const room = window.innerWidth - 8
  let left = align === 'start' ? a.left : a.left + a.width / 2 - p.width / 2
  left = Math.max(8, Math.min(left, room - p.width))
  const below = a.bottom + offset
  const top =
    below + p.height > window.innerHeight - 8 && a.top - offset - p.height > 8 ? a.top - offset - p.height : below
  popover.style.left = `${Math.round(left)}px`
  popover.style.top = `${Math.round(top)}px`
}
