import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { InviteButton } from '@/components/invitations/invite-button'
import { EditWorkshopButton } from '@/components/workshops/workshop-form'
import { CancelWorkshopButton, RegisterCandidatesDialog } from '@/components/workshops/workshop-controls'
import { WorkshopRegistrations } from '@/components/workshops/workshop-registrations'
import { DetailList } from '@/components/ui/detail-list'
import { StatusBadge, WORKSHOP_STATUS_TONES } from '@/components/ui/status-badge'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { formatDate, formatTime } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { themesWithSessions } from '@/lib/invitations/sessions'
import { can } from '@/lib/permissions'
import { fullName } from '@/lib/person-name'
import { workshopFormValues } from '@/lib/workshops/form-values'
import { getWorkshop } from '@/lib/workshops/queries'

export const generateMetadata = pageMetadata('workshop')

/**
 * A workshop's page (workshops.visualize): the workshop, its registrations (seated, then the waitlist in
 * order), "Inscrire des candidats", "Inviter des candidats à ce thème" while the theme has a coming session, attendance
 * once it has started. Another organisation's workshop is "not found".
 */
export default async function WorkshopPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requirePagePermission('workshops.visualize')
  if (!user.organisationId || !isUuid(id)) notFound()
  const db = getDb()
  const at = now()
  const canModify = can(user, 'workshops.modify')
  const [w, themes] = await Promise.all([
    getWorkshop(db, user.organisationId, id),
    canModify ? themesWithSessions(db, user.organisationId, at) : ([] as string[]),
  ])
  if (!w) notFound()
  const cancelled = w.status === 'cancelled'
  const started = !!w.startsAt && w.startsAt <= at
  // Invited to the theme, not to this session: the person picks among its coming sessions.
  const invitable = !!w.theme && themes.includes(w.theme)
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={w.name}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            {cancelled && <StatusBadge tone={WORKSHOP_STATUS_TONES.cancelled}>Annulé</StatusBadge>}
            <span>
              {w.startsAt
                ? `${formatDate(w.startsAt)}, ${formatTime(w.startsAt)}${w.endsAt ? ` – ${formatTime(w.endsAt)}` : ''}`
                : ''}
            </span>
            <span>
              {w.seatsTaken} / {w.capacity} places prises
              {w.waitlistCount ? ` · ${w.waitlistCount} en liste d’attente` : ''}
            </span>
          </span>
        }
        actions={
          canModify && (!cancelled || invitable) ? (
            <>
              {invitable && <InviteButton theme={w.theme} label="Inviter des candidats à ce thème" />}
              {!started && !cancelled && <EditWorkshopButton workshopId={w.id} initial={workshopFormValues(w)} />}
              {!started && !cancelled && (
                <CancelWorkshopButton workshopId={w.id} people={w.seatsTaken + w.waitlistCount} />
              )}
              {!started && !cancelled && (
                <RegisterCandidatesDialog workshopId={w.id} freeSeats={Math.max(0, (w.capacity ?? 0) - w.seatsTaken)} />
              )}
            </>
          ) : undefined
        }
      />
      <DetailList
        items={[
          ['Thème', w.theme],
          ['Lieu', w.addressFormatted ?? (w.videoUrl ? `Visioconférence\u00a0: ${w.videoUrl}` : null)],
          ['Animateurs', w.facilitators.map(fullName).join(', ')],
          ['Co-organisé avec', w.structureName],
          ['Financement', w.fseFunded ? 'FSE+' : null],
          ['Description', w.description],
        ]}
      />
      {/* The registrations are read by the browser: the page's first byte does not wait for 200 rows. */}
      <WorkshopRegistrations
        workshopId={w.id}
        name={w.name}
        version={[
          w.seatsTaken,
          w.waitlistCount,
          w.presentCount,
          w.excusedCount,
          w.unexcusedCount,
          w.updatedAt.getTime(),
        ].join('-')}
        started={started}
        cancelled={cancelled}
        canModify={canModify}
        linkCandidates={can(user, 'candidate.visualize')}
      />
    </div>
  )
}
