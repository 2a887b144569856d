import { notFound } from 'next/navigation'
import { DetailList } from '@/components/ui/detail-list'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getJobOffer } from '@/lib/offers/queries'
import { formatDate } from '@/lib/dates'

export const generateMetadata = pageMetadata('offer')

/** Another organisation's record, or an id that is not one, is "not found". */
export default async function OfferPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(id)) notFound()
  const r = await getJobOffer(getDb(), user.organisationId, id)
  if (!r) notFound()
  return (
    <>
      <PageHeader title={r.title} />
      <DetailList items={[['Contrat', r.contractType], ['Lieu', r.addressFormatted], ['Début', formatDate(r.startDate)], ['Fin', formatDate(r.endDate)], ['Description', r.description]]} />
    </>
  )
}
