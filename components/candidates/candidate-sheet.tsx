import Link from '@/components/ui/link'
import { notFound } from 'next/navigation'
import { clsx } from 'clsx'
import { PageHeader } from '@/components/layout/page-header'
import { buttonClass } from '@/components/ui/button'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import type { SearchParams } from '@/lib/journal/consultation-filters'
import type { ReadKind } from '@/lib/journal/record-read'
import { readCandidateForSheet } from '@/lib/journal/sheet-read'
import { can } from '@/lib/permissions'
import { CandidateForm } from './candidate-form'
import { formValuesOf } from './candidate-form-values'
import { SheetHistory } from './sheet-history'
import { SheetIdentity } from './sheet-identity'
import { SheetEmployment } from './sheet-employment'
import { SheetWorkshops } from './sheet-workshops'
import { SheetCourses } from './sheet-courses'
import { SheetDiagnosis } from './sheet-diagnosis'
import { SheetPrescriptions } from './sheet-prescriptions'
import { SheetSituation } from './sheet-situation'
import { SheetSms } from '@/components/sms/sheet-sms'
import { SheetOverview } from './sheet-overview'
import { SheetConsultations } from './sheet-consultations'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { orEmpty } from '@/lib/format'

/** The sheet's tabs; the overview (issue 32) first, the sheet's default view. */
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

const EDITABLE: CandidateSection[] = ['identite', 'situation']

/** Administrators only: who read the file, and the person's right of access. */
const ADMIN_SECTIONS: CandidateSection[] = ['consultations']

/**
 * The journal's kind of each section's read. Every section shows the header (name, status, place, referent), so even
 * "Consultations" is a look at the file.
 */
const SECTION_READS: Record<CandidateSection, ReadKind> = {
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

/** A section's address: the overview is the sheet's own, /v2/candidate/{id} (issue 32: the sheet opens on it). */
const sectionPath = (id: string, section: CandidateSection) =>
  section === 'apercu' ? `/v2/candidate/${id}` : `/v2/candidate/${id}/${section}`

type FollowUpProps = { status: string | null; place: string | null; referent: string | null }

/** The header's "Statut : …", "Lieu : …", "Référent : …" (issue 32), an empty one as "–". */
function FollowUp({ status, place, referent }: FollowUpProps) {
  const parts: [string, string | null][] = [
    ['Statut', status],
    ['Lieu', place],
    ['Référent', referent],
  ]
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1" data-testid="sheet-follow-up">
      {parts.map(([label, value]) => (
        <span key={label}>
          {label}&nbsp;: <span className="font-medium text-slate-800">{orEmpty(value)}</span>
        </span>
      ))}
    </span>
  )
}

/**
 * The candidate sheet: /v2/candidate/{id}/{navigation}. A candidate of another organisation, or an id that is not a
 * uuid, is "not found". `edit` (?edit=1 on identite or situation) shows the edit form in place of the section.
 */
export async function CandidateSheet({
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
  if (!user.organisationId || !isUuid(id)) notFound()
  const isAdministrator = can(user, 'settings.visualize')
  if (ADMIN_SECTIONS.includes(section) && !isAdministrator) notFound()
  const db = getDb()
  const canModify = can(user, 'candidate.modify') && EDITABLE.includes(section)
  const editing = edit && canModify
  // The organisation's settings (custom fields, choices) only where the section shows them.
  const needsSettings = editing || section === 'situation' || section === 'historique'
  // Without the diagnoses' permission, the diagnosis tab shows none: only the header was read.
  const read =
    section === 'diagnostic' && !can(user, 'candidate.diagnosis.visualize') ? 'candidate.sheet' : SECTION_READS[section]
  // The read and its journal row together: a journal that cannot be written fails the page (nothing shown unjournaled).
  const [candidate, settings] = await Promise.all([
    readCandidateForSheet(db, { id: user.id, organisationId: user.organisationId }, id, read),
    needsSettings ? candidateSettings(getDb(), user.organisationId) : null,
  ])
  if (!candidate) notFound()
  const sectionHref = sectionPath(id, section)
  const { referentFirstName, referentLastName } = candidate
  const referent = referentFirstName !== null ? `${referentFirstName} ${referentLastName ?? ''}`.trim() : null

  return (
    <>
      <PageHeader
        title={`${candidate.firstName} ${candidate.lastName}`}
        subtitle={<FollowUp status={candidate.status} place={candidate.place} referent={referent} />}
        actions={
          canModify && !editing ? (
            <Link href={`${sectionHref}?edit=1`} className={buttonClass('primary')}>
              Modifier<span className="sr-only"> la fiche de {`${candidate.firstName} ${candidate.lastName}`}</span>
            </Link>
          ) : undefined
        }
      />
      <nav aria-label="Sections de la fiche" className="mb-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex sm:gap-2">
          {(Object.keys(CANDIDATE_SECTIONS) as CandidateSection[])
            .filter((key) => isAdministrator || !ADMIN_SECTIONS.includes(key))
            .map((key) => (
              <li key={key}>
                <Link
                  href={sectionPath(id, key)}
                  aria-current={key === section ? 'page' : undefined}
                  className={clsx(
                    'grid border-b-2 px-2 py-2 text-sm whitespace-nowrap no-underline sm:px-3',
                    key === section
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-700 hover:text-slate-900',
                  )}
                >
                  {/* The bold label's width is always reserved: the bar does not shift when a tab becomes active. */}
                  <span aria-hidden className="invisible col-start-1 row-start-1 font-semibold">
                    {CANDIDATE_SECTIONS[key]}
                  </span>
                  <span className={clsx('col-start-1 row-start-1 text-center', key === section && 'font-semibold')}>
                    {CANDIDATE_SECTIONS[key]}
                  </span>
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      {editing && settings ? (
        <>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Modifier la fiche</h2>
          <CandidateForm
            mode="edit"
            candidateId={id}
            hasNir={candidate.hasNir}
            settings={settings}
            initial={formValuesOf(candidate, settings.customFields)}
            cancelHref={sectionHref}
            returnHref={sectionHref}
          />
        </>
      ) : section === 'apercu' ? (
        <SheetOverview user={user} organisationId={user.organisationId} candidateId={id} />
      ) : section === 'identite' ? (
        <SheetIdentity candidate={candidate} canRevealNir={can(user, 'candidate.nir.visualize')} />
      ) : section === 'situation' ? (
        <SheetSituation
          candidate={candidate}
          customFields={settings?.customFields ?? []}
          archivedFields={settings?.archivedCustomFields ?? []}
        />
      ) : section === 'diagnostic' ? (
        can(user, 'candidate.diagnosis.visualize') ? (
          <SheetDiagnosis
            organisationId={user.organisationId}
            candidateId={id}
            canModify={can(user, 'candidate.diagnosis.modify')}
          />
        ) : (
          <p className="text-sm text-slate-700">Vous n’avez pas accès aux diagnostics.</p>
        )
      ) : section === 'prescriptions' ? (
        <SheetPrescriptions organisationId={user.organisationId} candidateId={id} />
      ) : section === 'emploi' ? (
        <SheetEmployment organisationId={user.organisationId} candidateId={id} />
      ) : section === 'ateliers' ? (
        <SheetWorkshops
          organisationId={user.organisationId}
          candidateId={id}
          canOpen={can(user, 'workshops.visualize')}
          canRegister={can(user, 'workshops.modify') && !candidate.anonymisedAt}
        />
      ) : section === 'parcours' ? (
        <SheetCourses
          organisationId={user.organisationId}
          candidateId={id}
          canOpen={can(user, 'support-courses.visualize')}
        />
      ) : section === 'sms' ? (
        <SheetSms organisationId={user.organisationId} candidateId={id} before={before} />
      ) : section === 'consultations' ? (
        <SheetConsultations organisationId={user.organisationId} candidateId={id} query={query} />
      ) : (
        <SheetHistory
          organisationId={user.organisationId}
          candidateId={id}
          customFields={[...(settings?.customFields ?? []), ...(settings?.archivedCustomFields ?? [])]}
        />
      )}
    </>
  )
}
