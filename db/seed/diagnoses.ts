import { isNull } from 'drizzle-orm'
import type { Barrier, DiagnosisAnswers } from '@/lib/diagnosis/questionnaire'
import { situationsOf } from '@/lib/diagnosis/questionnaire'
import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'

/** The demo: two completed diagnoses of one candidate (October, then November: a barrier lifted, a new one). */
export async function seedDiagnoses(
  tx: DbOrTx,
  ctx: { organisationId: string; counsellorId: string; candidateId: string },
) {
  const challenges = await tx
    .select({ id: s.challenges.id, name: s.challenges.name, tags: s.challenges.tags })
    .from(s.challenges)
    .where(isNull(s.challenges.organisationId))
  // The product's challenges come with the migrations (drizzle/0023); without them, no demo diagnosis.
  if (!['Mobilité', 'Logement et hébergement', 'Numérique'].every((name) => challenges.some((c) => c.name === name)))
    return
  const barrier = (name: string, level: Barrier['level'], situations: number[] = [], comment = ''): Barrier => {
    const c = challenges.find((x) => x.name === name)!
    return {
      challengeId: c.id,
      name: c.name,
      tags: c.tags,
      level,
      situations: situations.map((i) => situationsOf(c.tags)[i]!),
      comment,
    }
  }
  const project = {
    job: 'Agent de service',
    romeCode: 'K2204',
    situation: 'unemployed',
    rqth: 'no',
    trainingLevel: 'level3',
    lastJobEndedOn: '2025-06-30',
    experience: 'oneToFive',
    drivingLicence: 'none',
    availability: 'now',
  } as const
  const october: DiagnosisAnswers = {
    project,
    barriers: [
      barrier('Mobilité', 'blocking', [0, 2], 'Habite à 20 km des zones d’emploi.'),
      barrier('Logement et hébergement', 'important', [1]),
      barrier('Numérique', 'none'),
    ],
  }
  const november: DiagnosisAnswers = {
    project,
    barriers: [
      barrier('Mobilité', 'important', [0]),
      barrier('Logement et hébergement', 'none'),
      barrier('Numérique', 'light', [3]),
    ],
  }
  await tx.insert(s.diagnoses).values([
    {
      organisationId: ctx.organisationId,
      candidateId: ctx.candidateId,
      status: 'completed',
      answers: october,
      authorId: ctx.counsellorId,
      completedById: ctx.counsellorId,
      createdAt: new Date('2026-10-02T09:00:00Z'),
      completedAt: new Date('2026-10-02T10:00:00Z'),
      updatedAt: new Date('2026-10-02T10:00:00Z'),
    },
    {
      organisationId: ctx.organisationId,
      candidateId: ctx.candidateId,
      status: 'completed',
      answers: november,
      authorId: ctx.counsellorId,
      completedById: ctx.counsellorId,
      createdAt: new Date('2026-11-12T09:00:00Z'),
      completedAt: new Date('2026-11-12T10:00:00Z'),
      updatedAt: new Date('2026-11-12T10:00:00Z'),
    },
  ])
}
