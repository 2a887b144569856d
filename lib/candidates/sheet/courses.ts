import { parisToday } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import { coursesOfCandidate } from '@/lib/support-courses/queries'
import type { SheetScope } from './sections'

/** The courses tab: the candidate's enrolments with their next step, and the Paris day that makes a step late. */
export async function loadSheetCourses(db: DbOrTx, params: SheetScope & { at: Date }) {
  return { rows: await coursesOfCandidate(db, params.organisationId, params.candidateId), today: parisToday(params.at) }
}
export type SheetCoursesData = Awaited<ReturnType<typeof loadSheetCourses>>
