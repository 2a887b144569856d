import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle, type PageKey } from '@/components/layout/page-metadata'
import { FailedSendsList } from '@/components/settings/failed-sends'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { failedSends } from '@/lib/settings/failed-sends'
import { can, type Permission } from '@/lib/permissions'

export const generateMetadata = pageMetadata('settings')

const SECTIONS: [string, PageKey, Permission?][] = [
  ['/v2/settings/users', 'settingsUsers'],
  ['/v2/settings/permissions', 'settingsPermissions'],
  ['/v2/settings/custom-fields', 'settingsCustomFields'],
  ['/v2/settings/refusal-causes', 'settingsRefusalCauses'],
  ['/v2/settings/challenges', 'settingsChallenges'],
  ['/v2/settings/organisations', 'settingsOrganisations'],
  ['/v2/settings/modeles', 'settingsModeles'],
  ['/v2/settings/templates', 'settingsTemplates'],
  ['/v2/settings/referral-links', 'settingsReferralLinks'],
  // Exports is not listed here: it is in the main navigation of whoever may export, the administrator as the referent.
]

export default async function SettingsPage() {
  const user = await requirePagePermission('settings.visualize')
  const sections = SECTIONS.filter(([, , permission]) => !permission || can(user, permission))
  const [titles, sends] = await Promise.all([
    Promise.all(sections.map(([, key]) => pageTitle(key))),
    user.organisationId ? failedSends(getDb(), user.organisationId, now()) : null,
  ])
  return (
    <>
      <PageHeader title={await pageTitle('settings')} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map(([href], i) => (
          <li key={href}>
            <Link href={href} className="block rounded-lg border border-slate-200 bg-white p-4 font-medium">
              {titles[i]}
            </Link>
          </li>
        ))}
      </ul>
      {sends && <FailedSendsList {...sends} />}
    </>
  )
}
