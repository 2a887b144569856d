'use client'

import { useEffect } from 'react'
import { toast } from '@/components/ui/toast'
import type { SettingsFormState } from '@/lib/settings/actions'

/** Every settings action ends with a notification: its confirmation, or its error when no field carries it. */
export function useSettingsToast(state: SettingsFormState, onSuccess?: (state: SettingsFormState) => void) {
  useEffect(() => {
    if (state.ok && state.message) toast.success(state.message)
    else if (state.error) toast.error(state.error)
    if (state.ok) onSuccess?.(state)
    // Each state object is a new answer of the server.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state])
}
