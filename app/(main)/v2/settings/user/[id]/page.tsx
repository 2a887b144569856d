import Link from '@/components/ui/link'
import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { SECOND_FACTOR_LABELS } from '@/components/settings/labels'
import { ResetSecondFactor, UserAccess } from '@/components/settings/user-access'
import { UserIdentities } from '@/components/settings/user-identities'
import { UserProfileForm } from '@/components/settings/user-profile-form'
import { requirePagePermission } from '@/lib/auth/session'
import { formatDateTime } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { ROLE_LABELS } from '@/lib/labels'
import { fullName } from '@/lib/person-name'
import { getOrganisationUser } from '@/lib/settings/queries'

export const generateMetadata = pageMetadata('settingsUser')

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** One user of the administrator's organisation. Another organisation's user, or a partner's, is "not found". */
export default async function SettingsUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const admin = await requirePagePermission('settings.visualize')
  if (!admin.organisationId) notFound()
  const user = await getOrganisationUser(getDb(), admin.organisationId, id)
  if (!user) notFound()
  const self = user.id === admin.id
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/v2/settings/users">← Utilisateurs</Link>
      </p>
      <PageHeader
        title={fullName(user)}
        subtitle={`${ROLE_LABELS[user.role] ?? user.role} · ${user.disabled ? 'Désactivé' : 'Actif'} · Dernière connexion\u00a0: ${
          user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'jamais'
        }`}
      />
      <div className="grid max-w-4xl grid-cols-1 gap-6">
        <Section title="Profil">
          <UserProfileForm user={user} self={self} />
        </Section>
        <Section title="Accès">
          <UserAccess userId={user.id} disabled={user.disabled} self={self} hasPassword={user.hasPassword} />
        </Section>
        <Section title="Identités de connexion">
          <UserIdentities userId={user.id} identities={user.identities} />
        </Section>
        <Section title="Double authentification">
          <div className="flex flex-col gap-3 text-sm">
            <p>
              Double authentification&nbsp;: <strong>{SECOND_FACTOR_LABELS[user.secondFactor].toLowerCase()}</strong>
              {user.secondFactor === 'required' ? ' (rôle ou réglage de l’organisation)' : ''}.{' '}
              {user.hasAuthenticatorApp
                ? 'Une application d’authentification est configurée.'
                : 'Aucune application d’authentification\u00a0: le code est envoyé par email.'}
            </p>
            <div>
              <ResetSecondFactor userId={user.id} />
            </div>
          </div>
        </Section>
        <Section title="Consultations">
          <p className="text-sm">
            <Link href={`/v2/settings/user/${user.id}/consultations`}>
              Voir les dossiers consultés par cet utilisateur
            </Link>
          </p>
        </Section>
      </div>
    </>
  )
}
