import { formatLongDay, formatTime, parisClock } from '@/lib/dates'
import { formatPhone, phoneParts } from '@/lib/phone'
import type { InvitationState } from './booking'
import type { OpenSession } from './sessions'

/**
 * What the person's page shows, as text: every date in Paris time and in French, computed on the server so that the
 * browser gets no instant to format. Nothing personal: the person's name never leaves the server; the booking is only
 * there once the name check passed (invitationPage).
 */
export type SessionView = {
  id: string
  /** 'yyyy-MM-dd' in Paris: the list is grouped by day. */
  day: string
  /** 'jeudi 3 décembre' */
  dayLabel: string
  /** '14:00 – 16:30', or '14:00' without an end. */
  hours: string
  /** '2 h 30', or '' without an end. */
  duration: string
  name: string
  /** The address, or 'En ligne' for a session by video. */
  place: string
}

export type BookingView = SessionView & {
  workshopId: string
  videoUrl: string | null
  /** Still 24 hours or more before it starts: the person may move or cancel it from the link. */
  changeable: boolean
  past: boolean
}

export type ContactView = { name: string; phone: string | null; tel: string | null; email: string | null }

export type InvitationView = {
  code: string
  organisation: ContactView
  theme: string
  state: InvitationState
  status: 'pending' | 'booked' | 'declined' | 'cancelled'
  /** The last day to book ('vendredi 11 décembre'), null for an invitation without limit. */
  lastDay: string | null
  /** Minutes left of a lock after too many wrong names. */
  lockedMinutes: number | null
  checked: boolean
  booking: BookingView | null
  sessions: SessionView[]
}

type Session = Pick<OpenSession, 'id' | 'name' | 'startsAt' | 'endsAt' | 'addressFormatted' | 'videoUrl'>

/** '2 h 30', '1 h', '45 min' (non-breaking spaces: the figure never ends a line apart from its unit). */
export function durationText(minutes: number): string {
  if (minutes <= 0) return ''
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return `${m}\u00a0min`
  return m === 0 ? `${h}\u00a0h` : `${h}\u00a0h\u00a0${String(m).padStart(2, '0')}`
}

export function sessionView(s: Session): SessionView {
  const minutes = s.endsAt ? Math.round((s.endsAt.getTime() - s.startsAt.getTime()) / 60_000) : 0
  return {
    id: s.id,
    day: parisClock(s.startsAt).date,
    dayLabel: formatLongDay(s.startsAt),
    hours: s.endsAt && minutes > 0 ? `${formatTime(s.startsAt)} – ${formatTime(s.endsAt)}` : formatTime(s.startsAt),
    duration: durationText(minutes),
    name: s.name,
    place: s.addressFormatted?.trim() || (s.videoUrl ? 'En ligne' : 'Lieu communiqué par la structure'),
  }
}

/** The sessions by day, soonest first (they come sorted). */
export function byDay(sessions: SessionView[]): { day: string; label: string; sessions: SessionView[] }[] {
  const days: { day: string; label: string; sessions: SessionView[] }[] = []
  for (const s of sessions) {
    const last = days.at(-1)
    if (last?.day === s.day) last.sessions.push(s)
    else days.push({ day: s.day, label: s.dayLabel, sessions: [s] })
  }
  return days
}

export function contactView(org: { name: string; phone: string | null; email: string | null }): ContactView {
  const parts = phoneParts(org.phone)
  return {
    name: org.name,
    phone: org.phone?.trim() ? formatPhone(org.phone) : null,
    // A tel: link dials what the phone understands: +33… or 0…
    tel: parts ? (parts.callingCode ? `+${parts.callingCode}${parts.national}` : `0${parts.national}`) : null,
    email: org.email?.trim() || null,
  }
}

type Page = {
  organisation: { name: string; phone: string | null; email: string | null }
  theme: string
  expiresAt: Date | null
  status: InvitationView['status']
  state: InvitationState
  lockedUntil: Date | null
  checked: boolean
  booking: (Omit<Session, 'id' | 'endsAt'> & { workshopId: string; endsAt: Date | null; changeable: boolean }) | null
  sessions: Session[]
}

export function invitationView(code: string, page: Page, now: Date): InvitationView {
  const b = page.booking
  return {
    code,
    organisation: contactView(page.organisation),
    theme: page.theme,
    state: page.state,
    status: page.status,
    // expires_at is the first instant after the last day (midnight, Paris).
    lastDay: page.expiresAt ? formatLongDay(new Date(page.expiresAt.getTime() - 1)) : null,
    lockedMinutes:
      page.state === 'locked' && page.lockedUntil
        ? Math.max(1, Math.ceil((page.lockedUntil.getTime() - now.getTime()) / 60_000))
        : null,
    checked: page.checked,
    booking: b && {
      ...sessionView({ ...b, id: b.workshopId }),
      workshopId: b.workshopId,
      videoUrl: b.videoUrl,
      changeable: b.changeable,
      past: b.startsAt <= now,
    },
    sessions: page.sessions.map(sessionView),
  }
}
