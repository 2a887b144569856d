import type { StoredApplyState } from '@/lib/applies/states'

/** The referent's words for an apply's state (the partner's tabs name the same states from their side). */
export const PRESCRIPTION_STATE_LABELS: Record<StoredApplyState, string> = {
  PRESCRIPTION_FILLED: 'En attente de réponse',
  INTEGRATED_CANDIDATE: 'Intégré',
  REFUSED_STRUCTURE: 'Refusé',
  EXPIRED: 'Expirée',
}
