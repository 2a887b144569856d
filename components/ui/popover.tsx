'use client'

import { cloneElement, isValidElement, useEffect, useId, useRef, type ReactElement } from 'react'
import { placeUnder } from './anchored'

/**
 * A button that opens a small panel: the browser's own popover (light dismiss, Escape, focus order after its
 * button, top layer), placed under the button when it opens.
 */
export function Popover({
  trigger,
  children,
  label,
}: {
  trigger: React.ReactNode
  children: React.ReactNode
  label: string
}) {
  const id = useId()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = panel.current
    if (!el) return
    const place = (e: Event) => {
      if ((e as ToggleEvent).newState !== 'open') return
      // The button is the element that targets this popover.
      const button = el.ownerDocument.querySelector(`[popovertarget="${CSS.escape(id)}"]`)
      if (button) placeUnder(button, el, { align: 'start' })
    }
    el.addEventListener('toggle', place)
    return () => el.removeEventListener('toggle', place)
  }, [id])
  const opener = isValidElement(trigger)
    ? cloneElement(trigger as ReactElement<{ popoverTarget?: string; 'aria-expanded'?: boolean }>, {
        popoverTarget: id,
      })
    : trigger
  return (
    <>
      {opener}
      <div
        ref={panel}
        id={id}
        popover="auto"
        role="dialog"
        aria-label={label}
        className="z-50 max-w-sm rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg"
      >
        {children}
      </div>
    </>
  )
}
