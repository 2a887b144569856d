import Link from 'next/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { ValidityBadge } from '@/components/offers/validity-badge'
import { EmptyState } from '@/components/ui/empty-state'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listSocialOffers, socialOffersOfStructure } from '@/lib/offers/queries'

export const generateMetadata = pageMetadata('socialOffers')

/** The social offers directory; a partner sees its own structure's offers. */
export default async function SocialOffersPage() {
  const user = await requireUser()
  const db = getDb()
  const offers = user.organisationId ? await listSocialOffers(db) : user.structureId ? await socialOffersOfStructure(db, user.structureId) : []
  return (
    <>
      <PageHeader title={await pageTitle('socialOffers')} subtitle={`${offers.length.toLocaleString('fr-FR')} offre${offers.length > 1 ? 's' : ''}`} />
      {offers.length === 0 ? (
        <EmptyState title="Aucune offre sociale pour l’instant.">Les offres publiées par les structures partenaires apparaîtront ici.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {offers.map((o) => (
            <li key={o.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
              <Link href={`/offer/social/${o.id}`} className="font-semibold">
                {o.name}
              </Link>
              <span className="text-sm text-slate-600">{o.providerName}</span>
              <ValidityBadge offer={o} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
