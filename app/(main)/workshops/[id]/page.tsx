import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { EditWorkshopButton } from '@/components/workshops/workshop-form'
import { AllPresentButton, AttendanceSelect, CancelRegistrationButton, CancelWorkshopButton, RegisterCandidatesDialog } from '@/components/workshops/workshop-controls'
import { buttonClass } from '@/components/ui/button'
import { DetailList } from '@/components/ui/detail-list'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { formatDate, formatTime } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { partnerStructureChoices } from '@/lib/partners/queries'
import { can } from '@/lib/permissions'
import { formatPhone } from '@/lib/phone'
import { staffChoices, workshopFormValues } from '@/lib/workshops/form-values'
import { getWorkshop, organisationStaff, registrationsOf } from '@/lib/workshops/queries'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'

export const generateMetadata = pageMetadata('workshop')

/**
 * Issue 13 §1, a workshop's page (workshops.visualize): the workshop, its registrations (seated, then the waitlist in
 * order), "Inscrire des candidats", attendance once it has started. Another organisation's workshop is "not found".
 */
export default async function WorkshopPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requirePagePermission('workshops.visualize')
  if (!user.organisationId || !isUuid(id)) notFound()
  const db = getDb()
  const w = await getWorkshop(db, user.organisationId, id)
  if (!w) notFound()
  const at = now()
  const canModify = can(user, 'workshops.modify')
  const cancelled = w.status === 'cancelled'
  const started = !!w.startsAt && w.startsAt <= at
  const [registrations, staff, structures] = await Promise.all([
    registrationsOf(db, user.organisationId, id),
    canModify && !cancelled ? organisationStaff(db, user.organisationId) : [],
    canModify && !cancelled ? partnerStructureChoices(db, user.organisationId, true) : [],
  ])
  const seated = registrations.filter((r) => r.status === 'registered')
  const waiting = registrations.filter((r) => r.status === 'waitlisted')
  const linkCandidates = can(user, 'candidate.visualize')
  const nameCell = (r: (typeof registrations)[number]) =>
    linkCandidates ? (
      <Link key="c" href={`/v2/candidate/${r.candidateId}`}>
        {r.lastName} {r.firstName}
      </Link>
    ) : (
      `${r.lastName} ${r.firstName}`
    )
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={w.name}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            {cancelled && <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-800">Annulé</span>}
            <span>{w.startsAt ? `${formatDate(w.startsAt)}, ${formatTime(w.startsAt)}${w.endsAt ? ` – ${formatTime(w.endsAt)}` : ''}` : ''}</span>
            <span>
              {w.seatsTaken} / {w.capacity} places prises{w.waitlistCount ? ` · ${w.waitlistCount} en liste d’attente` : ''}
            </span>
          </span>
        }
        actions={
          canModify && !cancelled ? (
            <>
              {!started && <EditWorkshopButton workshopId={w.id} initial={workshopFormValues(w)} staff={staffChoices(staff)} structures={structures} />}
              {!started && <CancelWorkshopButton workshopId={w.id} people={seated.length + waiting.length} />}
              {!started && <RegisterCandidatesDialog workshopId={w.id} freeSeats={Math.max(0, (w.capacity ?? 0) - w.seatsTaken)} />}
            </>
          ) : undefined
        }
      />
      <DetailList
        items={[
          ['Thème', w.theme],
          ['Lieu', w.addressFormatted ?? (w.videoUrl ? `Visioconférence : ${w.videoUrl}`.replace(' :', '\u00a0:') : null)],
          ['Animateurs', w.facilitators.map((f) => `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim()).join(', ')],
          ['Co-organisé avec', w.structureName],
          ['Financement', w.fseFunded ? 'FSE+' : null],
          ['Description', w.description],
        ]}
      />
      <section aria-labelledby="registered-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="registered-title" className="text-lg font-semibold">
            Inscrits ({seated.length})
          </h2>
          <span className="flex flex-wrap gap-2">
            {!cancelled && seated.length > 0 && (
              <a href={`/api/workshops/${w.id}/sign-in-sheet`} download className={buttonClass('secondary')}>
                Feuille d’émargement (PDF)
              </a>
            )}
            {canModify && started && !cancelled && seated.length > 0 && <AllPresentButton workshopId={w.id} />}
          </span>
        </div>
        {seated.length === 0 ? (
          <EmptyState title="Aucun candidat inscrit.">{canModify && !cancelled ? 'Inscrivez des candidats : ils reçoivent leur convocation par SMS.'.replace(' :', '\u00a0:') : 'Les inscrits apparaîtront ici.'}</EmptyState>
        ) : (
          <SimpleTable
            caption={`Inscrits à ${w.name}`}
            headers={['Candidat', 'Téléphone', 'Lieu de résidence', 'Présence', ...(canModify && !started && !cancelled ? ['Action'] : [])]}
            rows={seated.map((r) => {
              const name = `${r.firstName} ${r.lastName}`
              return {
                key: r.id,
                cells: [
                  nameCell(r),
                  formatPhone(r.phone),
                  r.place ?? '',
                  started && canModify && !cancelled ? <AttendanceSelect key="a" registrationId={r.id} name={name} value={r.attendance} /> : r.attendance ? ATTENDANCE_LABELS[r.attendance] : '–',
                  ...(canModify && !started && !cancelled ? [<CancelRegistrationButton key="x" registrationId={r.id} name={name} />] : []),
                ],
              }
            })}
          />
        )}
      </section>
      <section aria-labelledby="waitlist-title" className="flex flex-col gap-3">
        <h2 id="waitlist-title" className="text-lg font-semibold">
          Liste d’attente ({waiting.length})
        </h2>
        {waiting.length === 0 ? (
          <p className="text-sm text-slate-700">Personne en liste d’attente.</p>
        ) : (
          <SimpleTable
            caption={`Liste d’attente de ${w.name}`}
            headers={['Rang', 'Candidat', 'Téléphone', ...(canModify && !started && !cancelled ? ['Action'] : [])]}
            rows={waiting.map((r, i) => ({
              key: r.id,
              cells: [i + 1, nameCell(r), formatPhone(r.phone), ...(canModify && !started && !cancelled ? [<CancelRegistrationButton key="x" registrationId={r.id} name={`${r.firstName} ${r.lastName}`} />] : [])],
            }))}
          />
        )}
      </section>
    </div>
  )
}
