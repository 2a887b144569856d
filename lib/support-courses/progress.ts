import { addCalendarDays } from '@/lib/dates'

/**
 * A candidate's progress in a course, pure: each step is due a number of days after the enrolment, or
 * after the previous step (done on its day, else its due date); a step done has its day; a step not done and due
 * before today is late. The enrolment keeps its next due date and step, so that the lists find the late ones by index.
 */
export type CourseStep = { id: string; title: string; delayDays: number; delayFrom: 'enrolment' | 'previous' }
export type StepProgress = { stepId: string; title: string; due: string; doneOn: string | null }

/** The steps in order, with their due dates and done days. */
export function stepProgress(steps: CourseStep[], enrolledOn: string, done: Map<string, string>): StepProgress[] {
  let previous = enrolledOn
  return steps.map((step) => {
    const due = addCalendarDays(step.delayFrom === 'enrolment' ? enrolledOn : previous, step.delayDays)
    const doneOn = done.get(step.id) ?? null
    previous = doneOn ?? due
    return { stepId: step.id, title: step.title, due, doneOn }
  })
}

/** The first step not done, with its due date; null when every step is done. */
export function nextStep(progress: StepProgress[]): { stepId: string; due: string } | null {
  const next = progress.find((p) => !p.doneOn)
  return next ? { stepId: next.stepId, due: next.due } : null
}

export const isLate = (p: StepProgress, today: string) => !p.doneOn && p.due < today
