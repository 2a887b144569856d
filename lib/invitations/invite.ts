import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { pickableCandidates } from '@/lib/candidates/pickable'
import { seal } from '@/lib/crypto/sealed'
import type { Db } from '@/lib/db/client'
import { candidates, invitations, workshopRegistrations, workshops } from '@/lib/db/schema'
import { DAY_MS } from '@/lib/dates'
import { failure, invalid, type Outcome } from '@/lib/frame/outcome'
import { fullName } from '@/lib/person-name'
import { toSmsNumber } from '@/lib/sms/mobile-number'
import { hashCode, newInvitationCode } from './code'
import { INVITATION_MESSAGES, inviteSchema, type InvitationChannel } from './messages'
import { tellInvitation } from './send'
import { openSessions, themeValidity, validityEnd } from './sessions'

export type InviteActor = { organisationId: string; actorId: string }
export type Refusal = { candidateId: string; name: string; reason: string }
export type InviteResult = {
  invited: { candidateId: string; name: string; invitationId: string; channels: InvitationChannel[] }[]
  /** Channels left out for a person invited by the others ("SMS : pas de mobile"). */
  skipped: Refusal[]
  /** People not invited at all, with why. */
  refused: Refusal[]
}

/**
 * Invites candidates of the organisation to a workshop theme, on the channels chosen. Refused for everyone when no
 * session of the theme has a free seat within the validity; refused for a person who has a pending invitation or a
 * coming registration for the theme; a channel is left out for a person without its contact, or who had an invitation
 * on it in the last 24 hours (refused when no channel is left). The invitations, their SMS and mails and the audit rows
 * are written in one transaction, under a lock per organisation and theme (two counsellors inviting the same person at
 * once make one invitation).
 */
export async function inviteCandidates(
  db: Db,
  actor: InviteActor,
  input: unknown,
  now: Date,
): Promise<Outcome<InviteResult>> {
  const parsed = inviteSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const { theme } = parsed.data
  const channels = [...new Set(parsed.data.channels)]
  const ids = [...new Set(parsed.data.candidateIds)]
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`invitation:${actor.organisationId}:${theme}`}, 0))`,
    )
    const validity = await themeValidity(tx, actor.organisationId, theme)
    const expiresAt = validity.optional ? null : validityEnd(now, validity.validityDays)
    const sessions = await openSessions(tx, actor.organisationId, theme, now, expiresAt)
    if (sessions.length === 0) {
      const [any] = await tx
        .select({ id: workshops.id })
        .from(workshops)
        .where(and(eq(workshops.organisationId, actor.organisationId), eq(workshops.theme, theme)))
        .limit(1)
      if (!any)
        return {
          ok: false as const,
          error: INVITATION_MESSAGES.unknownTheme,
          fieldErrors: { theme: INVITATION_MESSAGES.unknownTheme },
        }
      return failure(INVITATION_MESSAGES.noSeat(validity.optional ? null : validity.validityDays))
    }
    const lastDay = expiresAt ? new Date(expiresAt.getTime() - 1) : sessions.at(-1)!.startsAt
    const people = await tx
      .select({
        id: candidates.id,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        phone: candidates.phone,
        email: candidates.email,
        address: candidates.addressFormatted,
        optedOutAt: candidates.smsOptedOutAt,
      })
      .from(candidates)
      .where(and(pickableCandidates(actor.organisationId), inArray(candidates.id, ids)))
    if (people.length !== ids.length)
      return {
        ok: false as const,
        error: INVITATION_MESSAGES.candidateUnknown,
        fieldErrors: { candidateIds: INVITATION_MESSAGES.candidateUnknown },
      }

    const pending = await tx
      .select({ candidateId: invitations.candidateId })
      .from(invitations)
      .where(
        and(
          eq(invitations.organisationId, actor.organisationId),
          inArray(invitations.candidateId, ids),
          eq(invitations.theme, theme),
          eq(invitations.status, 'pending'),
          or(isNull(invitations.expiresAt), gt(invitations.expiresAt, now)),
        ),
      )
    const coming = await tx
      .select({ candidateId: workshopRegistrations.candidateId })
      .from(workshopRegistrations)
      .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
      .where(
        and(
          eq(workshopRegistrations.organisationId, actor.organisationId),
          inArray(workshopRegistrations.candidateId, ids),
          sql`${workshopRegistrations.status} <> 'cancelled'`,
          eq(workshops.theme, theme),
          eq(workshops.status, 'scheduled'),
          gt(workshops.startsAt, now),
        ),
      )
    const since = new Date(now.getTime() - DAY_MS)
    const recent = await tx
      .select({ candidateId: invitations.candidateId, channels: invitations.channels })
      .from(invitations)
      .where(
        and(
          eq(invitations.organisationId, actor.organisationId),
          inArray(invitations.candidateId, ids),
          or(gt(invitations.createdAt, since), gt(invitations.remindedAt, since)),
        ),
      )
    const pendingIds = new Set(pending.map((p) => p.candidateId))
    const comingIds = new Set(coming.map((c) => c.candidateId))
    const recentChannels = new Map<string, Set<string>>()
    for (const r of recent) {
      const set = recentChannels.get(r.candidateId) ?? new Set()
      r.channels.forEach((c) => set.add(c))
      recentChannels.set(r.candidateId, set)
    }

    const result: InviteResult = { invited: [], skipped: [], refused: [] }
    const byId = new Map(people.map((p) => [p.id, p]))
    for (const candidateId of ids) {
      const p = byId.get(candidateId)!
      const name = fullName(p)
      if (pendingIds.has(candidateId)) {
        result.refused.push({ candidateId, name, reason: INVITATION_MESSAGES.pending })
        continue
      }
      if (comingIds.has(candidateId)) {
        result.refused.push({ candidateId, name, reason: INVITATION_MESSAGES.registered })
        continue
      }
      const usable: InvitationChannel[] = []
      const reasons: string[] = []
      for (const channel of channels) {
        const reason = recentChannels.get(candidateId)?.has(channel)
          ? INVITATION_MESSAGES.recent(channel)
          : channel === 'sms'
            ? p.optedOutAt
              ? INVITATION_MESSAGES.optedOut
              : toSmsNumber(p.phone)
                ? null
                : INVITATION_MESSAGES.noMobile
            : channel === 'mail'
              ? p.email?.trim()
                ? null
                : INVITATION_MESSAGES.noEmail
              : p.address?.trim()
                ? null
                : INVITATION_MESSAGES.noAddress
        if (reason) reasons.push(reason)
        else usable.push(channel)
      }
      if (usable.length === 0) {
        result.refused.push({ candidateId, name, reason: reasons.join(' ; ') })
        continue
      }
      if (reasons.length) result.skipped.push({ candidateId, name, reason: reasons.join(' ; ') })
      const code = newInvitationCode()
      const [row] = await tx
        .insert(invitations)
        .values({
          organisationId: actor.organisationId,
          candidateId,
          theme,
          channels: usable,
          codeHash: hashCode(code),
          codeSealed: seal(code),
          expiresAt,
          createdById: actor.actorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: invitations.id })
      const inv = {
        id: row!.id,
        organisationId: actor.organisationId,
        candidateId,
        theme,
        channels: usable,
        codeSealed: seal(code),
        lastDay,
      }
      await tellInvitation(tx, inv, 'invitation', null, now)
      result.invited.push({ candidateId, name, invitationId: row!.id, channels: usable })
    }
    if (result.invited.length)
      await writeAudit(
        tx,
        result.invited.map((i) => ({
          actorId: actor.actorId,
          organisationId: actor.organisationId,
          action: 'invitation.sent',
          entityType: 'candidate',
          entityId: i.candidateId,
          details: { invitationId: i.invitationId, theme, channels: i.channels },
        })),
      )
    return { ok: true as const, ...result }
  })
}
