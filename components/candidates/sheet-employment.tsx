import { PlacementStatusBadge } from '@/components/job-offers/status-badges'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import type { SheetEmploymentData } from '@/lib/candidates/sheet/employment'
import { formatDate, formatDateTime } from '@/lib/dates'
import { PLACEMENT_STATUSES } from '@/lib/job-offers/labels'
import { fullName } from '@/lib/person-name'

/** The sheet's "Emploi" section: the candidate's placements on job offers, their status and history. */
export function SheetEmployment({ placements }: SheetEmploymentData) {
  return (
    <section aria-labelledby="sheet-employment" className="flex flex-col gap-4">
      <h2 id="sheet-employment" className="text-lg font-semibold">
        Emploi
      </h2>
      {placements.length === 0 ? (
        <EmptyState title="Aucun positionnement sur une offre d’emploi.">
          Positionnez le candidat depuis la page d’une offre d’emploi (menu Offres d’emploi).
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {placements.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <Link href={`/v2/offer/${p.jobOfferId}`} className="font-medium">
                    {p.title}
                  </Link>
                  {p.enterpriseName && <span className="text-slate-700"> · {p.enterpriseName}</span>}
                </span>
                <PlacementStatusBadge status={p.status} />
              </div>
              <ol
                aria-label={`Historique du positionnement sur ${p.title}`}
                className="mt-2 flex flex-col gap-1 text-slate-700"
              >
                {p.events.map((e, i) => (
                  <li key={i}>
                    {formatDate(e.at)} · {PLACEMENT_STATUSES[e.status]}
                    {e.status === 'interview' && e.interviewAt ? ` le ${formatDateTime(e.interviewAt)}` : ''}
                    {e.reason ? ` (${e.reason})` : ''}
                    {e.firstName || e.lastName ? ` · ${fullName(e)}` : ''}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
