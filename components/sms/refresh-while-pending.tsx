'use client'

import { useEffect } from 'react'
import { useRouter } from 'next/navigation'

/**
 * While messages of the thread are on their way (sending, or sent and not yet delivered), the page reads the thread
 * again every few seconds, so that delivery receipts and replies show without a reload; for two minutes at most.
 */
export function RefreshWhilePending({
  pending,
  everyMs = 3000,
  forMs = 120_000,
}: {
  pending: boolean
  everyMs?: number
  forMs?: number
}) {
  const router = useRouter()
  useEffect(() => {
    if (!pending) return
    const started = Date.now()
    const timer = setInterval(() => {
      if (Date.now() - started > forMs || document.hidden) return
      router.refresh()
    }, everyMs)
    return () => clearInterval(timer)
  }, [pending, everyMs, forMs, router])
  return null
}
