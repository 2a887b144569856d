import { byDay, type SessionView } from '@/lib/invitations/public-view'
import { SessionDetails } from './session-details'

/** The sessions open to booking, by day: read only, before the name check. */
export function SessionDays({ sessions }: { sessions: SessionView[] }) {
  return (
    <ul className="flex flex-col gap-4">
      {byDay(sessions).map((day) => (
        <li key={day.day}>
          <h3 className="mb-2 text-sm font-semibold text-slate-900 first-letter:uppercase">{day.label}</h3>
          <ul className="flex flex-col gap-2">
            {day.sessions.map((s) => (
              <li key={s.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <SessionDetails session={s} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
