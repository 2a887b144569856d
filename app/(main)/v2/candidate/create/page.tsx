import { redirect } from 'next/navigation'
import { CandidateForm } from '@/components/candidates/candidate-form'
import { emptyFormValues } from '@/components/candidates/candidate-form-values'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { getDb } from '@/lib/db/client'
import { can, GUARD_REDIRECT } from '@/lib/permissions'

export const generateMetadata = pageMetadata('candidateCreate')

/** /v2/candidate/create (candidate.modify): identity, situation and the organisation's custom fields. */
export default async function CandidateCreatePage() {
  const user = await requireOrganisationUser()
  if (!can(user, 'candidate.modify')) redirect(GUARD_REDIRECT)
  const settings = await candidateSettings(getDb(), user.organisationId)
  const referentId = settings.referents.some((r) => r.id === user.id) ? user.id : ''
  return (
    <>
      <PageHeader title={await pageTitle('candidateCreate')} />
      <CandidateForm mode="create" settings={settings} initial={emptyFormValues(referentId)} cancelHref="/v2/candidates/dashboard" />
    </>
  )
}
