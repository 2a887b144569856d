'use client'

import { cloneElement, isValidElement, useId, useRef, type ReactElement } from 'react'
import { placeUnder } from './anchored'

type TriggerProps = {
  'aria-describedby'?: string
  onPointerEnter?: (e: React.PointerEvent) => void
  onPointerLeave?: (e: React.PointerEvent) => void
  onFocus?: (e: React.FocusEvent) => void
  onBlur?: (e: React.FocusEvent) => void
  onKeyDown?: (e: React.KeyboardEvent) => void
}

/**
 * A tooltip on hover and keyboard focus (WCAG 1.4.13: it stays while hovered, Escape hides it). The trigger must be
 * a focusable element; the text is tied to it with aria-describedby. A manual popover in the top layer, so a
 * scrolling table never clips it.
 */
export function Tooltip({ content, children }: { content: React.ReactNode; children: React.ReactNode }) {
  const id = useId()
  const { tip, show, hide, stay } = useTooltipControls()
  if (!isValidElement(children)) return <>{children}</>
  const child = children as ReactElement<TriggerProps>
  const trigger = cloneElement(child, {
    'aria-describedby': id,
    onPointerEnter: (e) => {
      child.props.onPointerEnter?.(e)
      show(e.currentTarget as Element)
    },
    onPointerLeave: (e) => {
      child.props.onPointerLeave?.(e)
      hide(150)
    },
    onFocus: (e) => {
      child.props.onFocus?.(e)
      show(e.currentTarget as Element)
    },
    onBlur: (e) => {
      child.props.onBlur?.(e)
      hide()
    },
    onKeyDown: (e) => {
      child.props.onKeyDown?.(e)
      if (e.key === 'Escape') hide()
    },
  })
  return (
    <>
      {trigger}
      <div
        ref={tip}
        id={id}
        role="tooltip"
        popover="manual"
        onPointerEnter={stay}
        onPointerLeave={() => hide(150)}
        className="z-50 max-w-xs rounded-md border-0 bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
      >
        {content}
      </div>
    </>
  )
}

/**
 * The tooltip's element (`tip`) and its handlers: `show` under a target, `hide` after a delay, `stay` to cancel a
 * pending hide. The element and the timer are read only when a handler runs, never while rendering.
 */
function useTooltipControls() {
  const tip = useRef<HTMLDivElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const show = (target: Element) => {
    clearTimeout(timer.current)
    const el = tip.current
    if (!el || el.matches(':popover-open')) return
    el.showPopover()
    placeUnder(target, el)
  }
  const hide = (delay = 0) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => tip.current?.matches(':popover-open') && tip.current.hidePopover(), delay)
  }
  const stay = () => clearTimeout(timer.current)
  return { tip, show, hide, stay }
}
