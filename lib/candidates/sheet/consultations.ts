import type { DbOrTx } from '@/lib/db/client'
import { parseConsultationFilters, type SearchParams } from '@/lib/journal/consultation-filters'
import { listConsultations, readersOf } from '@/lib/journal/consultations'
import type { SheetScope } from './sections'

/** The consultations tab (administrators): one page of who read this file under the URL's filters, and the readers. */
export async function loadSheetConsultations(db: DbOrTx, params: SheetScope & { query: SearchParams }) {
  const filters = parseConsultationFilters(params.query)
  const scope = { ownerOrganisationId: params.organisationId, candidateId: params.candidateId }
  const [list, readers] = await Promise.all([listConsultations(db, scope, filters), readersOf(db, scope)])
  return { filters, list, readers }
}
export type SheetConsultationsData = Awaited<ReturnType<typeof loadSheetConsultations>>
