import { notFound } from 'next/navigation'
import { DetailList } from '@/components/ui/detail-list'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getUser } from '@/lib/organisation/queries'
import { ROLE_LABELS } from '@/lib/labels'

export const generateMetadata = pageMetadata('settingsUser')

/** Another organisation's record, or an id that is not one, is "not found". */
export default async function SettingsUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const r = await getUser(getDb(), user.organisationId, id)
  if (!r) notFound()
  return (
    <>
      <PageHeader title={`${r.firstName} ${r.lastName}`} />
      <DetailList items={[['Email', r.email], ['Rôle', ROLE_LABELS[r.role] ?? r.role], ['État', r.disabled ? 'Désactivé' : 'Actif']]} />
    </>
  )
}
