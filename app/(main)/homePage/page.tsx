import { notFound } from 'next/navigation'
import { ApplyCountCards } from '@/components/applies/apply-counts'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { PrescriptionsTable } from '@/components/prescriptions/prescriptions-table'
import { EmptyState } from '@/components/ui/empty-state'
import { NavLink } from '@/components/ui/nav-link'
import { applyCountsOfOrganisation } from '@/lib/applies/queries'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { formatDateTime, TIME_ZONE } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { recordHomeVisit, userDay } from '@/lib/home/user-day'
import { can } from '@/lib/permissions'

export const generateMetadata = pageMetadata('homePage')

const plural = (n: number, one: string, many: string) => (n === 0 ? `Aucune ${one}` : `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`)

/** Issue 15 §3: the user's day — what came since the last visit, what is late, what is unread. */
export default async function HomePage() {
  const user = await requirePagePermission('homePage.visualize')
  if (!user.organisationId) notFound()
  const db = getDb()
  const at = now()
  const showCandidates = can(user, 'candidate.visualize')
  const day = showCandidates ? await userDay(db, { userId: user.id, organisationId: user.organisationId, wholeOrganisation: user.role === 'admin', now: at }) : null
  const counts = await applyCountsOfOrganisation(db, user.organisationId)
  await recordHomeVisit(db, user.id, at)
  const today = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: TIME_ZONE }).format(at)
  return (
    <>
      <PageHeader title={`Bonjour ${user.firstName}`} subtitle={`Votre journée du ${today}.`} />
      {day && (
        <div className="mb-8 flex flex-col gap-8">
          <section aria-labelledby="home-unread" className="flex flex-col gap-2">
            <h2 id="home-unread" className="text-lg font-semibold">
              À lire
            </h2>
            <ul className="flex flex-wrap gap-3 text-sm">
              <li className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                <NavLink href="/v2/actions/dashboard">{plural(day.unreadAnswers, 'réponse de partenaire non lue', 'réponses de partenaires non lues')}</NavLink>
              </li>
              <li className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                <NavLink href="/v2/actions/dashboard#sms-replies">{plural(day.unreadReplies, 'réponse à vos SMS non lue', 'réponses à vos SMS non lues')}</NavLink>
              </li>
            </ul>
          </section>
          <section aria-labelledby="home-new" className="flex flex-col gap-3">
            <h2 id="home-new" className="text-lg font-semibold">
              Réponses reçues depuis votre dernière visite
              <span className="font-normal text-slate-600"> ({day.lastVisit ? `le ${formatDateTime(day.lastVisit)}` : 'première visite'})</span>
            </h2>
            {day.newAnswers.length === 0 ? (
              <EmptyState title="Aucune nouvelle réponse.">Les réponses des partenaires à vos prescriptions apparaîtront ici.</EmptyState>
            ) : (
              <PrescriptionsTable caption="Réponses reçues depuis votre dernière visite" rows={day.newAnswers} />
            )}
          </section>
          <section aria-labelledby="home-late" className="flex flex-col gap-3">
            <h2 id="home-late" className="text-lg font-semibold">
              Prescriptions en retard
              <span className="font-normal text-slate-600"> (sans réponse depuis plus de {day.reminderDays} jours)</span>
            </h2>
            {day.late.total === 0 ? (
              <EmptyState title="Aucune prescription en retard.">Les prescriptions restées sans réponse au-delà du délai de relance apparaîtront ici.</EmptyState>
            ) : (
              <>
                <PrescriptionsTable caption="Prescriptions en retard" rows={day.late.rows.slice(0, 5)} unanswered />
                {day.late.total > 5 && (
                  <p className="text-sm">
                    <NavLink href="/v2/actions/dashboard">Voir les {day.late.total.toLocaleString('fr-FR')} prescriptions en retard</NavLink>
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
