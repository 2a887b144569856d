import Link from 'next/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listUsers } from '@/lib/organisation/queries'
import { ROLE_LABELS } from '@/lib/labels'
import { notFound } from 'next/navigation'

export const generateMetadata = pageMetadata('settingsUsers')

export default async function SettingsUsersPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const rows = await listUsers(getDb(), user.organisationId)
  const title = await pageTitle('settingsUsers')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length.toLocaleString('fr-FR')} au total`}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucun utilisateur." />
      ) : (
        <SimpleTable caption={title} headers={['Nom', 'Email', 'Rôle', 'État']} rows={rows.map((r) => ({ key: r.id, cells: [<Link key="n" href={`/v2/settings/user/${r.id}`}>{r.lastName} {r.firstName}</Link>, r.email, ROLE_LABELS[r.role] ?? r.role, r.disabled ? 'Désactivé' : 'Actif'] }))} />
      )}
    </>
  )
}
