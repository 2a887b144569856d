import Link from '@/components/ui/link'
import { clsx } from 'clsx'
import { PageHeader } from '@/components/layout/page-header'
import { buttonClass } from '@/components/ui/button'
import { ScrollingTabBar } from '@/components/ui/tabs-bar'
import { ADMIN_SECTIONS, CANDIDATE_SECTIONS, sectionPath, type CandidateSection } from '@/lib/candidates/sheet/sections'
import { orEmpty } from '@/lib/format'
import { ofName } from '@/lib/text/french'

type FollowUpProps = { status: string | null; place: string | null; referent: string | null }

/** The header's "Statut : …", "Lieu : …", "Référent : …", an empty one as "–". */
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
 * The candidate sheet's frame, around the section the page loaded: the header (name, follow-up, "Modifier" where the
 * user may edit this section) and the tabs (the administrators' ones only for them).
 */
export function CandidateSheet({
  candidateId,
  section,
  name,
  followUp,
  editable,
  isAdministrator,
  children,
}: {
  candidateId: string
  section: CandidateSection
  name: string
  followUp: FollowUpProps
  /** The "Modifier" link: the user may edit this section, and is not editing it. */
  editable: boolean
  isAdministrator: boolean
  children: React.ReactNode
}) {
  return (
    <>
      <PageHeader
        title={name}
        subtitle={<FollowUp {...followUp} />}
        actions={
          editable ? (
            <Link href={`${sectionPath(candidateId, section)}?edit=1`} className={buttonClass('primary')}>
              Modifier<span className="sr-only"> la fiche {ofName(name)}</span>
            </Link>
          ) : undefined
        }
      />
      <ScrollingTabBar
        label="Sections de la fiche"
        active={section}
        className="mb-6 overflow-x-auto border-b border-slate-200"
      >
        <ul className="flex sm:gap-2">
          {(Object.keys(CANDIDATE_SECTIONS) as CandidateSection[])
            .filter((key) => isAdministrator || !ADMIN_SECTIONS.includes(key))
            .map((key) => (
              <li key={key}>
                <Link
                  href={sectionPath(candidateId, key)}
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
      </ScrollingTabBar>
      {children}
    </>
  )
}
