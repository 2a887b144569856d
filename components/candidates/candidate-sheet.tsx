import Link from 'next/link'
import { notFound } from 'next/navigation'
import { clsx } from 'clsx'
import { PageHeader } from '@/components/layout/page-header'
import { SheetPrescriptions } from './sheet-prescriptions'
import { requirePagePermission } from '@/lib/auth/session'
import { getCandidate } from '@/lib/candidates/queries'
import { formatDate } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'

export const CANDIDATE_SECTIONS = { identite: 'Identité', prescriptions: 'Prescriptions' } as const
export type CandidateSection = keyof typeof CANDIDATE_SECTIONS

export function isCandidateSection(value: string): value is CandidateSection {
  return value in CANDIDATE_SECTIONS
}

/** The candidate sheet: /v2/candidate/{id}/{navigation}. A candidate of another organisation is "not found". */
export async function CandidateSheet({ id, section }: { id: string; section: CandidateSection }) {
  const user = await requirePagePermission('candidate.visualize')
  if (!user.organisationId || !isUuid(id)) notFound()
  const db = getDb()
  const candidate = await getCandidate(db, user.organisationId, id)
  if (!candidate) notFound()
  return (
    <>
      <PageHeader title={`${candidate.firstName} ${candidate.lastName}`} subtitle={[candidate.status, candidate.place].filter(Boolean).join(' · ')} />
      <nav aria-label="Sections de la fiche" className="mb-6 border-b border-slate-200">
        <ul className="flex gap-2">
          {(Object.keys(CANDIDATE_SECTIONS) as CandidateSection[]).map((key) => (
            <li key={key}>
              <Link
                href={`/v2/candidate/${id}/${key}`}
                aria-current={key === section ? 'page' : undefined}
                className={clsx('block border-b-2 px-3 py-2 text-sm no-underline', key === section ? 'border-brand-700 font-semibold text-brand-800' : 'border-transparent text-slate-700')}
              >
                {CANDIDATE_SECTIONS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {section === 'identite' ? (
        <dl className="grid max-w-2xl grid-cols-[12rem_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-6 text-sm">
          <dt className="font-medium text-slate-600">Genre</dt>
          <dd>{candidate.gender === 'F' ? 'Femme' : candidate.gender === 'M' ? 'Homme' : '-'}</dd>
          <dt className="font-medium text-slate-600">Date de naissance</dt>
          <dd>{formatDate(candidate.birthDate) || '-'}</dd>
          <dt className="font-medium text-slate-600">Téléphone</dt>
          <dd>{candidate.phone ?? '-'}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd>{candidate.email ?? '-'}</dd>
          <dt className="font-medium text-slate-600">Adresse</dt>
          <dd>
            {candidate.addressFormatted ?? '-'}
            {candidate.addressIsQpv && ' (QPV)'}
          </dd>
        </dl>
      ) : (
        <SheetPrescriptions organisationId={user.organisationId} candidateId={id} />
      )}
    </>
  )
}
