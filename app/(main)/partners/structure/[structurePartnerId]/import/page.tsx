import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { OfferImport } from '@/components/offers/offer-import'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { mayWriteOffersOf } from '@/lib/offers/write-offer'
import { getPartnerStructure } from '@/lib/partners/queries'

export const metadata: Metadata = { title: 'Importer des offres sociales' }

/** Issue 12 §2: import a structure's social offers (CSV, Excel, data·inclusion JSON); a writer of its offers only. */
export default async function ImportOffersPage({ params }: { params: Promise<{ structurePartnerId: string }> }) {
  const { structurePartnerId } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(structurePartnerId)) notFound()
  const db = getDb()
  const structure = await getPartnerStructure(db, user.organisationId, structurePartnerId)
  if (!structure || !(await mayWriteOffersOf(db, user, structure.id))) notFound()
  return (
    <>
      <PageHeader title="Importer des offres sociales" subtitle={structure.name} />
      <OfferImport structureId={structure.id} structureName={structure.name} />
    </>
  )
}
