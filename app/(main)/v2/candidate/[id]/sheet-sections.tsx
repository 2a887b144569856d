import { SheetConsultations } from '@/components/candidates/sheet-consultations'
import { SheetCourses } from '@/components/candidates/sheet-courses'
import { SheetDiagnosis } from '@/components/candidates/sheet-diagnosis'
import { SheetEmployment } from '@/components/candidates/sheet-employment'
import { SheetHistory } from '@/components/candidates/sheet-history'
import { SheetIdentity } from '@/components/candidates/sheet-identity'
import { SheetOverview } from '@/components/candidates/sheet-overview'
import { SheetPrescriptions } from '@/components/candidates/sheet-prescriptions'
import { SheetSituation } from '@/components/candidates/sheet-situation'
import { SheetWorkshops } from '@/components/candidates/sheet-workshops'
import { SheetSms } from '@/components/sms/sheet-sms'
import type { CurrentUser } from '@/lib/auth/session'
import { loadSheetConsultations } from '@/lib/candidates/sheet/consultations'
import { loadSheetCourses } from '@/lib/candidates/sheet/courses'
import { loadSheetDiagnosis } from '@/lib/candidates/sheet/diagnosis'
import { loadSheetEmployment } from '@/lib/candidates/sheet/employment'
import type { SheetHeader } from '@/lib/candidates/sheet/header'
import { loadSheetHistory } from '@/lib/candidates/sheet/history'
import { loadSheetOverview } from '@/lib/candidates/sheet/overview'
import { loadSheetPrescriptions } from '@/lib/candidates/sheet/prescriptions'
import type { CandidateSection } from '@/lib/candidates/sheet/sections'
import { loadSheetSms } from '@/lib/candidates/sheet/sms'
import { loadSheetWorkshops } from '@/lib/candidates/sheet/workshops'
import type { Db } from '@/lib/db/client'
import type { SearchParams } from '@/lib/journal/consultation-filters'
import { can } from '@/lib/permissions'
import { fullName } from '@/lib/person-name'
import { mayPrescribe } from '@/lib/prescriptions/may-prescribe'
import { MarkSmsRepliesRead } from './mark-sms-replies-read'

export type SectionContext = {
  db: Db
  user: CurrentUser & { organisationId: string }
  candidateId: string
  at: Date
  /** The header's read, under way beside the section's (null: not a candidate of the user's organisation). */
  header: Promise<SheetHeader | null>
  before?: string
  query: SearchParams
}

const scopeOf = ({ user, candidateId }: SectionContext) => ({ organisationId: user.organisationId, candidateId })
const allFields = ({ settings }: SheetHeader) => [
  ...(settings?.customFields ?? []),
  ...(settings?.archivedCustomFields ?? []),
]

/** Each tab: its loader (lib/candidates/sheet/) and the component that renders what it read. */
export const SHEET_SECTIONS: Record<CandidateSection, (context: SectionContext) => Promise<React.ReactNode>> = {
  async apercu(c) {
    const data = await loadSheetOverview(c.db, { ...scopeOf(c), user: c.user, at: c.at })
    return data && <SheetOverview {...data} candidateId={c.candidateId} />
  },
  async identite(c) {
    const header = await c.header
    return (
      header && <SheetIdentity candidate={header.candidate} canRevealNir={can(c.user, 'candidate.nir.visualize')} />
    )
  },
  async situation(c) {
    const header = await c.header
    return (
      header && (
        <SheetSituation
          candidate={header.candidate}
          customFields={header.settings?.customFields ?? []}
          archivedFields={header.settings?.archivedCustomFields ?? []}
        />
      )
    )
  },
  async diagnostic(c) {
    if (!can(c.user, 'candidate.diagnosis.visualize'))
      return <p className="text-sm text-slate-700">Vous n’avez pas accès aux diagnostics.</p>
    const data = await loadSheetDiagnosis(c.db, scopeOf(c))
    return (
      <SheetDiagnosis {...data} candidateId={c.candidateId} canModify={can(c.user, 'candidate.diagnosis.modify')} />
    )
  },
  async prescriptions(c) {
    const prescriberId = mayPrescribe(c.user) ? c.user.id : null
    const [data, header] = await Promise.all([
      loadSheetPrescriptions(c.db, { ...scopeOf(c), viewerId: c.user.id, prescriberId, at: c.at }),
      c.header,
    ])
    return header && <SheetPrescriptions {...data} candidateId={c.candidateId} name={fullName(header.candidate)} />
  },
  async emploi(c) {
    return <SheetEmployment {...await loadSheetEmployment(c.db, scopeOf(c))} />
  },
  async ateliers(c) {
    const [data, header] = await Promise.all([loadSheetWorkshops(c.db, { ...scopeOf(c), at: c.at }), c.header])
    return (
      header && (
        <SheetWorkshops
          {...data}
          candidateId={c.candidateId}
          canOpen={can(c.user, 'workshops.visualize')}
          canRegister={can(c.user, 'workshops.modify') && !header.candidate.anonymisedAt}
        />
      )
    )
  },
  async parcours(c) {
    const data = await loadSheetCourses(c.db, { ...scopeOf(c), at: c.at })
    return (
      <SheetCourses
        {...data}
        candidateId={c.candidateId}
        canOpen={can(c.user, 'support-courses.visualize')}
        canInvite={can(c.user, 'workshops.modify')}
      />
    )
  },
  async sms(c) {
    const sender = can(c.user, 'candidate.sms.send') ? c.user : null
    const data = await loadSheetSms(c.db, { ...scopeOf(c), before: c.before, sender, at: c.at })
    return (
      data && (
        <>
          {/* The replies shown are marked read by the browser once the tab is on screen: the render writes nothing. */}
          <MarkSmsRepliesRead candidateId={c.candidateId} newest={data.messages.at(-1)?.id ?? null} />
          <SheetSms {...data} candidateId={c.candidateId} />
        </>
      )
    )
  },
  async historique(c) {
    const [data, header] = await Promise.all([loadSheetHistory(c.db, scopeOf(c)), c.header])
    return header && <SheetHistory {...data} customFields={allFields(header)} />
  },
  async consultations(c) {
    // After the header's journal row: the list shows this very read too.
    if (!(await c.header)) return null
    const data = await loadSheetConsultations(c.db, { ...scopeOf(c), query: c.query })
    return <SheetConsultations {...data} candidateId={c.candidateId} />
  },
}
