import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { InviteButton } from '@/components/invitations/invite-button'
import { LetterLink } from '@/components/invitations/invite-result'
import type { SheetWorkshopRow, SheetWorkshopsData } from '@/lib/candidates/sheet/workshops'
import { formatDate, formatTime } from '@/lib/dates'
import { EMPTY_VALUE } from '@/lib/format'
import { channelsText } from '@/lib/invitations/invite-feedback'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'
import { OverviewWorkshopButton } from './overview-actions'

/**
 * The sheet's "Ateliers" section: the candidate's pending invitations (a letter one to print), the coming and past
 * workshops with attendance, and "Inviter à un atelier" when a theme has a coming session.
 */
export function SheetWorkshops({
  coming,
  past,
  invitations,
  themes,
  candidateId,
  canOpen,
  canRegister,
}: SheetWorkshopsData & {
  candidateId: string
  canOpen: boolean
  /** The user may register or invite the candidate (workshops.modify, a candidate not anonymised). */
  canRegister: boolean
}) {
  const table = (caption: string, list: SheetWorkshopRow[], withAttendance: boolean) => (
    <SimpleTable
      caption={caption}
      headers={['Date', 'Atelier', 'Inscription', ...(withAttendance ? ['Présence'] : [])]}
      rows={list.map((r) => ({
        key: r.id,
        cells: [
          r.startsAt ? `${formatDate(r.startsAt)} ${formatTime(r.startsAt)}` : '',
          canOpen ? (
            <Link key="w" href={`/workshops/${r.workshopId}`}>
              {r.name}
            </Link>
          ) : (
            r.name
          ),
          r.workshopStatus === 'cancelled'
            ? 'Atelier annulé'
            : r.status === 'waitlisted'
              ? 'Liste d’attente'
              : 'Inscrit',
          ...(withAttendance ? [r.attendance ? ATTENDANCE_LABELS[r.attendance] : EMPTY_VALUE] : []),
        ],
      }))}
    />
  )
  const register = canRegister ? (
    <OverviewWorkshopButton candidateId={candidateId} label="Inscrire à un atelier" />
  ) : null
  return (
    <section aria-labelledby="sheet-workshops" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sheet-workshops" className="text-lg font-semibold">
          Ateliers
        </h2>
        {canRegister && themes.length > 0 && (
          <InviteButton candidateIds={[candidateId]} themes={themes} label="Inviter à un atelier" />
        )}
      </div>
      {invitations.length > 0 && (
        <SimpleTable
          caption="Invitations en attente"
          headers={['Thème', 'Envoyée le', 'Par', 'Valable jusqu’au', 'Courrier']}
          rows={invitations.map((i) => ({
            key: i.id,
            cells: [
              i.theme,
              formatDate(i.createdAt),
              channelsText(i.channels),
              i.expiresAt ? formatDate(new Date(i.expiresAt.getTime() - 1)) : 'Sans limite',
              i.channels.includes('letter') && canRegister ? <LetterLink key="l" invitationId={i.id} /> : EMPTY_VALUE,
            ],
          }))}
        />
      )}
      {coming.length + past.length === 0 ? (
        <EmptyState title="Aucun atelier." action={register}>
          {canRegister
            ? 'Inscrivez le candidat à un atelier à venir.'
            : 'Les ateliers où le candidat est inscrit apparaîtront ici.'}
        </EmptyState>
      ) : (
        <>
          {coming.length > 0 ? (
            table('Ateliers à venir', coming, false)
          ) : (
            <EmptyState title="Aucun atelier à venir." action={register} />
          )}
          {past.length > 0 && table('Ateliers passés', past, true)}
        </>
      )}
    </section>
  )
}
