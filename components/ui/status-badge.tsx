import { clsx } from 'clsx'

/**
 * The badges' tones, one meaning each, the same on every screen; their colours are app/globals.css's .badge-* classes.
 * success: done, in place (integrated, hired, open, accepted). warning: waiting on someone (pending answer, late, new,
 * interview). danger: stopped against the person's wish (cancelled, failed). info: information without urgency
 * (filled, in progress). neutral: over, nothing to do (refused, expired, closed, archived).
 */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral'

/**
 * A state shown as a badge (its words, never its colour alone, carry the meaning). Each domain gives its states one
 * tone in the tables below, so that a state looks the same in every table and sheet.
 */
export function StatusBadge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone
  children: React.ReactNode
  className?: string
}) {
  return <span className={clsx('badge', `badge-${tone}`, className)}>{children}</span>
}

/** A prescription's state (lib/prescriptions/states.ts), from the referent's side and the partner's. */
export const PRESCRIPTION_STATE_TONES = {
  PRESCRIPTION_FILLED: 'warning',
  INTEGRATED_CANDIDATE: 'success',
  REFUSED_STRUCTURE: 'neutral',
  EXPIRED: 'neutral',
  WAITLISTED: 'info',
} as const satisfies Record<string, BadgeTone>

/** A workshop's status (workshop_status): only a cancelled one is flagged, the others are as planned. */
export const WORKSHOP_STATUS_TONES = {
  scheduled: 'info',
  cancelled: 'danger',
} as const satisfies Record<string, BadgeTone>

/** An orientation received through a referral link (orientation_status), and `late` while it waits past the delay. */
export const ORIENTATION_STATUS_TONES = {
  pending: 'info',
  late: 'warning',
  accepted: 'success',
  declined: 'neutral',
} as const satisfies Record<string, BadgeTone>

/** A referral link: usable, or over (disabled by the organisation, or past its date). */
export const REFERRAL_LINK_STATE_TONES = {
  active: 'success',
  disabled: 'neutral',
  expired: 'neutral',
} as const satisfies Record<string, BadgeTone>

/** A user's account (settings' users, a partner structure's users): invited until the password is chosen. */
export const ACCOUNT_STATE_TONES = {
  active: 'success',
  invited: 'warning',
  disabled: 'neutral',
} as const satisfies Record<string, BadgeTone>

/** A social offer's validity (lib/offers/validity-label.ts): open to prescriptions, or expired. */
export const OFFER_VALIDITY_TONES = {
  open: 'success',
  expired: 'neutral',
} as const satisfies Record<string, BadgeTone>

/** A step of a support course, for one candidate: done, due, or late. */
export const COURSE_STEP_TONES = {
  done: 'success',
  due: 'info',
  late: 'warning',
} as const satisfies Record<string, BadgeTone>

/** An SMS's status (lib/sms/status.ts): delivered, under way, or one the counsellor must look at. */
export const SMS_STATUS_TONES = {
  queued: 'info',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  undelivered: 'danger',
  failed: 'danger',
  cancelled: 'neutral',
  received: 'info',
  unknown: 'warning',
} as const satisfies Record<string, BadgeTone>
