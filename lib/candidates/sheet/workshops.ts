import type { DbOrTx } from '@/lib/db/client'
import { workshopsOfCandidate } from '@/lib/workshops/queries'
import type { SheetScope } from './sections'

/** The workshops tab: the candidate's coming workshops (soonest first) and past ones (latest first), at `at`. */
export async function loadSheetWorkshops(db: DbOrTx, params: SheetScope & { at: Date }) {
  const rows = await workshopsOfCandidate(db, params.organisationId, params.candidateId)
  const isComing = (r: (typeof rows)[number]) => !!r.startsAt && (r.endsAt ?? r.startsAt) >= params.at
  return { coming: rows.filter(isComing).reverse(), past: rows.filter((r) => !isComing(r)) }
}
export type SheetWorkshopsData = Awaited<ReturnType<typeof loadSheetWorkshops>>
export type SheetWorkshopRow = SheetWorkshopsData['past'][number]
