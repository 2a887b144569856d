/** Spec §9 business constants. */
export const PAGE_SIZE = 50
export const SEARCH_DEBOUNCE_MS = 750
export const SEARCH_MIN_LENGTH = 2
export const VISIBLE_PLACE_TAGS = 3

/** A signed answer link (lib/prescriptions/answer-link.ts) holds this many days for a structure without an account. */
export const ANSWER_LINK_DAYS = 8
