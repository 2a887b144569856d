'use client'

import { clsx } from 'clsx'
import { NavLink } from '@/components/ui/nav-link'
import { useFirstRowsOnServer } from '@/components/ui/use-hydrated'
import { LeaveCourseButton, StepDoneButton } from './course-controls'

/** One step of an enrolled candidate, as the server worded it: its badge ('done', 'late' or 'due' and the text). */
export type EnrolmentStep = { stepId: string; title: string; kind: string; state: 'done' | 'late' | 'due'; badge: string; linkLabel: string | null; comment: string | null }
export type EnrolmentLine = { id: string; candidateId: string; firstName: string; lastName: string; enrolledOn: string; steps: EnrolmentStep[] }

/**
 * A course's enrolled candidates with each step done, due or late, "Marquer faite" and "Quitter le parcours". One client
 * component fed with the enrolments' data: rendered on the server, a page of 50 candidates with 4 steps each sent 250
 * button components and their element trees in the RSC payload (issue 16 §1).
 */
export function EnrolmentList({ enrolments, canModify, today }: { enrolments: EnrolmentLine[]; canModify: boolean; today: string }) {
  const shown = useFirstRowsOnServer(enrolments)
  return (
    <ul className="flex flex-col gap-3">
      {shown.map((e) => {
        const name = `${e.firstName} ${e.lastName}`
        return (
          <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <span>
                <NavLink href={`/v2/candidate/${e.candidateId}`} className="font-medium">
                  {e.lastName} {e.firstName}
                </NavLink>{' '}
                <span className="text-slate-600">inscrit le {e.enrolledOn}</span>
              </span>
              {canModify && <LeaveCourseButton enrolmentId={e.id} name={name} />}
            </div>
            <ol aria-label={`Progression de ${name}`} className="flex flex-col gap-1">
              {e.steps.map((p, i) => (
                <li key={p.stepId} className="flex flex-wrap items-center gap-2">
                  <span>
                    {i + 1}. {p.title}
                  </span>
                  <span className={clsx('rounded-full px-2 py-0.5 text-xs', p.state === 'done' ? 'bg-emerald-100 text-emerald-800' : p.state === 'late' ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-800')}>{p.badge}</span>
                  {p.linkLabel && <span className="text-slate-700">{p.linkLabel}</span>}
                  {p.comment && <span className="text-slate-700">«&nbsp;{p.comment}&nbsp;»</span>}
                  {canModify && p.state !== 'done' && <StepDoneButton enrolmentId={e.id} stepId={p.stepId} kind={p.kind} label={`${p.title} (${name})`} today={today} />}
                </li>
              ))}
            </ol>
          </li>
        )
      })}
    </ul>
  )
}
