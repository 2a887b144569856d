import { notFound } from 'next/navigation'
import { CandidateForm } from '@/components/candidates/candidate-form'
import { formValuesOf } from '@/components/candidates/candidate-form-values'
import { CandidateSheet } from '@/components/candidates/candidate-sheet'
import { requirePagePermission } from '@/lib/auth/session'
import { loadSheetHeader, sheetReadKind } from '@/lib/candidates/sheet/header'
import { ADMIN_SECTIONS, EDITABLE_SECTIONS, sectionPath, type CandidateSection } from '@/lib/candidates/sheet/sections'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import type { SearchParams } from '@/lib/journal/consultation-filters'
import { can } from '@/lib/permissions'
import { fullName } from '@/lib/person-name'
import { SHEET_SECTIONS } from './sheet-sections'

/**
 * The candidate sheet: /v2/candidate/{id}/{navigation}. A candidate of another organisation, or an id that is not a
 * uuid, is "not found". `edit` (?edit=1 on identite or situation) shows the edit form in place of the section. The
 * header (with the tab's journal row) and the tab's own data are read side by side.
 */
export async function CandidateSheetPage({
  id,
  section,
  edit = false,
  before,
  query = {},
}: {
  id: string
  section: CandidateSection
  edit?: boolean
  /** The SMS section's page: older than this message. */ before?: string
  /** The "Consultations" section's filters. */ query?: SearchParams
}) {
  const user = await requirePagePermission('candidate.visualize')
  const { organisationId } = user
  if (!organisationId || !isUuid(id)) notFound()
  const isAdministrator = can(user, 'settings.visualize')
  if (ADMIN_SECTIONS.includes(section) && !isAdministrator) notFound()
  const db = getDb()
  const canModify = can(user, 'candidate.modify') && EDITABLE_SECTIONS.includes(section)
  const editing = edit && canModify
  const header = loadSheetHeader(db, {
    reader: { id: user.id, organisationId },
    candidateId: id,
    read: sheetReadKind(section, can(user, 'candidate.diagnosis.visualize')),
    // The organisation's settings (custom fields, choices) only where the section shows them.
    withSettings: editing || section === 'situation' || section === 'historique',
  })
  const context = { db, user: { ...user, organisationId }, candidateId: id, at: now(), header, before, query }
  const [loaded, content] = await Promise.all([header, editing ? null : SHEET_SECTIONS[section](context)])
  if (!loaded) notFound()
  const { candidate, settings, referent } = loaded
  const name = fullName(candidate)
  const href = sectionPath(id, section)

  return (
    <CandidateSheet
      candidateId={id}
      section={section}
      name={name}
      followUp={{ status: candidate.status, place: candidate.place, referent }}
      editable={canModify && !editing}
      isAdministrator={isAdministrator}
    >
      {editing && settings ? (
        <>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Modifier la fiche</h2>
          <CandidateForm
            mode="edit"
            candidateId={id}
            hasNir={candidate.hasNir}
            settings={settings}
            initial={formValuesOf(candidate, settings.customFields)}
            cancelHref={href}
            returnHref={href}
          />
        </>
      ) : (
        content
      )}
    </CandidateSheet>
  )
}
