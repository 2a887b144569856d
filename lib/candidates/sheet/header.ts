import { candidateSettings } from '@/lib/candidates/organisation-settings'
import type { DbOrTx } from '@/lib/db/client'
import type { ReadKind } from '@/lib/journal/record-read'
import { readCandidateForSheet } from '@/lib/journal/sheet-read'
import { fullName } from '@/lib/person-name'
import { SECTION_READS, type CandidateSection } from './sections'

/**
 * What every tab shows (the candidate's record for the header, and the organisation's custom fields where the tab
 * needs them), read with the tab's journal row: a journal that cannot be written fails the page, so nothing is shown
 * unjournaled. Null: not a candidate of the reader's organisation (nothing journaled).
 */
export async function loadSheetHeader(
  db: DbOrTx,
  params: {
    reader: { id: string; organisationId: string }
    candidateId: string
    read: ReadKind
    withSettings: boolean
  },
) {
  const { reader, candidateId, read, withSettings } = params
  const [candidate, settings] = await Promise.all([
    readCandidateForSheet(db, reader, candidateId, read),
    withSettings ? candidateSettings(db, reader.organisationId) : null,
  ])
  if (!candidate) return null
  const { referentFirstName, referentLastName } = candidate
  const referent = fullName({ firstName: referentFirstName, lastName: referentLastName }) || null
  return { candidate, settings, referent }
}
export type SheetHeader = NonNullable<Awaited<ReturnType<typeof loadSheetHeader>>>

/** The journal's kind of a tab's read: without the diagnoses' permission, the diagnosis tab shows only the header. */
export function sheetReadKind(section: CandidateSection, canSeeDiagnoses: boolean): ReadKind {
  return section === 'diagnostic' && !canSeeDiagnoses ? 'candidate.sheet' : SECTION_READS[section]
}
