import type { DbOrTx } from '@/lib/db/client'
import { barriersFound, compareBarriers } from '@/lib/diagnosis/choices'
import { candidateDiagnoses } from '@/lib/diagnosis/diagnoses'
import type { SheetScope } from './sections'

/**
 * The diagnosis tab: the diagnosis under way (a draft, a link sent, answers to review), the latest completed one with
 * its barriers, and what changed since the one before.
 */
export async function loadSheetDiagnosis(db: DbOrTx, { organisationId, candidateId }: SheetScope) {
  const { underWay, latest, previous } = await candidateDiagnoses(db, organisationId, candidateId)
  return {
    underWay,
    latest: latest && { completedAt: latest.completedAt, author: latest.author, job: latest.answers.project.job },
    found: latest ? barriersFound(latest.answers.barriers) : [],
    previous: previous && { completedAt: previous.completedAt },
    changes: latest && previous ? compareBarriers(previous.answers.barriers, latest.answers.barriers) : null,
  }
}
export type SheetDiagnosisData = Awaited<ReturnType<typeof loadSheetDiagnosis>>
