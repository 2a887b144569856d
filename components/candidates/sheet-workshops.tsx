import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import type { SheetWorkshopRow, SheetWorkshopsData } from '@/lib/candidates/sheet/workshops'
import { formatDate, formatTime } from '@/lib/dates'
import { EMPTY_VALUE } from '@/lib/format'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'
import { OverviewWorkshopButton } from './overview-actions'

/** The sheet's "Ateliers" section: the coming and past workshops of the candidate, with attendance. */
export function SheetWorkshops({
  coming,
  past,
  candidateId,
  canOpen,
  canRegister,
}: SheetWorkshopsData & {
  candidateId: string
  canOpen: boolean
  /** The user may register the candidate (workshops.modify, a candidate not anonymised): the empty parts' button. */
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
      <h2 id="sheet-workshops" className="text-lg font-semibold">
        Ateliers
      </h2>
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
