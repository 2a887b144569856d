import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'
import { ROLE_LABELS } from '@/lib/labels'
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@/lib/permissions'

export const generateMetadata = pageMetadata('settingsPermissions')

/** The permission table the server enforces, read-only. */
export default async function SettingsPermissionsPage() {
  await requirePagePermission('settings.visualize')
  const title = await pageTitle('settingsPermissions')
  return (
    <>
      <PageHeader title={title} subtitle="Les permissions de chaque rôle, telles que le serveur les applique." />
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-4 py-2">Permission</th>
              {ROLES.map((r) => (
                <th key={r} scope="col" className="px-4 py-2">{ROLE_LABELS[r]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERMISSIONS.map((p) => (
              <tr key={p} className="border-t border-slate-100">
                <th scope="row" className="px-4 py-2 font-mono text-xs font-normal">{p}</th>
                {ROLES.map((r) => (
                  <td key={r} className="px-4 py-2">{ROLE_PERMISSIONS[r].includes(p) ? 'Oui' : 'Non'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
