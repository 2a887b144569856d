import { notFound } from 'next/navigation'
import { DetailList } from '@/components/ui/detail-list'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getPartnerStructure } from '@/lib/partners/queries'

export const generateMetadata = pageMetadata('partnerStructure')

/** Another organisation's record, or an id that is not one, is "not found". */
export default async function PartnerStructurePage({ params }: { params: Promise<{ structurePartnerId: string }> }) {
  const { structurePartnerId } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(structurePartnerId)) notFound()
  const r = await getPartnerStructure(getDb(), user.organisationId, structurePartnerId)
  if (!r) notFound()
  return (
    <>
      <PageHeader title={r.name} />
      <DetailList items={[['Adresse', r.addressFormatted], ['Téléphone', r.phone], ['Email', r.email], ['Site internet', r.website]]} />
    </>
  )
}
