import type { ReadKind } from '@/lib/journal/record-read'

/** The sheet's tabs; the overview first, the sheet's default view. */
export const CANDIDATE_SECTIONS = {
  apercu: 'Vue d’ensemble',
  identite: 'Identité',
  situation: 'Situation',
  diagnostic: 'Diagnostic',
  prescriptions: 'Prescriptions',
  emploi: 'Emploi',
  ateliers: 'Ateliers',
  parcours: 'Parcours',
  sms: 'SMS',
  historique: 'Historique',
  consultations: 'Consultations',
} as const
export type CandidateSection = keyof typeof CANDIDATE_SECTIONS

export function isCandidateSection(value: string): value is CandidateSection {
  return Object.hasOwn(CANDIDATE_SECTIONS, value)
}

/** The sections whose fields the sheet's form edits in place (?edit=1). */
export const EDITABLE_SECTIONS: readonly CandidateSection[] = ['identite', 'situation']

/** Administrators only: who read the file, and the person's right of access. */
export const ADMIN_SECTIONS: readonly CandidateSection[] = ['consultations']

/**
 * The journal's kind of each section's read. Every section shows the header (name, status, place, referent), so even
 * "Consultations" is a look at the file.
 */
export const SECTION_READS: Record<CandidateSection, ReadKind> = {
  apercu: 'candidate.sheet',
  identite: 'candidate.identity',
  situation: 'candidate.situation',
  diagnostic: 'candidate.diagnosis',
  prescriptions: 'candidate.prescriptions',
  emploi: 'candidate.employment',
  ateliers: 'candidate.workshops',
  parcours: 'candidate.courses',
  sms: 'candidate.sms',
  historique: 'candidate.history',
  consultations: 'candidate.sheet',
}

/** A section's address: the overview is the sheet's own, /v2/candidate/{id} (the sheet opens on it). */
export const sectionPath = (id: string, section: CandidateSection) =>
  section === 'apercu' ? `/v2/candidate/${id}` : `/v2/candidate/${id}/${section}`

/** Each loader's scope: a candidate of the reader's organisation, in every where. */
export type SheetScope = { organisationId: string; candidateId: string }
