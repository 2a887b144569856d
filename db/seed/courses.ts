import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { DEMO_INVITATION_THEME } from './invitations'

/**
 * The demo course: three steps (the second invites to a workshop theme), three candidates enrolled, one step done, two
 * late, so that the screens show it; Élodie Durand's (the demo's first candidate) late diagnosis is her sheet's overview's course step.
 */
export async function seedCourses(
  tx: DbOrTx,
  ctx: { organisationId: string; referentId: string; candidates: { id: string; organisationId: string }[] },
) {
  const seine = ctx.candidates.filter((c) => c.organisationId === ctx.organisationId)
  const [course] = await tx
    .insert(s.supportCourses)
    .values({
      organisationId: ctx.organisationId,
      name: 'Parcours vers l’emploi',
      description: 'Du diagnostic au premier entretien d’embauche, en trois étapes.',
      ownerId: ctx.referentId,
    })
    .returning({ id: s.supportCourses.id })
  const [diagnostic, atelier] = await tx
    .insert(s.supportCourseSteps)
    .values([
      {
        organisationId: ctx.organisationId,
        courseId: course!.id,
        position: 0,
        title: 'Entretien de diagnostic',
        kind: 'interview' as const,
        delayDays: 7,
        delayFrom: 'enrolment' as const,
      },
      {
        organisationId: ctx.organisationId,
        courseId: course!.id,
        position: 1,
        title: 'Information collective RSA',
        kind: 'workshop' as const,
        // Its invitations go to the demo's invitation theme (db/seed/invitations.ts): "Inviter" on the course's page.
        workshopTheme: DEMO_INVITATION_THEME,
        delayDays: 14,
        delayFrom: 'previous' as const,
      },
      {
        organisationId: ctx.organisationId,
        courseId: course!.id,
        position: 2,
        title: 'Bilan à deux mois',
        kind: 'interview' as const,
        delayDays: 60,
        delayFrom: 'enrolment' as const,
      },
    ])
    .returning({ id: s.supportCourseSteps.id })
  const [first] = await tx
    .insert(s.supportCourseEnrolments)
    .values([
      // Diagnosis done on 12 November: the information session is due on 26 November.
      {
        organisationId: ctx.organisationId,
        courseId: course!.id,
        candidateId: seine[9]!.id,
        enrolledOn: '2026-11-05',
        nextStepId: atelier!.id,
        nextDueOn: '2026-11-26',
        createdById: ctx.referentId,
      },
      // Nothing done since 1 October: the diagnosis (due 8 October) is late.
      {
        organisationId: ctx.organisationId,
        courseId: course!.id,
        candidateId: seine[10]!.id,
        enrolledOn: '2026-10-01',
        nextStepId: diagnostic!.id,
        nextDueOn: '2026-10-08',
        createdById: ctx.referentId,
      },
      // Enrolled on 16 November: the diagnosis is due on 23 November.
      {
        organisationId: ctx.organisationId,
        courseId: course!.id,
        candidateId: seine[0]!.id,
        enrolledOn: '2026-11-16',
        nextStepId: diagnostic!.id,
        nextDueOn: '2026-11-23',
        createdById: ctx.referentId,
      },
    ])
    .returning({ id: s.supportCourseEnrolments.id })
  await tx.insert(s.supportCourseProgress).values({
    enrolmentId: first!.id,
    stepId: diagnostic!.id,
    stepTitle: 'Entretien de diagnostic',
    doneOn: '2026-11-12',
    comment: 'Projet : agent de service.'.replace(' :', '\u00a0:'),
    actorId: ctx.referentId,
  })
}
