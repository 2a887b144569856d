'use client'

import { ErrorScreen, UNAVAILABLE_FR } from '@/components/layout/error-screen'
import { DB_UNAVAILABLE_DIGEST } from '@/lib/unavailable'

export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return error.digest === DB_UNAVAILABLE_DIGEST ? (
    <ErrorScreen reset={reset} {...UNAVAILABLE_FR} />
  ) : (
    <ErrorScreen reset={reset} />
  )
}
