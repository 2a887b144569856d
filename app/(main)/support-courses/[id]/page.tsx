import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { EnrolCandidatesDialog, StepsEditor } from '@/components/support-courses/course-controls'
import { EnrolmentList } from '@/components/support-courses/enrolment-list'
import { EmptyState } from '@/components/ui/empty-state'
import { Pager } from '@/components/prescriptions/pager'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { formatDate, parisToday } from '@/lib/dates'
import { orEmpty } from '@/lib/format'
import { formatCount, formatNumber } from '@/lib/numbers'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { can } from '@/lib/permissions'
import { listName } from '@/lib/person-name'
import { isLate } from '@/lib/support-courses/progress'
import { coursePage } from '@/lib/support-courses/course-page'
import { DELAY_FROM, STEP_KINDS, type StepKind } from '@/lib/support-courses/schemas'
import { workshopThemes } from '@/lib/workshops/queries'

export const generateMetadata = pageMetadata('supportCourse')

/**
 * A course's page (support-courses.visualize): its steps (editable, reordered by keyboard too), its
 * enrolled candidates with each step done, due or late, "Inscrire des candidats", and each candidate's exit.
 */
export default async function SupportCoursePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>
  searchParams: Promise<{ page?: string | string[] }>
}) {
  const { id } = await params
  const asked = Number((await searchParams).page)
  const user = await requirePagePermission('support-courses.visualize')
  if (!user.organisationId || !isUuid(id)) notFound()
  const organisationId = user.organisationId
  const pageAsked = Number.isInteger(asked) && asked > 0 ? asked : 1
  const view = await coursePage(getDb(), organisationId, id, { page: pageAsked })
  if (!view) notFound()
  const { course, active, left, activeTotal, leftTotal, page } = view
  const canModify = can(user, 'support-courses.modify')
  const today = parisToday(now())
  const stepsById = new Map(course.steps.map((s) => [s.id, s]))
  const themes = canModify ? await workshopThemes(getDb(), organisationId) : []
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={course.name}
        subtitle={`Responsable\u00a0: ${orEmpty(course.owner)} · ${formatCount(activeTotal, 'candidat')} en cours`}
        actions={canModify ? <EnrolCandidatesDialog courseId={course.id} /> : undefined}
      />
      {course.description && (
        <p className="max-w-3xl whitespace-pre-line text-sm text-slate-800">{course.description}</p>
      )}
      <section aria-labelledby="steps-title" className="flex flex-col gap-3">
        <h2 id="steps-title" className="text-lg font-semibold">
          Étapes ({course.steps.length})
        </h2>
        {canModify ? (
          <StepsEditor courseId={course.id} steps={course.steps} themes={themes} />
        ) : course.steps.length === 0 ? (
          <EmptyState title="Aucune étape.">Le responsable du parcours y écrira ses étapes.</EmptyState>
        ) : (
          <ol className="list-decimal pl-5 text-sm">
            {course.steps.map((s) => (
              <li key={s.id}>
                {s.title} · {STEP_KINDS[s.kind as StepKind]} · {s.delayDays} jours{' '}
                {DELAY_FROM[s.delayFrom as keyof typeof DELAY_FROM]}
                {s.workshopTheme && ` · invitations au thème «\u00a0${s.workshopTheme}\u00a0»`}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="enrolments-title" className="flex flex-col gap-3">
        <h2 id="enrolments-title" className="text-lg font-semibold">
          Candidats en cours ({formatNumber(activeTotal)})
        </h2>
        {activeTotal === 0 ? (
          <EmptyState
            title="Aucun candidat en cours."
            action={
              canModify ? (
                <EnrolCandidatesDialog courseId={course.id} label="Inscrire un premier candidat" variant="secondary" />
              ) : undefined
            }
          >
            {canModify
              ? 'Inscrivez des candidats pour suivre leur progression.'
              : 'Les candidats inscrits apparaîtront ici.'}
          </EmptyState>
        ) : (
          <EnrolmentList
            canModify={canModify}
            canInvite={can(user, 'workshops.modify')}
            today={today}
            // Every enrolment's progress follows the course's current steps, in their order (lib/support-courses/progress.ts).
            steps={(active[0]?.progress ?? []).map((p) => {
              const step = stepsById.get(p.stepId)
              return [p.stepId, p.title, step?.kind ?? 'other', step?.workshopTheme ?? null]
            })}
            enrolments={active.map((e) => ({
              id: e.id,
              candidateId: e.candidateId,
              firstName: e.firstName,
              lastName: e.lastName,
              enrolledOn: formatDate(e.enrolledOn),
              steps: e.progress.map((p) =>
                p.doneOn
                  ? ['done', formatDate(p.doneOn), p.linkLabel ?? null, p.comment ?? null]
                  : [isLate(p, today) ? 'late' : 'due', formatDate(p.due), p.linkLabel ?? null, p.comment ?? null],
              ),
            }))}
          />
        )}
        <Pager
          page={page}
          total={activeTotal}
          href={(p) => `/support-courses/${course.id}?page=${p}`}
          label="Pages des candidats en cours"
        />
      </section>
      {leftTotal > 0 && (
        <section aria-labelledby="left-title" className="flex flex-col gap-3">
          <h2 id="left-title" className="text-lg font-semibold">
            Sorties ({formatNumber(leftTotal)})
          </h2>
          {leftTotal > left.length && <p className="text-sm text-slate-700">Les {left.length} plus récentes.</p>}
          <ul className="flex flex-col gap-1 text-sm">
            {left.map((e) => (
              <li key={e.id}>
                {listName(e)} · {e.status === 'finished' ? 'Terminé' : 'Abandonné'} le {formatDate(e.endedOn)} ·{' '}
                {e.endReason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
