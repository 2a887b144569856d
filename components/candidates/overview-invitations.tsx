import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge'
import { formatDate, formatDateTime } from '@/lib/dates'
import { FOLLOW_UP_LABELS, type FollowUpState, type ThemeFollowUp } from '@/lib/invitations/follow-up'

const TONES: Record<FollowUpState, BadgeTone> = {
  pending: 'warning',
  expired: 'neutral',
  declined: 'neutral',
  cancelled: 'danger',
  booked: 'info',
  present: 'success',
  absent: 'danger',
  excused: 'neutral',
}

/** What the state's date says: when it went and until when, when it ended, or the session booked. */
function when(f: ThemeFollowUp): string {
  switch (f.state) {
    case 'pending':
      return f.expiresAt
        ? `Envoyée le ${formatDate(f.sentAt)}, valable jusqu’au ${formatDate(new Date(f.expiresAt.getTime() - 1))}`
        : `Envoyée le ${formatDate(f.sentAt)}, sans date limite`
    case 'expired':
      return `Envoyée le ${formatDate(f.sentAt)}, expirée le ${formatDate(f.expiresAt)}`
    case 'declined':
    case 'cancelled':
      return f.closedAt
        ? `Envoyée le ${formatDate(f.sentAt)}, close le ${formatDate(f.closedAt)}`
        : `Envoyée le ${formatDate(f.sentAt)}`
    default:
      return f.sessionAt ? `Séance du ${formatDateTime(f.sessionAt)}` : `Envoyée le ${formatDate(f.sentAt)}`
  }
}

/** Each theme the candidate was invited to: its state after the latest invitation, and its date. */
export function InvitationFollowUpRows({ rows }: { rows: ThemeFollowUp[] }) {
  return (
    <ul className="flex flex-col gap-2 text-sm" data-testid="overview-invitations">
      {rows.map((f) => (
        <li key={f.theme} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <span className="min-w-0">
            <span className="font-medium break-words text-slate-900">{f.theme}</span>
            <span className="block text-slate-700">{when(f)}</span>
          </span>
          <StatusBadge tone={TONES[f.state]}>{FOLLOW_UP_LABELS[f.state]}</StatusBadge>
        </li>
      ))}
    </ul>
  )
}
