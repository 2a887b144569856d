'use client'

import { Toaster as Sonner } from 'sonner'

/** Spec §9: notifications at top centre, closing after 5000 ms, in a coloured theme. */
export const TOAST_DURATION_MS = 5000

export function Toaster() {
  return <Sonner position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
}
