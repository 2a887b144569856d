'use client'

import { ErrorScreen } from '@/components/layout/error-screen'

export default function Error({ reset }: { error: Error; reset: () => void }) {
  return <ErrorScreen reset={reset} />
}
