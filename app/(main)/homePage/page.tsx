import { notFound } from 'next/navigation'
import { ApplyCountCards } from '@/components/applies/apply-counts'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { applyCountsOfOrganisation } from '@/lib/prescriptions/counts'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { formatLongDay } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { userDay } from '@/lib/home/user-day'
import { can } from '@/lib/permissions'
import { RecordVisit } from './record-visit'
import { UserDaySections } from './user-day-sections'

export const generateMetadata = pageMetadata('homePage')

/** The user's day — what came since the last visit, what is late, what is unread. */
export default async function HomePage() {
  const user = await requirePagePermission('homePage.visualize')
  // An organisation's user: the session read their organisation's reminder delay with them.
  if (!user.organisationId || user.answerReminderDays === null) notFound()
  const db = getDb()
  const at = now()
  const showCandidates = can(user, 'candidate.visualize')
  const [day, counts] = await Promise.all([
    showCandidates
      ? userDay(db, {
          userId: user.id,
          organisationId: user.organisationId,
          wholeOrganisation: can(user, 'candidate.organisation.follow'),
          answerReminderDays: user.answerReminderDays,
          now: at,
        })
      : null,
    applyCountsOfOrganisation(db, user.organisationId),
  ])
  return (
    <>
      <PageHeader title={`Bonjour ${user.firstName}`} subtitle={`Votre journée du ${formatLongDay(at)}.`} />
      {/* The visit is remembered by the browser once the page is shown: rendering writes nothing. */}
      <RecordVisit readAt={at.toISOString()} />
      {day && <UserDaySections day={day} />}
      <h2 className="mb-3 text-lg font-semibold">Les prescriptions de votre organisation</h2>
      <ApplyCountCards counts={counts} />
    </>
  )
}
