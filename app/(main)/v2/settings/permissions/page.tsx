import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { PermissionMatrixForm } from '@/components/settings/permission-matrix-form'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { ROLE_LABELS } from '@/lib/labels'
import { PERMISSIONS } from '@/lib/permissions'
import { PERMISSION_LABELS, PERMISSION_SENTENCES } from '@/lib/settings/permission-labels'
import { defaultOf, MATRIX_ROLES, organisationMatrix } from '@/lib/settings/permission-matrix'

export const generateMetadata = pageMetadata('settingsPermissions')

/** The organisation's role × permission matrix, editable; the server's checks follow it from the next request. */
export default async function SettingsPermissionsPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const matrix = await organisationMatrix(getDb(), user.organisationId)
  const title = await pageTitle('settingsPermissions')
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Ce que chaque rôle de votre organisation peut faire. Le serveur applique ces choix dès l’enregistrement."
      />
      <PermissionMatrixForm
        matrix={matrix}
        roles={MATRIX_ROLES.map((role) => ({ role, label: ROLE_LABELS[role]! }))}
        rows={PERMISSIONS.map((permission) => ({
          permission,
          label: PERMISSION_LABELS[permission],
          sentence: PERMISSION_SENTENCES[permission],
          defaults: Object.fromEntries(
            MATRIX_ROLES.map((role) => [role, defaultOf(role).includes(permission)]),
          ) as Record<(typeof MATRIX_ROLES)[number], boolean>,
        }))}
      />
    </>
  )
}
