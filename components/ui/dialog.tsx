'use client'

import { useEffectEvent, useId, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { Icon } from '@/components/ui/icon'
import { clsx } from 'clsx'
import { useHydrated } from './use-hydrated'

/**
 * A modal dialog on the browser's own <dialog> (showModal): the rest of the page is inert, focus goes to the
 * first control and comes back to the opener on close, Escape and a click on the backdrop close it.
 * No library: it is on every screen's first load. Rendered in <body> only while open.
 */
type DialogContent = {
  title: string
  description?: string
  children?: React.ReactNode
  footer?: React.ReactNode
  wide?: boolean
  /** A drawer on the right edge instead of a centred box. */
  side?: boolean
}

export function Dialog({
  open,
  onOpenChange,
  children,
  ...content
}: DialogContent & { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Portalled after hydration only: a dialog open on the first render (a deep link) must not break it.
  const mounted = useHydrated()
  if (!open || !mounted) return null
  return createPortal(
    <ModalDialog onClose={() => onOpenChange(false)} {...content}>
      {children}
    </ModalDialog>,
    document.body,
  )
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ')

function ModalDialog({
  onClose,
  title,
  description,
  children,
  footer,
  wide,
  side,
}: DialogContent & { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  // Escape, from the listener set once on open: the latest `onClose`.
  const cancel = useEffectEvent(() => onClose())

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement as HTMLElement | null
    dialog.showModal()
    const onCancel = (event: Event) => {
      // Escape: React owns the open state, so the close goes through it.
      event.preventDefault()
      cancel()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // A click on the backdrop lands on the <dialog> itself, never on its content.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      // showModal() makes the page inert, but Tab past the last control would leave for the browser's own bar: it
      // comes round to the first one instead (and Shift+Tab from the first to the last).
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return
        const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (el) => el.offsetParent !== null,
        )
        const first = focusable[0]
        const last = focusable[focusable.length - 1]
        if (!first || !last) return
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first.focus()
        }
      }}
      className={clsx(
        'm-0 flex max-h-[90vh] flex-col bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40',
        side
          ? 'ml-auto h-full max-h-full w-full max-w-xl'
          : clsx(
              'fixed left-1/2 top-1/2 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg',
              wide ? 'max-w-4xl' : 'max-w-lg',
            ),
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={descriptionId} className={description ? 'mt-1 text-sm text-slate-600' : 'sr-only'}>
            {description ?? title}
          </p>
        </div>
        <button
          type="button"
          onClick={() => onClose()}
          className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
          aria-label="Fermer"
        >
          <Icon name="x" size={18} />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">{children}</div>
      {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-3">{footer}</div>}
    </dialog>
  )
}
