'use client'

import { Icon } from '@/components/ui/icon'
import { useEffect, useRef, useState } from 'react'
import { clsx } from 'clsx'
import { subscribeToasts, toast, type ToastItem } from './toast'

/** Spec §9: notifications at top centre, closing after 5000 ms, in a coloured theme. */
export const TOAST_DURATION_MS = 5000

/**
 * The live region every page has: successes are announced politely, errors at once (role=alert). At the top centre
 * from 640 px; below, at the bottom (above the phone's home bar), so that the header and its menu button stay in view
 * and in reach for the 5 seconds.
 */
export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([])
  useEffect(() => subscribeToasts(setItems), [])
  return (
    <section
      aria-label="Notifications"
      className={clsx(
        'pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-center gap-2 px-4',
        'bottom-[max(1rem,env(safe-area-inset-bottom))] sm:top-4 sm:bottom-auto',
      )}
    >
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </section>
  )
}

function Toast({ item }: { item: ToastItem }) {
  // The 5 seconds pause while the pointer or the keyboard focus is on the notification (WCAG 2.2.1).
  const [paused, setPaused] = useState(false)
  const left = useRef(TOAST_DURATION_MS)
  useEffect(() => {
    if (paused) return
    const started = Date.now()
    const timer = setTimeout(() => toast.dismiss(item.id), left.current)
    return () => {
      clearTimeout(timer)
      left.current -= Date.now() - started
    }
  }, [paused, item.id])
  const error = item.kind === 'error'

  return (
    <div
      role={error ? 'alert' : 'status'}
      data-toast={item.kind}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={clsx(
        'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg',
        error ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-800',
      )}
    >
      <Icon name={error ? 'circle-x' : 'circle-check'} size={18} className="mt-0.5 shrink-0" />
      <div className="flex-1">
        <p className="font-medium">{item.message}</p>
        {item.description && <p className="mt-0.5">{item.description}</p>}
        {item.action && (
          <button
            type="button"
            onClick={() => {
              item.action?.onClick()
              toast.dismiss(item.id)
            }}
            className="mt-1 font-semibold underline underline-offset-2"
          >
            {item.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={() => toast.dismiss(item.id)}
        aria-label="Fermer la notification"
        className="rounded p-0.5 hover:bg-black/5"
      >
        <Icon name="x" size={16} />
      </button>
    </div>
  )
}
