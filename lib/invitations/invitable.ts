import { sql } from 'drizzle-orm'
import { candidates, invitations, workshopRegistrations, workshops } from '@/lib/db/schema'

/**
 * The invite picker's "already there" (a condition on `candidates.id`): a pending invitation to the theme still valid,
 * or a coming registration to one of its sessions — the two refusals of inviteCandidates a person can be told apart by
 * before anything is sent.
 */
export function invitedOrRegistered(organisationId: string, theme: string, now: Date) {
  return sql<boolean>`(exists (select 1 from ${invitations} i where i.organisation_id = ${organisationId} and i.candidate_id = ${candidates.id} and i.theme = ${theme} and i.status = 'pending' and (i.expires_at is null or i.expires_at > ${now}))
    or exists (select 1 from ${workshopRegistrations} r join ${workshops} w on w.id = r.workshop_id where r.organisation_id = ${organisationId} and r.candidate_id = ${candidates.id} and r.status <> 'cancelled' and w.theme = ${theme} and w.status = 'scheduled' and w.starts_at > ${now}))`
}
