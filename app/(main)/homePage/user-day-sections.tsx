import { MarkAnswerReadButton } from '@/components/prescriptions/mark-answer-read-button'
import { DASHBOARD_ROWS, dashboardHref } from '@/lib/prescriptions/dashboard-lists'
import { PrescriptionsTable } from '@/components/prescriptions/prescriptions-table'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import type { UserDay } from '@/lib/home/user-day'
import { sinceLastVisit } from '@/lib/home/unread-sentence'
import { formatNumber } from '@/lib/numbers'
import { listName } from '@/lib/person-name'

/** '1 réponse de partenaire non lue', '3 réponses … non lues', 'Aucune réponse … non lue'. */
const unread = (n: number, one: string, many: string) =>
  n === 0 ? `Aucune ${one} non lue` : `${formatNumber(n)} ${n > 1 ? `${many} non lues` : `${one} non lue`}`

/** What is unread, the partners' answers not read yet, and the prescriptions late for an answer. */
export function UserDaySections({ day }: { day: UserDay }) {
  return (
    <div className="mb-8 flex flex-col gap-8">
      <section aria-labelledby="home-unread" className="flex flex-col gap-2">
        <h2 id="home-unread" className="text-lg font-semibold">
          À lire
        </h2>
        <ul className="flex flex-wrap gap-3 text-sm">
          <li className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <Link href="#home-answers">
              {unread(day.unreadCount, 'réponse de partenaire', 'réponses de partenaires')}
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
            ({sinceLastVisit(day.unreadCount, day.unreadSinceLastVisit, day.lastVisit)})
          </span>
        </h2>
        {day.unreadCount === 0 ? (
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
            <PrescriptionsTable
              caption="Réponses de partenaires non lues"
              rows={day.unreadAnswers}
              extra={{
                header: <span className="sr-only">Action</span>,
                cell: (row) => <MarkAnswerReadButton applyId={row.id} about={`${listName(row)}, ${row.offerName}`} />,
              }}
            />
            <p className="text-sm">
              <Link
                href={dashboardHref(null, { answers: day.unreadCount > DASHBOARD_ROWS, unanswered: false }, 'answers')}
              >
                {day.unreadCount > day.unreadAnswers.length
                  ? `Voir les ${formatNumber(day.unreadCount)} réponses non lues sur le tableau des actions`
                  : 'Voir les réponses sur le tableau des actions'}
              </Link>
            </p>
          </>
        )}
      </section>
      <LatePrescriptions day={day} />
    </div>
  )
}

/** The prescriptions left without an answer past the reminder delay: the first ones (HOME_ROWS), and a link to all. */
function LatePrescriptions({ day }: { day: UserDay }) {
  return (
    <section aria-labelledby="home-late" className="flex flex-col gap-3">
      <h2 id="home-late" className="text-lg font-semibold">
        Prescriptions en retard
        <span className="font-normal text-slate-600"> (sans réponse depuis plus de {day.reminderDays}&nbsp;jours)</span>
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
          <PrescriptionsTable caption="Prescriptions en retard" rows={day.late.rows} unanswered />
          {day.late.total > day.late.rows.length && (
            <p className="text-sm">
              <Link
                href={dashboardHref(
                  null,
                  { answers: false, unanswered: day.late.total > DASHBOARD_ROWS },
                  'unanswered',
                )}
              >
                Voir les {formatNumber(day.late.total)} prescriptions en retard
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  )
}
