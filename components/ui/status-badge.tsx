import { clsx } from 'clsx'

/** The badges' colours: one meaning each, the same on every screen. */
const TONES = {
  /** Done, in place: integrated, hired, open, accepted. */
  success: 'bg-emerald-100 text-emerald-900',
  /** Waiting on someone: pending answer, late, new, interview. */
  warning: 'bg-amber-100 text-amber-900',
  /** Stopped against the person's wish: cancelled, failed. */
  danger: 'bg-red-100 text-red-800',
  /** Information without urgency: filled, in progress. */
  info: 'bg-brand-50 text-brand-800',
  /** Over, nothing to do: refused, expired, closed, archived. */
  neutral: 'bg-slate-200 text-slate-800',
} as const
export type BadgeTone = keyof typeof TONES

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
  return (
    <span
      className={clsx(
        'inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}

/** A prescription's state (lib/applies/states.ts), from the referent's side and the partner's. */
export const PRESCRIPTION_STATE_TONES = {
  PRESCRIPTION_FILLED: 'warning',
  INTEGRATED_CANDIDATE: 'success',
  REFUSED_STRUCTURE: 'neutral',
  EXPIRED: 'neutral',
} as const satisfies Record<string, BadgeTone>
