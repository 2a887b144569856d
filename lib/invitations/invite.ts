import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { pickableCandidates } from '@/lib/candidates/pickable'
import { seal } from '@/lib/crypto/sealed'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, invitations, workshopRegistrations, workshops } from '@/lib/db/schema'
import { DAY_MS } from '@/lib/dates'
import { failure, invalid, type Failure, type Outcome } from '@/lib/frame/outcome'
import { fullName } from '@/lib/person-name'
import { toSmsNumber } from '@/lib/sms/mobile-number'
import { hashCode, newInvitationCode } from './code'
import { INVITATION_MESSAGES, inviteSchema, type InvitationChannel } from './messages'
import { tellInvitation } from './send'
import { invitableStep, stepRefusal, stepStandingOf } from '@/lib/support-courses/invited-steps'
import { COURSE_MESSAGES } from '@/lib/support-courses/schemas'
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

type Person = {
  id: string
  firstName: string
  lastName: string
  phone: string | null
  email: string | null
  address: string | null
  optedOutAt: Date | null
}
type Window = { expiresAt: Date | null; lastDay: Date }

/**
 * Invites candidates of the organisation to a workshop theme, on the channels chosen. Refused for everyone when no
 * session of the theme has a free seat within the validity; refused for a person who has a pending invitation or a
 * coming registration for the theme; a channel is left out for a person without its contact, or who had an invitation
 * on it in the last 24 hours (refused when no channel is left). The invitations, their SMS and mails and the audit rows
 * are written in one transaction, under a lock per organisation and theme (two counsellors inviting the same person at
 * once make one invitation). To a support-course step (`stepId`, lib/support-courses/invited-steps.ts): the theme is
 * the step's, and a person not enrolled in its course, or who has done it, is refused.
 */
export async function inviteCandidates(
  db: Db,
  actor: InviteActor,
  input: unknown,
  now: Date,
): Promise<Outcome<InviteResult>> {
  const parsed = inviteSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const { theme, stepId = null } = parsed.data
  const channels = [...new Set(parsed.data.channels)]
  const ids = [...new Set(parsed.data.candidateIds)]
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`invitation:${actor.organisationId}:${theme}`}, 0))`,
    )
    const step = stepId ? await invitableStep(tx, actor.organisationId, stepId) : null
    if (stepId && step?.theme !== theme)
      return {
        ok: false as const,
        error: COURSE_MESSAGES.stepNotInvitable,
        fieldErrors: { stepId: COURSE_MESSAGES.stepNotInvitable },
      }
    const standing = step ? await stepStandingOf(tx, actor.organisationId, step, stepId!, ids) : null
    const window = await bookableWindow(tx, actor.organisationId, theme, now)
    if (!('lastDay' in window)) return window
    const people = await peopleToInvite(tx, actor.organisationId, ids)
    if (people.length !== ids.length)
      return {
        ok: false as const,
        error: INVITATION_MESSAGES.candidateUnknown,
        fieldErrors: { candidateIds: INVITATION_MESSAGES.candidateUnknown },
      }
    const taken = await alreadyInvited(tx, actor.organisationId, theme, ids, now)
    const result: InviteResult = { invited: [], skipped: [], refused: [] }
    const byId = new Map(people.map((p) => [p.id, p]))
    for (const candidateId of ids) {
      const person = byId.get(candidateId)!
      const name = fullName(person)
      const held =
        (standing && stepRefusal(standing, candidateId)) ??
        (taken.pending.has(candidateId)
          ? INVITATION_MESSAGES.pending
          : taken.coming.has(candidateId)
            ? INVITATION_MESSAGES.registered
            : null)
      if (held) {
        result.refused.push({ candidateId, name, reason: held })
        continue
      }
      const usable: InvitationChannel[] = []
      const reasons: string[] = []
      for (const channel of channels) {
        const reason = channelRefusal(channel, person, taken.recent.get(candidateId))
        if (reason) reasons.push(reason)
        else usable.push(channel)
      }
      if (usable.length === 0) {
        result.refused.push({ candidateId, name, reason: reasons.join(' ; ') })
        continue
      }
      if (reasons.length) result.skipped.push({ candidateId, name, reason: reasons.join(' ; ') })
      const invitationId = await createInvitation(
        tx,
        actor,
        { candidateId, theme, stepId, channels: usable, ...window },
        now,
      )
      result.invited.push({ candidateId, name, invitationId, channels: usable })
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
          details: { invitationId: i.invitationId, theme, channels: i.channels, ...(stepId ? { stepId } : {}) },
        })),
      )
    return { ok: true as const, ...result }
  })
}

/**
 * The invitation's validity, when a session of the theme has a free seat within it: its end (none for an optional
 * workshop) and the last day shown ({date_limite}; an optional workshop's, its last open session's). Else the refusal.
 */
async function bookableWindow(tx: DbOrTx, organisationId: string, theme: string, now: Date): Promise<Window | Failure> {
  const validity = await themeValidity(tx, organisationId, theme)
  const expiresAt = validity.optional ? null : validityEnd(now, validity.validityDays)
  const sessions = await openSessions(tx, organisationId, theme, now, expiresAt)
  if (sessions.length)
    return { expiresAt, lastDay: expiresAt ? new Date(expiresAt.getTime() - 1) : sessions.at(-1)!.startsAt }
  const [any] = await tx
    .select({ id: workshops.id })
    .from(workshops)
    .where(and(eq(workshops.organisationId, organisationId), eq(workshops.theme, theme)))
    .limit(1)
  if (!any)
    return {
      ok: false,
      error: INVITATION_MESSAGES.unknownTheme,
      fieldErrors: { theme: INVITATION_MESSAGES.unknownTheme },
    }
  return failure(INVITATION_MESSAGES.noSeat(validity.optional ? null : validity.validityDays))
}

/** The candidates to invite, the organisation's and pickable only, with their contacts. */
function peopleToInvite(tx: DbOrTx, organisationId: string, ids: string[]): Promise<Person[]> {
  return tx
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
    .where(and(pickableCandidates(organisationId), inArray(candidates.id, ids)))
}

/**
 * Who among them holds the theme already (a valid pending invitation, a coming registration), and the channels each
 * was invited or reminded by in the last 24 hours, whatever the theme.
 */
async function alreadyInvited(tx: DbOrTx, organisationId: string, theme: string, ids: string[], now: Date) {
  const pending = await tx
    .select({ candidateId: invitations.candidateId })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, organisationId),
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
        eq(workshopRegistrations.organisationId, organisationId),
        inArray(workshopRegistrations.candidateId, ids),
        sql`${workshopRegistrations.status} <> 'cancelled'`,
        eq(workshops.theme, theme),
        eq(workshops.status, 'scheduled'),
        gt(workshops.startsAt, now),
      ),
    )
  const since = new Date(now.getTime() - DAY_MS)
  const recentRows = await tx
    .select({ candidateId: invitations.candidateId, channels: invitations.channels })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        inArray(invitations.candidateId, ids),
        or(gt(invitations.createdAt, since), gt(invitations.remindedAt, since)),
      ),
    )
  const recent = new Map<string, Set<string>>()
  for (const r of recentRows) recent.set(r.candidateId, new Set([...(recent.get(r.candidateId) ?? []), ...r.channels]))
  return {
    pending: new Set(pending.map((p) => p.candidateId)),
    coming: new Set(coming.map((c) => c.candidateId)),
    recent,
  }
}

/** Why a channel cannot carry this person's invitation, or null when it can. */
function channelRefusal(channel: InvitationChannel, p: Person, recent: Set<string> | undefined): string | null {
  if (recent?.has(channel)) return INVITATION_MESSAGES.recent(channel)
  if (channel === 'sms')
    return p.optedOutAt ? INVITATION_MESSAGES.optedOut : toSmsNumber(p.phone) ? null : INVITATION_MESSAGES.noMobile
  if (channel === 'mail') return p.email?.trim() ? null : INVITATION_MESSAGES.noEmail
  return p.address?.trim() ? null : INVITATION_MESSAGES.noAddress
}

/** Writes one invitation (its code hashed and sealed) and queues its SMS and mail. Returns its id. */
async function createInvitation(
  tx: DbOrTx,
  actor: InviteActor,
  v: { candidateId: string; theme: string; stepId: string | null; channels: InvitationChannel[] } & Window,
  now: Date,
): Promise<string> {
  const code = newInvitationCode()
  const codeSealed = seal(code)
  const [row] = await tx
    .insert(invitations)
    .values({
      organisationId: actor.organisationId,
      candidateId: v.candidateId,
      theme: v.theme,
      stepId: v.stepId,
      channels: v.channels,
      codeHash: hashCode(code),
      codeSealed,
      expiresAt: v.expiresAt,
      createdById: actor.actorId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: invitations.id })
  const { candidateId, theme, channels, lastDay } = v
  const told = { id: row!.id, organisationId: actor.organisationId, candidateId, theme, channels, codeSealed, lastDay }
  await tellInvitation(tx, told, 'invitation', null, now)
  return row!.id
}
