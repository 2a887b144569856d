import { notFound, redirect } from 'next/navigation'
import Link from '@/components/ui/link'
import { isUuid } from '@/lib/ids'
import { orientationFormValues } from '@/lib/referrals/decide'
import { CandidateForm } from '@/components/candidates/candidate-form'
import { emptyFormValues } from '@/components/candidates/candidate-form-values'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { can, GUARD_REDIRECT } from '@/lib/permissions'
import { candidateSettings } from '@/lib/candidates/organisation-settings'

export const generateMetadata = pageMetadata('candidateCreate')

/** /v2/candidate/create (candidate.modify): identity, situation and the organisation's custom fields. */
export default async function CandidateCreatePage({
  searchParams,
}: {
  searchParams: Promise<{ orientation?: string | string[] }>
}) {
  const user = await requireOrganisationUser()
  if (!can(user, 'candidate.modify')) redirect(GUARD_REDIRECT)
  const { orientation } = await searchParams
  const db = getDb()
  const settings = await candidateSettings(getDb(), user.organisationId)
  const referentId = settings.referents.some((r) => r.id === user.id) ? user.id : ''
  // Opened from an orientation ("Accepter et créer le candidat"), the form starts from what the prescriber wrote.
  const orientationId =
    typeof orientation === 'string' && isUuid(orientation) && can(user, 'candidate.orientation.decide')
      ? orientation
      : null
  const prefill = orientationId ? await orientationFormValues(db, user.organisationId, orientationId) : null
  if (orientationId && !prefill) notFound()
  return (
    <>
      <PageHeader title={await pageTitle('candidateCreate')} />
      {prefill && (
        <p className="mb-6 max-w-4xl rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          Fiche remplie avec l’orientation reçue. Complétez-la et enregistrez&nbsp;: l’orientation sera acceptée et le
          prescripteur informé. <Link href={`/v2/orientations/${orientationId}`}>Revenir à l’orientation</Link>
        </p>
      )}
      <CandidateForm
        mode="create"
        orientationId={prefill ? orientationId! : undefined}
        settings={settings}
        initial={prefill ? { ...emptyFormValues(referentId), ...prefill } : emptyFormValues(referentId)}
        cancelHref={prefill ? `/v2/orientations/${orientationId}` : '/v2/candidates/dashboard'}
      />
    </>
  )
}
