import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { OfferImport } from '@/components/offers/offer-import'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { mayWriteOffersOf } from '@/lib/offers/write-offer'
import { getOwnStructure } from '@/lib/partners/queries'

export const metadata: Metadata = { title: 'Importer des offres sociales' }

/**
 * Import a structure's social offers (CSV, Excel, data·inclusion JSON): a writer of its offers only (those who run
 * it, and its own partner users); anyone else gets "not found".
 */
export default async function ImportOffersPage({ params }: { params: Promise<{ structurePartnerId: string }> }) {
  const { structurePartnerId } = await params
  const user = await requireUser()
  if (!isUuid(structurePartnerId)) notFound()
  const db = getDb()
  if (!(await mayWriteOffersOf(db, user, structurePartnerId))) notFound()
  const structure = await getOwnStructure(db, structurePartnerId)
  if (!structure) notFound()
  return (
    <>
      <PageHeader title="Importer des offres sociales" subtitle={structure.name} />
      <OfferImport structureId={structure.id} structureName={structure.name} />
    </>
  )
}
