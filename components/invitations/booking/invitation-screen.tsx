import type { InvitationView } from '@/lib/invitations/public-view'
import { INVITATION_MESSAGES } from '@/lib/invitations/messages'
import { BookedView } from './booked-view'
import { ContactCard } from './contact-card'
import { NameCheckForm } from './name-check-form'
import { SessionChooser } from './session-chooser'
import { SessionDays } from './session-days'

/**
 * The person's page for one invitation: the organisation and the theme, then what the invitation allows now. A link
 * that can no longer book says why and whom to call, never an error page.
 */
export function InvitationScreen({ view }: { view: InvitationView }) {
  return (
    <section className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-slate-600">{view.organisation.name} · Invitation à un atelier</p>
        <h1 className="text-2xl font-semibold break-words text-slate-900">{view.theme}</h1>
      </header>
      <Body view={view} />
    </section>
  )
}

function Body({ view }: { view: InvitationView }) {
  const { organisation, code } = view
  const call = (lead: string) => <ContactCard organisation={organisation} lead={lead} />
  switch (view.state) {
    case 'locked':
      return (
        <>
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {INVITATION_MESSAGES.nameLocked(view.lockedMinutes ?? 1)}
          </p>
          {call('Besoin d’aide tout de suite\u00a0?')}
        </>
      )
    case 'expired':
      return call(
        `Cette invitation n’est plus valable${view.lastDay ? `\u00a0: la date limite était le ${view.lastDay}` : ''}. Pour choisir une date, contactez la structure.`,
      )
    case 'closed':
      return call(
        view.status === 'declined'
          ? 'Vous avez annulé votre place, ou refusé cette invitation. Pour choisir une autre date, contactez la structure.'
          : `${organisation.name} a annulé cette invitation. Pour en savoir plus, contactez la structure.`,
      )
    case 'booked':
      if (!view.checked)
        return (
          <>
            <p className="text-sm text-slate-700">
              Vous avez réservé une séance. Pour la voir, la changer ou l’annuler, tapez d’abord les trois premières
              lettres de votre nom de famille.
            </p>
            <NameCheckForm code={code} />
          </>
        )
      if (!view.booking)
        return call('Votre réservation n’est plus active. Pour choisir une date, contactez la structure.')
      return <BookedView code={code} booking={view.booking} sessions={view.sessions} organisation={organisation} />
    case 'open':
      if (view.sessions.length === 0)
        return call(
          'Toutes les séances de cet atelier sont complètes pour le moment. Pour trouver une date, contactez la structure.',
        )
      return (
        <>
          <p className="text-sm text-slate-700">
            {organisation.name} vous invite à choisir vous-même la séance qui vous convient
            {view.lastDay ? `, jusqu’au ${view.lastDay} inclus` : ''}.
          </p>
          {view.checked ? (
            <SessionChooser code={code} sessions={view.sessions} mode="book" />
          ) : (
            <>
              <NameCheckForm code={code} />
              <div className="flex flex-col gap-3">
                <h2 className="text-lg font-semibold text-slate-900">Les séances proposées</h2>
                <SessionDays sessions={view.sessions} />
              </div>
            </>
          )}
        </>
      )
  }
}
