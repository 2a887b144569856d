import { candidateHistory, historyActionLabel } from '@/lib/candidates/history'
import type { DbOrTx } from '@/lib/db/client'
import type { SheetScope } from './sections'

/** The history tab: the candidate's audit rows, newest first, each with its action's French label. */
export async function loadSheetHistory(db: DbOrTx, { organisationId, candidateId }: SheetScope) {
  const rows = await candidateHistory(db, organisationId, candidateId)
  return { rows: rows.map((r) => ({ ...r, label: historyActionLabel(r.action) })) }
}
export type SheetHistoryData = Awaited<ReturnType<typeof loadSheetHistory>>
