import { notFound, redirect } from 'next/navigation'
import dynamic from 'next/dynamic'
import { PersonQuestionnaire } from '@/components/diagnosis/person-questionnaire'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import Link from '@/components/ui/link'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getCandidate } from '@/lib/candidates/queries'
import { now } from '@/lib/clock'
import { formatDateTime, parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { candidateDiagnoses, diagnosisOfToken, isDiagnosisToken } from '@/lib/diagnosis/diagnoses'
import { emptyAnswers, situationsOf } from '@/lib/diagnosis/questionnaire'
import { isUuid } from '@/lib/ids'
import { listChallenges } from '@/lib/offers/challenges'
import { can, GUARD_REDIRECT } from '@/lib/permissions'
import { prescriberDefaults } from '@/lib/prescriptions/queries'

export const generateMetadata = pageMetadata('diagnosis')

// Loaded only on the counsellor's branch: the person's link (a phone, maybe a slow network) downloads its questionnaire alone.
const DiagnosisWizard = dynamic(() => import('@/components/diagnosis/diagnosis-wizard').then((m) => m.DiagnosisWizard))
const Toaster = dynamic(() => import('@/components/ui/toaster').then((m) => m.Toaster))

/**
 * /diagnosis/{candidate id}: the counsellor's diagnosis of one candidate (candidate.diagnosis.modify), outside the main
 * layout so that it can be filled with the person, screen shared. /diagnosis/{token}: the same questionnaire as the
 * person answers it through the link of their SMS, with nothing else of theirs. Another organisation's candidate, an
 * unknown token: "not found".
 */
export default async function DiagnosisPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  if (isDiagnosisToken(id)) return <PersonPage token={id} />
  if (!isUuid(id)) notFound()
  const user = await requireOrganisationUser()
  if (!can(user, 'candidate.diagnosis.modify')) redirect(GUARD_REDIRECT)
  const db = getDb()
  const candidate = await getCandidate(db, user.organisationId, id)
  if (!candidate) notFound()
  const canPrescribe = can(user, 'candidate.prescribe')
  const [state, challenges, defaults] = await Promise.all([
    candidateDiagnoses(db, user.organisationId, id),
    listChallenges(db, user.organisationId),
    canPrescribe ? prescriberDefaults(db, user.id, user.organisationId) : null,
  ])
  const underWay = state.underWay
  // Started from the latest diagnosis when none is under way: what is still true is kept, the counsellor updates it.
  // A draft sent by SMS keeps its answers until the person's replace them.
  const initial = underWay && 'project' in underWay.answers ? underWay.answers : (state.latest?.answers ?? emptyAnswers())
  const name = `${candidate.firstName} ${candidate.lastName}`
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader title={`${await pageTitle('diagnosis')} – ${name}`} />
      <p className="text-sm">
        <Link href={`/v2/candidate/${id}`}>Revenir à la fiche du candidat</Link>
      </p>
      {underWay?.status === 'toReview' && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {candidate.firstName} a répondu le {formatDateTime(underWay.answeredAt)} par le lien reçu par SMS. Relisez ses réponses avec lui ou elle, corrigez-les si besoin, puis terminez le diagnostic&nbsp;: il ne compte qu’une fois relu.
        </p>
      )}
      {underWay?.status === 'sent' && (
        <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
          Un lien a été envoyé au candidat par SMS (valable jusqu’au {formatDateTime(underWay.tokenExpiresAt)}). Si vous remplissez le diagnostic ici, ce lien ne fonctionnera plus.
        </p>
      )}
      <DiagnosisWizard
        candidate={{ id, name }}
        challenges={challenges.map((c) => ({ id: c.id, name: c.name, tags: c.tags, situations: situationsOf(c.tags) }))}
        initial={initial}
        prescribe={defaults ? { defaults, today: parisToday() } : null}
      />
      <Toaster />
    </section>
  )
}

async function PersonPage({ token }: { token: string }) {
  const db = getDb()
  const diagnosis = await diagnosisOfToken(db, token, now())
  if (!diagnosis) notFound()
  if (diagnosis.state !== 'open') {
    return (
      <section role="alert" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 text-base">
        <h1 className="text-xl font-semibold">{diagnosis.state === 'used' ? 'Vos réponses sont déjà envoyées' : 'Ce lien a expiré'}</h1>
        <p>{diagnosis.state === 'used' ? 'Merci. Ce lien ne sert qu’une fois.' : 'Ce lien était valable 7 jours.'}</p>
        <p>Si besoin, demandez un nouveau lien à votre conseiller de {diagnosis.organisationName}.</p>
      </section>
    )
  }
  const challenges = await listChallenges(db, diagnosis.organisationId)
  return <PersonQuestionnaire token={token} organisationName={diagnosis.organisationName} challenges={challenges.map((c) => ({ id: c.id, name: c.name, situations: situationsOf(c.tags) }))} />
}
