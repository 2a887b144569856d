import { notFound, redirect } from 'next/navigation'
import dynamic from 'next/dynamic'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import Link from '@/components/ui/link'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getCandidate } from '@/lib/candidates/queries'
import { formatDateTime, parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { candidateDiagnoses } from '@/lib/diagnosis/diagnoses'
import { emptyAnswers, situationsOf } from '@/lib/diagnosis/questionnaire'
import { isUuid } from '@/lib/ids'
import { listChallenges } from '@/lib/offers/challenges'
import { can, GUARD_REDIRECT } from '@/lib/permissions'
import { fullName } from '@/lib/person-name'
import { mayPrescribe } from '@/lib/prescriptions/may-prescribe'
import { prescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { now as clockNow } from '@/lib/clock'

export const generateMetadata = pageMetadata('diagnosis')

// Loaded only on the counsellor's branch: the person's link (a phone, maybe a slow network) downloads its questionnaire alone.
const DiagnosisWizard = dynamic(() => import('@/components/diagnosis/diagnosis-wizard').then((m) => m.DiagnosisWizard))
const Toaster = dynamic(() => import('@/components/ui/toaster').then((m) => m.Toaster))

/**
 * /diagnosis/{candidate id}: the counsellor's diagnosis of one candidate (candidate.diagnosis.modify), outside the main
 * layout so that it can be filled with the person, screen shared. Another organisation's candidate: "not found".
 * /diagnosis/{token}, the person's link, is answered by app/(standalone)/diagnosis-link (proxy.ts rewrites it).
 */
export default async function DiagnosisPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  if (!isUuid(id)) notFound()
  const user = await requireOrganisationUser()
  if (!can(user, 'candidate.diagnosis.modify')) redirect(GUARD_REDIRECT)
  const db = getDb()
  const candidate = await getCandidate(db, user.organisationId, id)
  if (!candidate) notFound()
  const [state, challenges, defaults] = await Promise.all([
    candidateDiagnoses(db, user.organisationId, id),
    listChallenges(db, user.organisationId),
    mayPrescribe(user) ? prescriberDefaults(db, user.id, user.organisationId) : null,
  ])
  const underWay = state.underWay
  // Started from the latest diagnosis when none is under way: what is still true is kept, the counsellor updates it.
  // A draft sent by SMS keeps its answers until the person's replace them.
  const initial =
    underWay && 'project' in underWay.answers ? underWay.answers : (state.latest?.answers ?? emptyAnswers())
  const name = fullName(candidate)
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader title={`${await pageTitle('diagnosis')} – ${name}`} />
      <p className="text-sm">
        <Link href={`/v2/candidate/${id}`}>Revenir à la fiche du candidat</Link>
      </p>
      {underWay?.status === 'toReview' && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {candidate.firstName} a répondu le {formatDateTime(underWay.answeredAt)} par le lien reçu par SMS. Relisez ses
          réponses avec lui ou elle, corrigez-les si besoin, puis terminez le diagnostic&nbsp;: il ne compte qu’une fois
          relu.
        </p>
      )}
      {underWay?.status === 'sent' && (
        <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
          Un lien a été envoyé au candidat par SMS (valable jusqu’au {formatDateTime(underWay.tokenExpiresAt)}). Si vous
          remplissez le diagnostic ici, ce lien ne fonctionnera plus.
        </p>
      )}
      <DiagnosisWizard
        candidate={{ id, name }}
        challenges={challenges.map((c) => ({ id: c.id, name: c.name, tags: c.tags, situations: situationsOf(c.tags) }))}
        initial={initial}
        prescribe={defaults ? { defaults, today: parisToday(clockNow()) } : null}
      />
      <Toaster />
    </section>
  )
}
