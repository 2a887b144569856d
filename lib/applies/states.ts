/**
 * The three tabs of an offer page (spec §4 states of a social apply). Kept apart from the queries: client components
 * import these, and nothing here may pull the database schema into the browser's bundle.
 */
export const APPLY_STATES = ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const
export type ApplyState = (typeof APPLY_STATES)[number]
/**
 * Every state a prescription may be in: the three tabs, and "expirée", which a pending prescription
 * reaches when it was left unanswered past the organisation's expiry delay. It belongs to no tab of the offer page.
 */
export const STORED_APPLY_STATES = [...APPLY_STATES, 'EXPIRED'] as const
export type StoredApplyState = (typeof STORED_APPLY_STATES)[number]
export type ApplyCounts = Record<ApplyState, number>
