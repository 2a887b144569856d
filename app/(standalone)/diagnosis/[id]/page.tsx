import { notFound } from 'next/navigation'
import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getCandidate } from '@/lib/candidates/queries'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'

export const generateMetadata = pageMetadata('diagnosis')

/** A candidate's diagnosis (/diagnosis/{candidate id}); another organisation's candidate is "not found". */
export default async function DiagnosisPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(id)) notFound()
  const candidate = await getCandidate(getDb(), user.organisationId, id)
  if (!candidate) notFound()
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-8">
      <PageHeader title={`${await pageTitle('diagnosis')} – ${candidate.firstName} ${candidate.lastName}`} />
      <NotYetAvailable what="Le questionnaire de diagnostic" />
    </section>
  )
}
