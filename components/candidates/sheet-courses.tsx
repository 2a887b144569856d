import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import type { SheetCoursesData } from '@/lib/candidates/sheet/courses'
import { formatDate } from '@/lib/dates'

/** The sheet's "Parcours" section: the candidate's courses, their next step or their exit. */
export function SheetCourses({ rows, today, canOpen }: SheetCoursesData & { canOpen: boolean }) {
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
              r.status !== 'active'
                ? `${r.status === 'finished' ? 'Terminé' : 'Abandonné'} le ${formatDate(r.endedOn)} (${r.endReason ?? ''})`
                : r.nextStep
                  ? `${r.nextStep}, ${r.nextDueOn && r.nextDueOn < today ? 'en retard depuis le' : 'avant le'} ${formatDate(r.nextDueOn)}`
                  : 'Toutes les étapes sont faites',
            ],
          }))}
        />
      )}
    </section>
  )
}
