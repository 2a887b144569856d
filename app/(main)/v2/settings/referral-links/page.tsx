import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { ReferralLinksManager } from '@/components/referrals/referral-links-manager'
import { appUrl } from '@/lib/auth/app-url'
import { requirePagePermission } from '@/lib/auth/session'
import { can } from '@/lib/permissions'
import { getDb } from '@/lib/db/client'
import { now } from '@/lib/clock'
import { formatDate } from '@/lib/dates'
import { listLinks } from '@/lib/referrals/links'

export const generateMetadata = pageMetadata('settingsReferralLinks')

/** Settings "Formulaires d'orientation": the organisation's referral links, created, copied and disabled here. */
export default async function SettingsReferralLinksPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const at = now()
  const links = await listLinks(getDb(), user.organisationId)
  return (
    <>
      <PageHeader
        title={await pageTitle('settingsReferralLinks')}
        subtitle={
          'Un prescripteur sans compte (CCAS, association, service social…) oriente une personne vers votre organisation par un lien personnel. Donnez un lien par structure\u00a0: vous pourrez le désactiver sans toucher aux autres.'
        }
      />
      <ReferralLinksManager
        canModify={can(user, 'settings.referral-links.modify')}
        links={links.map((l) => ({
          id: l.id,
          label: l.label,
          // Only the token's first characters are kept: the whole address was shown once, when the link was created.
          shownUrl: `${appUrl()}/referral-form/informations/${l.tokenHint}•••`,
          notifyEmail: l.notifyEmail,
          // Valid through the day chosen: the instant stored is the next midnight (Paris).
          validUntil: l.expiresAt ? formatDate(new Date(l.expiresAt.getTime() - 1)) : null,
          state: l.disabledAt ? 'disabled' : l.expiresAt && l.expiresAt <= at ? 'expired' : 'active',
          orientations: l.orientations,
          createdOn: formatDate(l.createdAt),
        }))}
      />
    </>
  )
}
