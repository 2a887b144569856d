import { notFound } from 'next/navigation'
import { DetailList } from '@/components/ui/detail-list'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getEnterprise } from '@/lib/organisation/queries'

export const generateMetadata = pageMetadata('enterprise')

/** Another organisation's record, or an id that is not one, is "not found". */
export default async function EnterprisePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(id)) notFound()
  const r = await getEnterprise(getDb(), user.organisationId, id)
  if (!r) notFound()
  return (
    <>
      <PageHeader title={r.name} />
      <DetailList items={[['SIRET', r.siret], ['Adresse', r.addressFormatted], ['Contact', r.contactName], ['Téléphone', r.contactPhone], ['Email', r.contactEmail]]} />
    </>
  )
}
