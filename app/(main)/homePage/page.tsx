import Link from '@/components/ui/link'
import { ApplyCountCards } from '@/components/applies/apply-counts'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { applyCountsOfOrganisation } from '@/lib/applies/queries'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { notFound } from 'next/navigation'

export const generateMetadata = pageMetadata('homePage')

export default async function HomePage() {
  const user = await requirePagePermission('homePage.visualize')
  if (!user.organisationId) notFound()
  const counts = await applyCountsOfOrganisation(getDb(), user.organisationId)
  return (
    <>
      <PageHeader title={`Bonjour ${user.firstName}`} subtitle="Voici où en sont les prescriptions de votre organisation." />
      <ApplyCountCards counts={counts} />
      <p className="mt-6 text-sm">
        <Link href="/v2/candidates/dashboard">Voir les candidats</Link>
      </p>
    </>
  )
}
