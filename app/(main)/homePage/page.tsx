import { notFound } from 'next/navigation'
import { ApplyCountCards } from '@/components/applies/apply-counts'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { PrescriptionsTable } from '@/components/prescriptions/prescriptions-table'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { applyCountsOfOrganisation } from '@/lib/applies/queries'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { TIME_ZONE } from '@/lib/dates'
import { formatDateTime } from '@/lib/format'
import { getDb } from '@/lib/db/client'
import { userDay } from '@/lib/home/user-day'
import { formatNumber } from '@/lib/numbers'
import { can } from '@/lib/permissions'
import { RecordVisit } from './record-visit'

export const generateMetadata = pageMetadata('homePage')

/** '1 réponse de partenaire non lue', '3 réponses … non lues', 'Aucune réponse … non lue'. */
const unread = (n: number, one: string, many: string) =>
  n === 0 ? `Aucune ${one} non lue` : `${formatNumber(n)} ${n > 1 ? `${many} non lues` : `${one} non lue`}`

/** How many of the unread answers came since the last visit, and when it was. */
function sinceLastVisit(n: number, lastVisit: Date | null): string {
  if (!lastVisit) return 'première visite'
  const count = n === 0 ? 'aucune' : formatNumber(n)
  return `${count} depuis votre dernière visite, le ${formatDateTime(lastVisit)}`
}

/** Issue 15 §3: the user's day — what came since the last visit, what is late, what is unread. */
export default async function HomePage() {
  const user = await requirePagePermission('homePage.visualize')
  if (!user.organisationId) notFound()
  const db = getDb()
  const at = now()
  const showCandidates = can(user, 'candidate.visualize')
  const [day, counts] = await Promise.all([
    showCandidates
      ? userDay(db, {
          userId: user.id,
          organisationId: user.organisationId,
          wholeOrganisation: user.role === 'admin',
          now: at,
        })
      : null,
    applyCountsOfOrganisation(db, user.organisationId),
  ])
  const today = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: TIME_ZONE,
  }).format(at)
  return (
    <>
      <PageHeader title={`Bonjour ${user.firstName}`} subtitle={`Votre journée du ${today}.`} />
      {/* The visit is remembered by the browser once the page is shown: rendering writes nothing. */}
      <RecordVisit readAt={at.toISOString()} />
      {day && (
        <div className="mb-8 flex flex-col gap-8">
          <section aria-labelledby="home-unread" className="flex flex-col gap-2">
            <h2 id="home-unread" className="text-lg font-semibold">
              À lire
            </h2>
            <ul className="flex flex-wrap gap-3 text-sm">
              <li className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                <Link href="#home-answers">
                  {unread(day.unreadAnswers.length, 'réponse de partenaire', 'réponses de partenaires')}
                </Link>
              </li>
              <li className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                <Link href="/v2/actions/dashboard#sms-replies">
                  {unread(day.unreadReplies, 'réponse à vos SMS', 'réponses à vos SMS')}
                </Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="home-answers" className="flex flex-col gap-3">
            <h2 id="home-answers" className="text-lg font-semibold">
              Réponses de partenaires non lues
              <span className="font-normal text-slate-600">
                {' '}
                ({sinceLastVisit(day.unreadSinceLastVisit, day.lastVisit)})
              </span>
            </h2>
            {day.unreadAnswers.length === 0 ? (
              <EmptyState
                title="Aucune réponse de partenaire non lue."
                action={
                  <Link href="/v2/actions/dashboard" className={buttonClass('secondary')}>
                    Voir les réponses des 30 derniers jours
                  </Link>
                }
              >
                Les réponses des partenaires à vos prescriptions apparaîtront ici.
              </EmptyState>
            ) : (
              <>
                <PrescriptionsTable caption="Réponses de partenaires non lues" rows={day.unreadAnswers} />
                <p className="text-sm">
                  <Link href="/v2/actions/dashboard#answers">Marquer comme lues sur le tableau des actions</Link>
                </p>
              </>
            )}
          </section>
          <section aria-labelledby="home-late" className="flex flex-col gap-3">
            <h2 id="home-late" className="text-lg font-semibold">
              Prescriptions en retard
              <span className="font-normal text-slate-600">
                {' '}
                (sans réponse depuis plus de {day.reminderDays}&nbsp;jours)
              </span>
            </h2>
            {day.late.total === 0 ? (
              <EmptyState
                title="Aucune prescription en retard."
                action={
                  <Link href="/v2/candidates/fup" className={buttonClass('secondary')}>
                    Voir le suivi des prescriptions
                  </Link>
                }
              >
                Les prescriptions restées sans réponse au-delà du délai de relance apparaîtront ici.
              </EmptyState>
            ) : (
              <>
                <PrescriptionsTable caption="Prescriptions en retard" rows={day.late.rows.slice(0, 5)} unanswered />
                {day.late.total > 5 && (
                  <p className="text-sm">
                    <Link href="/v2/actions/dashboard#unanswered">
                      Voir les {formatNumber(day.late.total)} prescriptions en retard
                    </Link>
                  </p>
                )}
              </>
            )}
          </section>
        </div>
      )}
      <h2 className="mb-3 text-lg font-semibold">Les prescriptions de votre organisation</h2>
      <ApplyCountCards counts={counts} />
    </>
  )
}
