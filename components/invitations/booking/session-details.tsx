import type { SessionView } from '@/lib/invitations/public-view'

/** One session as the person reads it: (its day,) the hours and duration, then the title and the place. */
export function SessionDetails({ session, withDay = false }: { session: SessionView; withDay?: boolean }) {
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      {withDay && <span className="font-semibold text-slate-900 first-letter:uppercase">{session.dayLabel}</span>}
      <span className="font-semibold text-slate-900">
        {session.hours}
        {session.duration && <span className="font-normal text-slate-600"> ({session.duration})</span>}
      </span>
      <span className="text-slate-800">{session.name}</span>
      <span className="break-words text-slate-600">{session.place}</span>
    </span>
  )
}
