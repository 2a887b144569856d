import { describe, expect, it } from 'vitest'
import { isLate, nextStep, stepProgress, type CourseStep } from './progress'

const steps: CourseStep[] = [
  { id: 'a', title: 'Entretien de diagnostic', delayDays: 7, delayFrom: 'enrolment' },
  { id: 'b', title: 'Atelier CV', delayDays: 14, delayFrom: 'previous' },
  { id: 'c', title: 'Bilan', delayDays: 60, delayFrom: 'enrolment' },
]

describe('course progress', () => {
  it('dates each step from the enrolment or from the previous step (its day when done, else its due date)', () => {
    const none = stepProgress(steps, '2026-11-02', new Map())
    expect(none.map((p) => p.due)).toEqual(['2026-11-09', '2026-11-23', '2027-01-01'])
    const firstDoneLate = stepProgress(steps, '2026-11-02', new Map([['a', '2026-11-16']]))
    expect(firstDoneLate.map((p) => [p.due, p.doneOn])).toEqual([
      ['2026-11-09', '2026-11-16'],
      ['2026-11-30', null],
      ['2027-01-01', null],
    ])
    expect(nextStep(firstDoneLate)).toEqual({ stepId: 'b', due: '2026-11-30' })
    expect(isLate(firstDoneLate[1]!, '2026-12-01')).toBe(true)
    expect(isLate(firstDoneLate[1]!, '2026-11-30')).toBe(false)
    expect(
      nextStep(
        stepProgress(
          steps,
          '2026-11-02',
          new Map([
            ['a', '2026-11-05'],
            ['b', '2026-11-20'],
            ['c', '2026-12-20'],
          ]),
        ),
      ),
    ).toBeNull()
  })
})
