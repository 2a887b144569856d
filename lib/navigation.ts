import { can, isPartnerUser, partnerHome, type Permission } from './permissions'

type NavUser = { role: string; permissions?: readonly string[] | null; organisationId: string | null }
export type NavItem = { key: string; href: string }

type NavEntry = {
  key: string | ((u: NavUser) => string)
  href: string | ((u: NavUser) => string)
  permission?: Permission
  organisationOnly?: boolean
}

/** The main navigation; each entry shows only to the users who may open it (the pages check again on the server). */
const ENTRIES: NavEntry[] = [
  { key: 'homePage', href: '/homePage', permission: 'homePage.visualize' },
  { key: 'actions', href: '/v2/actions/dashboard', organisationOnly: true },
  { key: 'candidates', href: '/v2/candidates/dashboard', organisationOnly: true },
  { key: 'fup', href: '/v2/candidates/fup', organisationOnly: true },
  { key: 'jobOffers', href: '/v2/offers/dashboard/job', organisationOnly: true },
  { key: 'socialOffers', href: '/v2/offers/dashboard/social' },
  { key: 'enterprises', href: '/v2/enterprises/dashboard', organisationOnly: true },
  // A partner's own structure is "Ma structure", the title of the page it opens.
  { key: (u) => (isPartnerUser(u) ? 'ownStructure' : 'partners'), href: partnerHome },
  { key: 'supportCourses', href: '/support-courses/dashboard', organisationOnly: true },
  {
    key: 'workshops',
    href: '/workshops/dashboard',
    permission: 'workshops.dashboard.visualize',
    organisationOnly: true,
  },
  { key: 'statistics', href: '/v2/statistics', organisationOnly: true },
  // One navigation for every role (issue 42 §3): whoever may export finds "Exports" here, the administrator too.
  { key: 'exports', href: '/v2/settings/exports', permission: 'settings.exports.visualize', organisationOnly: true },
  { key: 'settings', href: '/v2/settings', permission: 'settings.visualize' },
]

export function navigationFor(user: NavUser): NavItem[] {
  const shown = (e: NavEntry) =>
    (!e.permission || can(user, e.permission)) && (!e.organisationOnly || !!user.organisationId)
  return ENTRIES.filter(shown).map((e) => ({
    key: typeof e.key === 'function' ? e.key(user) : e.key,
    href: typeof e.href === 'function' ? e.href(user) : e.href,
  }))
}
