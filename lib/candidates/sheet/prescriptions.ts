import { activeCauses } from '@/lib/prescriptions/causes'
import { prescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { candidatePrescriptions } from '@/lib/prescriptions/referent-lists'
import { parisToday } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import type { SheetScope } from './sections'

/**
 * The prescriptions tab: the candidate's social applies (archived ones too), the organisation's active refusal causes
 * (a manual prescription's status update), and the prescriber's defaults when `prescriberId` may prescribe.
 */
export async function loadSheetPrescriptions(
  db: DbOrTx,
  params: SheetScope & { prescriberId: string | null; at: Date },
) {
  const { organisationId, candidateId, prescriberId, at } = params
  const [rows, prescriber, causes] = await Promise.all([
    candidatePrescriptions(db, organisationId, candidateId),
    prescriberId ? prescriberDefaults(db, prescriberId, organisationId) : null,
    activeCauses(db, organisationId),
  ])
  return { rows, prescriber, causes, today: parisToday(at) }
}
export type SheetPrescriptionsData = Awaited<ReturnType<typeof loadSheetPrescriptions>>
