import type { DiagnosisAnswers, Level, Project } from '@/lib/diagnosis/choices'

export type WizardChallenge = { id: string; name: string; tags: string[]; situations: readonly string[] }
export type BarrierValue = { level: Level; situations: string[]; comment: string }
/** The wizard as filled: the project, and each of the organisation's challenges by id. */
export type DiagnosisValues = { project: Project; barriers: Record<string, BarrierValue> }

/** The saved answers (or a blank diagnosis) as the wizard shows them: every challenge, none chosen by default. */
export function diagnosisValuesOf(initial: DiagnosisAnswers, challenges: WizardChallenge[]): DiagnosisValues {
  const barrier = (id: string): BarrierValue => {
    const b = initial.barriers.find((x) => x.challengeId === id)
    return { level: b?.level ?? 'none', situations: b?.situations ?? [], comment: b?.comment ?? '' }
  }
  return { project: initial.project, barriers: Object.fromEntries(challenges.map((c) => [c.id, barrier(c.id)])) }
}

/** What the actions read: the barriers in the challenges' order ('barriers.<i>' in their errors). */
export function answersOf(values: DiagnosisValues, challenges: WizardChallenge[]) {
  return {
    project: values.project,
    barriers: challenges.map((c) => ({ challengeId: c.id, ...values.barriers[c.id]! })),
  }
}

/** The barriers as the summary lists them, with their challenge's name and tags. */
export const barriersOf = (values: DiagnosisValues, challenges: WizardChallenge[]) =>
  challenges.map((c) => ({ challengeId: c.id, name: c.name, tags: c.tags, ...values.barriers[c.id]! }))
