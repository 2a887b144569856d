import { notFound } from 'next/navigation'
import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getOrganisation } from '@/lib/organisation/queries'

export const generateMetadata = pageMetadata('referralInformations')

/** /referral-form/informations/{organisation id}: the form of one organisation. */
export default async function ReferralInformationsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  if (!isUuid(id)) notFound()
  const organisation = await getOrganisation(getDb(), id)
  if (!organisation) notFound()
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-8">
      <PageHeader title={await pageTitle('referralInformations')} subtitle={`Orientation vers : ${organisation.name}`} />
      <NotYetAvailable what="Le formulaire d’orientation" />
    </section>
  )
}
