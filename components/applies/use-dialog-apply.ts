'use client'

import { useEffect, useState } from 'react'
import { type DialogApply, loadApplyForDialog } from '@/lib/prescriptions/actions-partner'

const NOT_OPENED = 'La prescription n’a pas pu être ouverte. Réessayez dans un instant.'

/**
 * The prescription the FUP dialog is asked to open (from the list, or the partner's emailed link), read once asked:
 * an unknown one, or another structure's, opens nothing and leaves a notice instead.
 */
export function useDialogApply(initialId: string | null, noFup: string) {
  const [applyId, setApplyId] = useState<string | null>(initialId)
  const [apply, setApply] = useState<DialogApply | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  // Another apply asked for: the one loaded goes (and, when there is one to load, the last notice), while rendering.
  const [askedId, setAskedId] = useState(applyId)
  if (askedId !== applyId) {
    setAskedId(applyId)
    setApply(null)
    if (applyId) setNotice(null)
  }
  useEffect(() => {
    if (!applyId) return
    let live = true
    loadApplyForDialog(applyId)
      .then((r) => {
        if (!live) return
        if (r.ok) return setApply(r.apply)
        setNotice(r.error ?? noFup)
        setApplyId(null)
      })
      .catch(() => live && (setNotice(NOT_OPENED), setApplyId(null)))
    return () => {
      live = false
    }
  }, [applyId, noFup])

  return {
    applyId,
    /** The apply, once loaded, of the one asked for. */
    apply: apply?.id === applyId ? apply : null,
    open: setApplyId,
    close: () => setApplyId(null),
    notice,
    dismissNotice: () => setNotice(null),
  }
}
