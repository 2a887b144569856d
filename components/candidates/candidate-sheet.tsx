import Link from 'next/link'
import { notFound } from 'next/navigation'
import { clsx } from 'clsx'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { getTranslations } from 'next-intl/server'
import { causeLabel } from '@/lib/applies/causes'
import { appliesOfCandidate } from '@/lib/applies/queries'
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
  const t = await getTranslations('applies')
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
        <Prescriptions applies={await appliesOfCandidate(db, user.organisationId, id)} tabLabel={(s) => t(`tabs.${s}`)} />
      )}
    </>
  )
}

function Prescriptions({ applies, tabLabel }: { applies: Awaited<ReturnType<typeof appliesOfCandidate>>; tabLabel: (s: (typeof applies)[number]['state']) => string }) {
  if (applies.length === 0) return <EmptyState title="Aucune prescription pour ce candidat.">Prescrivez-le à une offre sociale depuis l’annuaire des offres.</EmptyState>
  return (
    <SimpleTable
      caption="Prescriptions du candidat"
      headers={['Offre', 'Partenaire', 'État', 'Date', 'Date de réponse', 'Motif']}
      rows={applies.map((a) => ({
        key: a.id,
        cells: [a.offerName, a.providerName, tabLabel(a.state), formatDate(a.prescriptionDate), formatDate(a.responseDate) || '-', a.state === 'REFUSED_STRUCTURE' ? causeLabel(a.cause) : '-'],
      }))}
    />
  )
}
