'use client'

import Link from '@/components/ui/link'
import { COURSE_STEP_TONES, StatusBadge } from '@/components/ui/status-badge'
import { InviteButton } from '@/components/invitations/invite-button'
import { LeaveCourseButton, StepDoneButton } from './course-controls'
import { fullName, listName } from '@/lib/person-name'
import { ofName } from '@/lib/text/french'

/** One of the course's steps, as every enrolment follows them: its id, title, kind and (atelier) invitations' theme. */
export type CourseStepLine = [stepId: string, title: string, kind: string, workshopTheme: string | null]
/** An enrolment's progress on one step (in the course's order): done, late or due, with its date as written, and what was noted. */
export type EnrolmentStep = [
  state: 'done' | 'late' | 'due',
  date: string,
  linkLabel: string | null,
  comment: string | null,
]
export type EnrolmentLine = {
  id: string
  candidateId: string
  firstName: string
  lastName: string
  enrolledOn: string
  steps: EnrolmentStep[]
}

const BADGE = {
  done: (d: string) => `Faite le ${d}`,
  late: (d: string) => `En retard (prévue le ${d})`,
  due: (d: string) => `À faire avant le ${d}`,
}

/**
 * A course's enrolled candidates with each step done, due or late, "Marquer faite" and "Quitter le parcours". One client
 * component fed with the enrolments' data, the steps' titles sent once for all of them: rendered on the server, a page
 * of 50 candidates with 4 steps each sent 250 button components and their element trees in the RSC payload, and each
 * step's title 50 times.
 */
export function EnrolmentList({
  steps,
  enrolments,
  canModify,
  canInvite,
  today,
}: {
  steps: CourseStepLine[]
  enrolments: EnrolmentLine[]
  canModify: boolean
  /** workshops.modify: a step of kind "atelier" with a theme offers "Inviter". */
  canInvite: boolean
  today: string
}) {
  return (
    <ul className="flex flex-col gap-3">
      {enrolments.map((e) => {
        const name = fullName(e)
        return (
          <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <span>
                <Link href={`/v2/candidate/${e.candidateId}`} className="font-medium">
                  {listName(e)}
                </Link>{' '}
                <span className="text-slate-600">inscrit le {e.enrolledOn}</span>
              </span>
              {canModify && <LeaveCourseButton enrolmentId={e.id} name={name} />}
            </div>
            <ol aria-label={`Progression ${ofName(name)}`} className="flex flex-col gap-1">
              {e.steps.map(([state, date, linkLabel, comment], i) => {
                const [stepId, title, kind, theme] = steps[i]!
                return (
                  <li key={stepId} className="flex flex-wrap items-center gap-2">
                    <span>
                      {i + 1}. {title}
                    </span>
                    <StatusBadge tone={COURSE_STEP_TONES[state]}>{BADGE[state](date)}</StatusBadge>
                    {linkLabel && <span className="text-slate-700">{linkLabel}</span>}
                    {comment && <span className="text-slate-700">«&nbsp;{comment}&nbsp;»</span>}
                    {canModify && state !== 'done' && (
                      <StepDoneButton
                        enrolmentId={e.id}
                        stepId={stepId}
                        kind={kind}
                        label={`${title} (${name})`}
                        today={today}
                      />
                    )}
                    {canInvite && theme && state !== 'done' && (
                      <InviteButton
                        candidateIds={[e.candidateId]}
                        theme={theme}
                        step={{ id: stepId, title }}
                        label="Inviter"
                        ariaLabel={`Inviter à l’étape\u00a0: ${title} (${name})`}
                        className="px-2 py-1 text-xs"
                      />
                    )}
                  </li>
                )
              })}
            </ol>
          </li>
        )
      })}
    </ul>
  )
}
