import Link from '@/components/ui/link'
import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { CreateUserDialog } from '@/components/settings/create-user-dialog'
import { SECOND_FACTOR_LABELS } from '@/components/settings/labels'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { ACCOUNT_STATE_TONES, StatusBadge } from '@/components/ui/status-badge'
import { requirePagePermission } from '@/lib/auth/session'
import { formatDateTime } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { ROLE_LABELS } from '@/lib/labels'
import { formatCount } from '@/lib/numbers'
import { listName } from '@/lib/person-name'
import { listOrganisationUsers } from '@/lib/settings/queries'

export const generateMetadata = pageMetadata('settingsUsers')

type SearchParams = Promise<Record<string, string | string[] | undefined>>

/** The administrator's organisation's users, 50 a page. Partner structures' users are not managed here. */
export default async function SettingsUsersPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const page = Number((await searchParams).page) || 1
  const list = await listOrganisationUsers(getDb(), user.organisationId, page)
  const title = await pageTitle('settingsUsers')
  const pageLink = (p: number) => (p === 1 ? '/v2/settings/users' : `/v2/settings/users?page=${p}`)
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${formatCount(list.total, 'utilisateur')} dans votre organisation`}
        actions={<CreateUserDialog />}
      />
      {list.rows.length === 0 ? (
        <EmptyState title="Aucun utilisateur dans votre organisation.">
          Créez le premier avec «&nbsp;Créer un utilisateur&nbsp;».
        </EmptyState>
      ) : (
        <SimpleTable
          caption={title}
          headers={['Nom', 'Email', 'Rôle', 'État', 'Double authentification', 'Dernière connexion']}
          rows={list.rows.map((r) => ({
            key: r.id,
            cells: [
              <Link key="n" href={`/v2/settings/user/${r.id}`} className="whitespace-nowrap font-medium">
                {listName(r)}
              </Link>,
              <span key="e" className="whitespace-nowrap">
                {r.email}
              </span>,
              ROLE_LABELS[r.role] ?? r.role,
              r.disabled ? (
                <StatusBadge key="s" tone={ACCOUNT_STATE_TONES.disabled}>
                  Désactivé
                </StatusBadge>
              ) : (
                <StatusBadge key="s" tone={ACCOUNT_STATE_TONES.active}>
                  Actif
                </StatusBadge>
              ),
              SECOND_FACTOR_LABELS[r.secondFactor],
              r.lastSignInAt ? (
                <span key="l" className="whitespace-nowrap">
                  {formatDateTime(r.lastSignInAt)}
                </span>
              ) : (
                <span key="l" className="text-slate-600">
                  Jamais
                </span>
              ),
            ],
          }))}
        />
      )}
      {list.pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
          {list.page > 1 ? (
            <Link className={buttonClass('secondary')} href={pageLink(list.page - 1)}>
              Précédents
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {list.page} sur {list.pages}
          </span>
          {list.page < list.pages ? (
            <Link className={buttonClass('secondary')} href={pageLink(list.page + 1)}>
              Suivants
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
      <p className="mt-4 text-sm text-slate-600">
        Les utilisateurs des structures partenaires sont rattachés à leur structure&nbsp;: ils n’apparaissent pas ici.
      </p>
    </>
  )
}
