/**
 * Notifications (spec §9: top centre — at the bottom on a phone, never over the header or the menu —, closed after
 * 5000 ms, coloured): `toast.success(…)` / `toast.error(…)` from any
 * client component; <Toaster /> in the root layout shows them. A few lines instead of a library, because the
 * toaster is on every page's first load.
 */
export type ToastKind = 'success' | 'error'
/** A way to the result (e.g. "Voir le compte rendu"), a button in the notification. */
export type ToastAction = { label: string; onClick: () => void }
type ToastOptions = { description?: string; action?: ToastAction }
export type ToastItem = { id: number; kind: ToastKind; message: string; description?: string; action?: ToastAction }
type Listener = (items: ToastItem[]) => void

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<Listener>()
const emit = () => listeners.forEach((l) => l(items))

function push(kind: ToastKind, message: string, options?: ToastOptions) {
  const item = { id: nextId++, kind, message, description: options?.description, action: options?.action }
  // At most 3 on screen: the oldest goes first.
  items = [...items, item].slice(-3)
  emit()
  return item.id
}

export const toast = {
  success: (message: string, options?: ToastOptions) => push('success', message, options),
  error: (message: string, options?: ToastOptions) => push('error', message, options),
  dismiss: (id: number) => {
    items = items.filter((i) => i.id !== id)
    emit()
  },
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener)
  listener(items)
  return () => listeners.delete(listener)
}
