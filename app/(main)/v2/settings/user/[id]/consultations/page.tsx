import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ConsultationsView } from '@/components/journal/consultations-view'
import { PageHeader } from '@/components/layout/page-header'
import Link from '@/components/ui/link'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { parseConsultationFilters, type SearchParams } from '@/lib/journal/consultation-filters'
import { consultationScope } from '@/lib/journal/consultation-scope'
import { listConsultations } from '@/lib/journal/consultations'
import { fullName } from '@/lib/person-name'
import { getOrganisationUser } from '@/lib/settings/queries'
import { ofName } from '@/lib/text/french'

export const metadata: Metadata = { title: 'Consultations d’un utilisateur' }

/**
 * /v2/settings/user/{id}/consultations: the files one user of the administrator's organisation opened (the read
 * journal), filterable by date and kind, exportable as CSV. Another organisation's user is "not found".
 */
export default async function UserConsultationsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>
  searchParams: Promise<SearchParams>
}) {
  const [{ id }, query] = await Promise.all([params, searchParams])
  const admin = await requirePagePermission('settings.visualize')
  const db = getDb()
  const scope = await consultationScope(db, admin, { userId: id })
  if (!scope?.actorId || !admin.organisationId) notFound()
  const filters = { ...parseConsultationFilters(query), actorId: null }
  const [user, list] = await Promise.all([
    getOrganisationUser(db, admin.organisationId, id),
    listConsultations(db, scope, filters),
  ])
  if (!user) notFound()
  const name = fullName(user)
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/v2/settings/user/${user.id}`}>← {name}</Link>
      </p>
      <PageHeader
        title={`Consultations ${ofName(name)}`}
        subtitle="Les dossiers de candidats ouverts par cet utilisateur, et ses exports."
      />
      <ConsultationsView
        caption={`Consultations ${ofName(name)}`}
        rows={list.rows}
        total={list.total}
        filters={filters}
        path={`/v2/settings/user/${user.id}/consultations`}
        csvHref={`/api/read-journal?actor=${encodeURIComponent(user.id)}`}
        showCandidate
      />
    </>
  )
}
