import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { now } from '@/lib/clock'
import { EMPTY_VALUE, formatDate, formatTime } from '@/lib/format'
import { getDb } from '@/lib/db/client'
import { workshopsOfCandidate } from '@/lib/workshops/queries'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'
import { OverviewWorkshopButton } from './overview-actions'

/** The sheet's "Ateliers" section (issue 13 §1): the coming and past workshops of the candidate, with attendance. */
export async function SheetWorkshops({
  organisationId,
  candidateId,
  canOpen,
  canRegister,
}: {
  organisationId: string
  candidateId: string
  canOpen: boolean
  /** The user may register the candidate (workshops.modify, a candidate not anonymised): the empty parts' button. */
  canRegister: boolean
}) {
  const rows = await workshopsOfCandidate(getDb(), organisationId, candidateId)
  const at = now()
  const coming = rows.filter((r) => r.startsAt && (r.endsAt ?? r.startsAt) >= at).reverse()
  const past = rows.filter((r) => !coming.includes(r))
  const table = (caption: string, list: typeof rows, withAttendance: boolean) => (
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
      <h2 id="sheet-workshops" className="text-lg font-semibold">
        Ateliers
      </h2>
      {rows.length === 0 ? (
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
