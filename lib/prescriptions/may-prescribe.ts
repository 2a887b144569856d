import { isExpired } from '@/lib/offers/directory-access'
import { can, type PermissionSubject } from '@/lib/permissions'

/** Who prescribes, as the frames of actions and routes check it (lib/frame): mayPrescribe's rule for the user. */
export const PRESCRIBER = { permission: 'candidate.prescribe', tenant: 'organisation' } as const

type Prescriber = (PermissionSubject & { organisationId: string | null }) | null | undefined

/**
 * Who may prescribe, and to which offer: a user of an organisation (a partner structure's user never prescribes)
 * holding candidate.prescribe; given an offer, one that still takes prescriptions (not expired, spec §4). That the offer
 * is in the organisation's directory is read with the offer itself (getDirectoryOffer): another one is "not found".
 */
export function mayPrescribe(
  user: Prescriber,
  offer?: { serviceEndDate: string | null } | null,
  now?: Date,
): user is PermissionSubject & { organisationId: string } {
  return !!user?.organisationId && can(user, PRESCRIBER.permission) && !(offer && isExpired(offer, now))
}
