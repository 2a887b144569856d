/**
 * The actions dashboard's filter of the prescriptions left without answer, kept in the URL (`waiting`): those waiting
 * more than N days (`waiting=15`; without it, the organisation's reminder delay), or those that expired unanswered
 * (`waiting=expired`). No database here: the page's form reads the same choices.
 */
export type WaitingFilter = { kind: 'days'; days: number } | { kind: 'expired' }

export const WAITING_PARAM = 'waiting'
export const EXPIRED_VALUE = 'expired'
/** The select's usual thresholds; the organisation's reminder delay and a value typed in the URL join them. */
export const WAITING_DAY_CHOICES = [7, 15, 30, 60]
const MAX_DAYS = 365

/** The URL's value: a whole number of days from 1 to 365, or 'expired'; anything else is no filter (null: the default). */
export function parseWaitingFilter(value: string | string[] | undefined): WaitingFilter | null {
  const v = Array.isArray(value) ? value[0] : value
  if (v === EXPIRED_VALUE) return { kind: 'expired' }
  if (!v || !/^\d{1,3}$/.test(v)) return null
  const days = Number(v)
  return days >= 1 && days <= MAX_DAYS ? { kind: 'days', days } : null
}

/** The select's options: the usual thresholds, the reminder delay and the current one, in order, then the expired ones. */
export function waitingOptions(reminderDays: number, current: WaitingFilter): { value: string; label: string }[] {
  const days = new Set([...WAITING_DAY_CHOICES, reminderDays])
  if (current.kind === 'days') days.add(current.days)
  return [
    ...[...days]
      .sort((a, b) => a - b)
      .map((n) => ({
        value: String(n),
        label: `Sans réponse depuis plus de ${n}\u00a0jour${n > 1 ? 's' : ''}${n === reminderDays ? ' (délai de relance)' : ''}`,
      })),
    { value: EXPIRED_VALUE, label: 'Expirées sans réponse' },
  ]
}
