import { activeCauses } from '@/lib/prescriptions/causes'
import { prescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { unreadAnswerApplyIds } from '@/lib/prescriptions/referent-follows-up'
import { candidatePrescriptions } from '@/lib/prescriptions/referent-lists'
import { parisToday } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import type { SheetScope } from './sections'

/**
 * The prescriptions tab: the candidate's social applies (archived ones too), the organisation's active refusal causes
 * (a manual prescription's status update), the prescriber's defaults when `prescriberId` may prescribe, and which of
 * the prescriptions have an answer the viewer has not read yet ("Marquer comme lue").
 */
export async function loadSheetPrescriptions(
  db: DbOrTx,
  params: SheetScope & { viewerId: string; prescriberId: string | null; at: Date },
) {
  const { organisationId, candidateId, viewerId, prescriberId, at } = params
  const [rows, prescriber, causes, unread] = await Promise.all([
    candidatePrescriptions(db, organisationId, candidateId),
    prescriberId ? prescriberDefaults(db, prescriberId, organisationId) : null,
    activeCauses(db, organisationId),
    unreadAnswerApplyIds(db, { userId: viewerId, organisationId, candidateId }),
  ])
  return { rows, prescriber, causes, unreadAnswers: unread, today: parisToday(at) }
}
export type SheetPrescriptionsData = Awaited<ReturnType<typeof loadSheetPrescriptions>>
