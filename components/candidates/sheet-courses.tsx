import { InviteButton } from '@/components/invitations/invite-button'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import type { SheetCoursesData } from '@/lib/candidates/sheet/courses'
import { formatDate } from '@/lib/dates'

/**
 * The sheet's "Parcours" section: the candidate's courses, their next step or their exit; a next step of kind "atelier"
 * with a theme offers "Inviter à l’étape" (workshops.modify).
 */
export function SheetCourses({
  rows,
  today,
  candidateId,
  canOpen,
  canInvite,
}: SheetCoursesData & { candidateId: string; canOpen: boolean; canInvite: boolean }) {
  return (
    <section aria-labelledby="sheet-courses" className="flex flex-col gap-4">
      <h2 id="sheet-courses" className="text-lg font-semibold">
        Parcours
      </h2>
      {rows.length === 0 ? (
        <EmptyState title="Aucun parcours.">
          Inscrivez le candidat depuis la page d’un parcours (menu Parcours d’accompagnement).
        </EmptyState>
      ) : (
        <SimpleTable
          caption="Parcours du candidat"
          headers={['Parcours', 'Inscrit le', 'Où il en est']}
          rows={rows.map((r) => ({
            key: r.id,
            cells: [
              canOpen ? (
                <Link key="c" href={`/support-courses/${r.courseId}`}>
                  {r.name}
                </Link>
              ) : (
                r.name
              ),
              formatDate(r.enrolledOn),
              <span key="w" className="flex flex-wrap items-center gap-2">
                {r.status !== 'active'
                  ? `${r.status === 'finished' ? 'Terminé' : 'Abandonné'} le ${formatDate(r.endedOn)} (${r.endReason ?? ''})`
                  : r.nextStep
                    ? `${r.nextStep}, ${r.nextDueOn && r.nextDueOn < today ? 'en retard depuis le' : 'avant le'} ${formatDate(r.nextDueOn)}`
                    : 'Toutes les étapes sont faites'}
                {r.status === 'active' && r.nextStepId && r.nextStep && r.nextStepTheme && canInvite && (
                  <InviteButton
                    candidateIds={[candidateId]}
                    theme={r.nextStepTheme}
                    step={{ id: r.nextStepId, title: r.nextStep }}
                    label="Inviter à l’étape"
                    ariaLabel={`Inviter à l’étape\u00a0: ${r.nextStep}`}
                    className="px-2 py-1 text-xs"
                  />
                )}
              </span>,
            ],
          }))}
        />
      )}
    </section>
  )
}
