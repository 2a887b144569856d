/**
 * The states of a prescription (spec §4 states of a social apply) and the tabs of an offer page. Kept apart from the
 * queries: client components import these, and nothing here may pull the database schema into the browser's bundle.
 */
export const APPLY_STATES = ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const
export type ApplyState = (typeof APPLY_STATES)[number]
/**
 * Every state a prescription may be in: the three tabs; "expirée", which a pending prescription reaches when it was
 * left unanswered past the organisation's expiry delay; and "en liste d'attente", a prescription to an offer whose
 * published places were all taken, until a place frees (./waitlist.ts). Neither belongs to a tab of the offer page.
 */
export const STORED_APPLY_STATES = [...APPLY_STATES, 'EXPIRED', 'WAITLISTED'] as const
export type StoredApplyState = (typeof STORED_APPLY_STATES)[number]
export type ApplyCounts = Record<ApplyState, number>

/** No prescription in any tab. */
export const zeroCounts = (): ApplyCounts => ({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })

/** The referent's words for a prescription's state (the partner's tabs name the same states from their side). */
export const PRESCRIPTION_STATE_LABELS: Record<StoredApplyState, string> = {
  PRESCRIPTION_FILLED: 'En attente de réponse',
  INTEGRATED_CANDIDATE: 'Intégré',
  REFUSED_STRUCTURE: 'Refusé',
  EXPIRED: 'Expirée',
  WAITLISTED: 'En liste d’attente',
}

/** The state as the referent reads it, with a waitlisted prescription's rank in its offer's line. */
export function prescriptionStateLabel(a: { state: StoredApplyState; waitlistRank?: number | null }): string {
  return a.state === 'WAITLISTED' && a.waitlistRank
    ? `${PRESCRIPTION_STATE_LABELS.WAITLISTED} (rang ${a.waitlistRank})`
    : PRESCRIPTION_STATE_LABELS[a.state]
}
