import { notFound } from 'next/navigation'
import { DetailList } from '@/components/ui/detail-list'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getWorkshop } from '@/lib/organisation/queries'
import { formatDate } from '@/lib/dates'

export const generateMetadata = pageMetadata('workshop')

/** Another organisation's record, or an id that is not one, is "not found". */
export default async function WorkshopPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requirePagePermission('workshops.visualize')
  if (!user.organisationId || !isUuid(id)) notFound()
  const r = await getWorkshop(getDb(), user.organisationId, id)
  if (!r) notFound()
  return (
    <>
      <PageHeader title={r.name} />
      <DetailList items={[['Date', formatDate(r.startsAt)], ['Lieu', r.addressFormatted], ['Places', r.capacity == null ? null : String(r.capacity)], ['Description', r.description]]} />
    </>
  )
}
