/**
 * Every permission of spec §6, and the roles that hold them. The one table the app checks;
 * the UI hides what a user cannot do, but the server checks it in every page, action and route.
 */
export const PERMISSIONS = [
  'candidate.visualize',
  'candidate.socialboard.modify',
  'offers.social.archive',
  'offers.social.filter',
  'offers.social.prescription.operator',
  'partner.fup.complete',
  'settings.exports.visualize',
  'homePage.visualize',
  'workshops.modify',
  'workshops.dashboard.visualize',
  'workshops.visualize',
  'filters.authors',
  'settings.visualize',
  // Where the spec is silent: writing candidates, prescribing, exporting and reading the NIR.
  'candidate.modify',
  'candidate.prescribe',
  'candidate.export',
  'candidate.nir.visualize',
  // SMS to candidates, and the organisation's SMS templates.
  'candidate.sms.send',
  'settings.templates.modify',
  // The directory (partner structures, enterprises, job offers, placements).
  'partners.structure.modify',
  'enterprises.modify',
  'offers.job.modify',
  'candidate.placement.modify',
  // Support courses.
  'support-courses.modify',
  'support-courses.visualize',
  // The diagnosis, the orientations received through the referral form, and the referral links.
  'candidate.diagnosis.modify',
  'candidate.diagnosis.visualize',
  'candidate.orientation.decide',
  'settings.referral-links.modify',
  // Following the whole organisation's candidates (the home page, the actions dashboard), not only one's own: the
  // administrators' by default, and any role an organisation grants it to.
  'candidate.organisation.follow',
] as const
export type Permission = (typeof PERMISSIONS)[number]

export const ROLES = ['admin', 'referent', 'counsellor', 'fullPartner'] as const
export type Role = (typeof ROLES)[number]

/** The role of a partner structure's users; every other role is an organisation's staff. */
export const PARTNER_ROLE = 'fullPartner' satisfies Role

/** Whether a user is a partner structure's (who answers prescriptions) rather than an organisation's staff. */
export function isPartnerUser(user: { role: string }): boolean {
  return user.role === PARTNER_ROLE
}

const PARTNER_PERMISSIONS: Permission[] = [
  // A partner edits its own structure's offers written in Passerelle.
  'candidate.socialboard.modify',
  'partner.fup.complete',
  'offers.social.prescription.operator',
  'offers.social.archive',
  'offers.social.filter',
]

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  // RSA referents: the counsellor's permissions plus the home page, exports and workshops.
  referent: [
    'candidate.visualize',
    'candidate.socialboard.modify',
    'candidate.modify',
    'candidate.prescribe',
    'candidate.export',
    'candidate.nir.visualize',
    'candidate.sms.send',
    'filters.authors',
    'homePage.visualize',
    'settings.exports.visualize',
    'workshops.modify',
    'workshops.dashboard.visualize',
    'workshops.visualize',
    'enterprises.modify',
    'offers.job.modify',
    'candidate.placement.modify',
    'support-courses.modify',
    'support-courses.visualize',
    'candidate.diagnosis.modify',
    'candidate.diagnosis.visualize',
    'candidate.orientation.decide',
  ],
  // Counsellors follow candidates and prescribe, but neither export nor read the NIR.
  // Counsellors run group sessions too (workshops) and follow support courses.
  counsellor: [
    'candidate.visualize',
    'candidate.socialboard.modify',
    'candidate.modify',
    'candidate.prescribe',
    'candidate.sms.send',
    'filters.authors',
    'workshops.modify',
    'workshops.dashboard.visualize',
    'workshops.visualize',
    'enterprises.modify',
    'offers.job.modify',
    'candidate.placement.modify',
    'support-courses.modify',
    'support-courses.visualize',
    'candidate.diagnosis.modify',
    'candidate.diagnosis.visualize',
    'candidate.orientation.decide',
  ],
  fullPartner: PARTNER_PERMISSIONS,
}

/**
 * A user as the permission checks see them: their role, an explicit per-user list when an administrator set one,
 * and their organisation's list for their role when the organisation edited the matrix (/v2/settings/permissions).
 */
export type PermissionSubject = {
  role: string
  permissions?: readonly string[] | null
  rolePermissions?: readonly string[] | null
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

const known = (list: readonly string[]) =>
  list.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p))

/**
 * The user's permissions: an explicit per-user list when an administrator set one, else their organisation's list
 * for their role, else the role's default of the table above. Unknown roles get nothing.
 */
export function permissionsOf(user: PermissionSubject): ReadonlySet<Permission> {
  if (user.permissions) return new Set(known(user.permissions))
  if (!isRole(user.role)) return new Set()
  if (user.rolePermissions && !isPartnerUser(user)) return new Set(known(user.rolePermissions))
  return new Set(ROLE_PERMISSIONS[user.role])
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  return !!user && permissionsOf(user).has(permission)
}

/** Spec §2: where each route's guard sends a user who lacks its permission. */
export const GUARD_REDIRECT = '/v2/candidates/dashboard'

/** Spec §2 "Partner redirects". */
export function partnerHome(user: { role: string }): string {
  return isPartnerUser(user) ? '/partners/structure/dashboard' : '/partners/structure/default'
}
