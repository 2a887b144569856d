'use client'

import { useEffect } from 'react'
import { recordHomeVisitAction } from '@/lib/home/visit-actions'

/**
 * Remembers this visit once the page is on screen (the day was read at `readAt`). A failure is left unsaid: the next
 * visit then counts from the one before.
 */
export function RecordVisit({ readAt }: { readAt: string }) {
  useEffect(() => {
    recordHomeVisitAction(readAt).catch(() => undefined)
  }, [readAt])
  return null
}
