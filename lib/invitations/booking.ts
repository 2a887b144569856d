import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, invitations, organisations, workshopRegistrations, workshops } from '@/lib/db/schema'
import { failure, type Outcome } from '@/lib/frame/outcome'
import { lockWorkshop } from '@/lib/workshops/lock'
import { releaseSeat } from '@/lib/workshops/registrations'
import { hashCode, normaliseCode } from './code'
import {
  CHANGE_NOTICE_HOURS,
  INVITATION_MESSAGES,
  lettersOf,
  NAME_CHECK_LOCK_MINUTES,
  NAME_CHECK_TRIES,
  nameCheckSchema,
} from './messages'
import { tellInvitation } from './send'
import { openSessions, type OpenSession } from './sessions'

type InvitationRow = typeof invitations.$inferSelect

/** The invitation of a code as typed or linked, or null (an impossible code is never looked up). */
export async function invitationByCode(db: DbOrTx, typed: string, options: { lock?: boolean } = {}) {
  const code = normaliseCode(typed)
  if (!code) return null
  const query = db
    .select()
    .from(invitations)
    .where(eq(invitations.codeHash, hashCode(code)))
  const [row] = options.lock ? await query.for('update') : await query
  return row ?? null
}

/** Where an invitation stands for the person: bookable, booked, or no longer usable (and why). */
export type InvitationState = 'open' | 'booked' | 'expired' | 'closed' | 'locked'

export function stateOf(inv: InvitationRow, now: Date): InvitationState {
  if (inv.lockedUntil && inv.lockedUntil > now) return 'locked'
  if (inv.status === 'booked') return 'booked'
  if (inv.status !== 'pending') return 'closed'
  if (inv.expiresAt && inv.expiresAt <= now) return 'expired'
  return 'open'
}

// The proof that this browser passed the name check: the invitation's id and an expiry, MACed under the app's secret.
const PROOF_MINUTES = 30
function proofKey(): Buffer {
  const secret = process.env.BETTER_AUTH_SECRET
  if (!secret) throw new Error('BETTER_AUTH_SECRET is not set: invitation checks cannot be signed.')
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'passerelle', 'invitation-proof-v1', 32))
}
const mac = (payload: string) => crypto.createHmac('sha256', proofKey()).update(payload).digest('base64url')

export function issueProof(invitationId: string, now: Date): { value: string; expires: Date } {
  const expires = new Date(now.getTime() + PROOF_MINUTES * 60_000)
  const payload = `${invitationId}.${expires.getTime()}`
  return { value: `${payload}.${mac(payload)}`, expires }
}

export function proofHolds(value: string | undefined, invitationId: string, now: Date): boolean {
  if (!value) return false
  const [id, exp, sig] = value.split('.')
  if (id !== invitationId || !exp || !sig || Number(exp) <= now.getTime()) return false
  const expected = Buffer.from(mac(`${id}.${exp}`))
  const given = Buffer.from(sig)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}

export type NameCheck = Outcome<{ invitationId: string }> & { locked?: boolean }

/**
 * The person types the first letters of their last name before anything of theirs is shown or changed. A wrong answer
 * counts; the 5th in a row locks the link for 15 minutes (the count restarts after). Every answer is audited.
 */
export async function checkName(db: Db, typedCode: string, typedLetters: unknown, now: Date): Promise<NameCheck> {
  const letters = nameCheckSchema.safeParse(typedLetters)
  if (!letters.success)
    return {
      ok: false,
      error: INVITATION_MESSAGES.nameFormat,
      fieldErrors: { letters: INVITATION_MESSAGES.nameFormat },
    }
  return db.transaction(async (tx) => {
    const inv = await invitationByCode(tx, typedCode, { lock: true })
    if (!inv) return failure(INVITATION_MESSAGES.codeUnknown)
    if (inv.lockedUntil && inv.lockedUntil > now) {
      const minutes = Math.ceil((inv.lockedUntil.getTime() - now.getTime()) / 60_000)
      return { ok: false, locked: true, error: INVITATION_MESSAGES.nameLocked(minutes) }
    }
    const [person] = await tx
      .select({ lastName: candidates.lastName })
      .from(candidates)
      .where(eq(candidates.id, inv.candidateId))
    const expected = lettersOf(person?.lastName ?? '').slice(0, 3)
    const right = expected.length > 0 && letters.data === expected
    const failed = right ? 0 : inv.failedChecks + 1
    const locks = failed >= NAME_CHECK_TRIES
    await tx
      .update(invitations)
      .set({
        failedChecks: locks ? 0 : failed,
        lockedUntil: locks ? new Date(now.getTime() + NAME_CHECK_LOCK_MINUTES * 60_000) : inv.lockedUntil,
        updatedAt: now,
      })
      .where(eq(invitations.id, inv.id))
    await writeAudit(tx, {
      actorId: null,
      organisationId: inv.organisationId,
      action: right ? 'invitation.opened' : locks ? 'invitation.locked' : 'invitation.checkFailed',
      entityType: 'candidate',
      entityId: inv.candidateId,
      details: { invitationId: inv.id },
    })
    if (right) return { ok: true, invitationId: inv.id }
    if (locks) return { ok: false, locked: true, error: INVITATION_MESSAGES.nameLocked(NAME_CHECK_LOCK_MINUTES) }
    return {
      ok: false,
      error: INVITATION_MESSAGES.nameWrong(NAME_CHECK_TRIES - failed),
      fieldErrors: { letters: INVITATION_MESSAGES.nameWrong(NAME_CHECK_TRIES - failed) },
    }
  })
}

/** The public page's data: never the person's name; the booking only with the name check's proof. */
export async function invitationPage(db: DbOrTx, typedCode: string, proof: string | undefined, now: Date) {
  const inv = await invitationByCode(db, typedCode)
  if (!inv) return null
  const [org] = await db
    .select({ name: organisations.name, email: organisations.contactEmail, phone: organisations.contactPhone })
    .from(organisations)
    .where(eq(organisations.id, inv.organisationId))
  const state = stateOf(inv, now)
  const checked = proofHolds(proof, inv.id, now)
  const booking = checked && inv.registrationId ? await bookingOf(db, inv.registrationId) : null
  const sessions =
    state === 'open' || (state === 'booked' && booking?.changeable)
      ? (await openSessions(db, inv.organisationId, inv.theme, now, inv.expiresAt)).filter(
          (s) => s.id !== booking?.workshopId,
        )
      : []
  return {
    organisation: org!,
    theme: inv.theme,
    expiresAt: inv.expiresAt,
    /** Why a closed invitation is closed (declined by the person, cancelled by a counsellor), for the page's words. */
    status: inv.status,
    state,
    lockedUntil: inv.lockedUntil,
    checked,
    booking: booking && {
      ...booking,
      changeable: booking.changeable && booking.startsAt.getTime() - now.getTime() >= CHANGE_NOTICE_HOURS * 3_600_000,
    },
    sessions,
  }
}

async function bookingOf(db: DbOrTx, registrationId: string) {
  const [r] = await db
    .select({
      workshopId: workshops.id,
      name: workshops.name,
      startsAt: workshops.startsAt,
      endsAt: workshops.endsAt,
      addressFormatted: workshops.addressFormatted,
      videoUrl: workshops.videoUrl,
      status: workshopRegistrations.status,
      confirmedAt: workshopRegistrations.confirmedAt,
    })
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(eq(workshopRegistrations.id, registrationId))
  if (!r || r.status !== 'registered' || !r.startsAt) return null
  return { ...r, startsAt: r.startsAt, changeable: true }
}

export type BookOutcome = Outcome<{ workshopId: string }> & { sessions?: OpenSession[] }

/**
 * The person takes a seat (or moves to another session) from their invitation, with the name check's proof. The
 * invitation row, then the workshops in id order, are locked: two people taking the last seat are served one after the
 * other, and the second is shown the sessions left. A move frees the old seat (waitlist, then offers). The confirmation
 * goes by the invitation's channels.
 */
export async function bookFromInvitation(
  db: Db,
  typedCode: string,
  proof: string | undefined,
  workshopId: string,
  now: Date,
  by: 'person' | 'counsellor' = 'person',
): Promise<BookOutcome> {
  return db.transaction(async (tx) => {
    const inv = await invitationByCode(tx, typedCode, { lock: true })
    if (!inv) return failure(INVITATION_MESSAGES.codeUnknown)
    if (by === 'person' && !proofHolds(proof, inv.id, now)) return failure(INVITATION_MESSAGES.checkFirst)
    return bookLocked(tx, inv, workshopId, now, by)
  })
}

/** Books for a locked invitation: shared by the link and the SMS reply "OUI" to an offered seat. */
export async function bookLocked(
  tx: DbOrTx,
  inv: InvitationRow,
  workshopId: string,
  now: Date,
  by: 'person' | 'counsellor',
): Promise<BookOutcome> {
  const state = stateOf(inv, now)
  if (state !== 'open' && state !== 'booked') return failure(INVITATION_MESSAGES.closed)
  const [old] = inv.registrationId
    ? await tx
        .select({
          id: workshopRegistrations.id,
          status: workshopRegistrations.status,
          workshopId: workshopRegistrations.workshopId,
        })
        .from(workshopRegistrations)
        .where(eq(workshopRegistrations.id, inv.registrationId))
    : []
  const moving = state === 'booked' && old?.status === 'registered' ? old : null
  if (moving?.workshopId === workshopId) return { ok: true, workshopId }
  // Locks in workshop id order, as every writer of two workshops must.
  const ids = [workshopId, moving?.workshopId].filter((x): x is string => !!x).sort()
  const locked = new Map<string, NonNullable<Awaited<ReturnType<typeof lockWorkshop>>>>()
  for (const id of ids) {
    const w = await lockWorkshop(tx, inv.organisationId, id)
    if (w) locked.set(id, w)
  }
  const w = locked.get(workshopId)
  const remaining = () => openSessions(tx, inv.organisationId, inv.theme, now, inv.expiresAt)
  if (!w || w.theme !== inv.theme) return failure(INVITATION_MESSAGES.sessionUnknown)
  if (moving) {
    const from = locked.get(moving.workshopId)!
    if (from.startsAt && from.startsAt.getTime() - now.getTime() < CHANGE_NOTICE_HOURS * 3_600_000)
      return failure(INVITATION_MESSAGES.tooLate)
  }
  const bookable =
    w.status === 'scheduled' &&
    !!w.startsAt &&
    w.startsAt > now &&
    (!inv.expiresAt || w.startsAt <= inv.expiresAt) &&
    w.seatsTaken < (w.capacity ?? 0)
  if (!bookable) return { ...failure(INVITATION_MESSAGES.sessionGone), sessions: await remaining() }
  // Registered elsewhere on this workshop already (a counsellor registered them meanwhile): that seat is theirs.
  const [already] = await tx
    .select({ id: workshopRegistrations.id })
    .from(workshopRegistrations)
    .where(
      and(
        eq(workshopRegistrations.workshopId, workshopId),
        eq(workshopRegistrations.candidateId, inv.candidateId),
        sql`${workshopRegistrations.status} <> 'cancelled'`,
      ),
    )
  if (already) return failure(INVITATION_MESSAGES.sessionGone)
  const [registration] = await tx
    .insert(workshopRegistrations)
    .values({
      organisationId: inv.organisationId,
      workshopId,
      candidateId: inv.candidateId,
      status: 'registered',
      invitationId: inv.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: workshopRegistrations.id })
  await tx
    .update(workshops)
    .set({ seatsTaken: sql`${workshops.seatsTaken} + 1`, updatedAt: sql`now()` })
    .where(eq(workshops.id, workshopId))
  if (moving)
    await releaseSeat(
      tx,
      { organisationId: inv.organisationId, actorId: null },
      locked.get(moving.workshopId)!,
      moving,
      now,
    )
  await tx
    .update(invitations)
    .set({
      status: 'booked',
      registrationId: registration!.id,
      bookedAt: inv.bookedAt ?? now,
      bookedBy: inv.bookedBy ?? by,
      offeredWorkshopId: null,
      updatedAt: now,
    })
    .where(eq(invitations.id, inv.id))
  await tellInvitation(
    tx,
    { ...inv, lastDay: inv.expiresAt ? new Date(inv.expiresAt.getTime() - 1) : w.startsAt! },
    'booking',
    { name: w.name, startsAt: w.startsAt!, addressFormatted: w.addressFormatted, videoUrl: w.videoUrl },
    now,
  )
  await writeAudit(tx, {
    actorId: null,
    organisationId: inv.organisationId,
    action: moving ? 'invitation.moved' : 'invitation.booked',
    entityType: 'candidate',
    entityId: inv.candidateId,
    details: { invitationId: inv.id, workshopId, by },
  })
  return { ok: true, workshopId }
}

/**
 * The person cancels their booking (link, or NON by SMS): the seat is freed (waitlist, then offers) and the invitation
 * ends as declined. Refused within 24 hours of the session, where a phone call is better.
 */
export async function cancelLocked(
  tx: DbOrTx,
  inv: InvitationRow,
  now: Date,
  source: 'link' | 'sms',
): Promise<Outcome> {
  if (inv.status === 'pending') {
    await tx
      .update(invitations)
      .set({ status: 'declined', closedAt: now, offeredWorkshopId: null, updatedAt: now })
      .where(eq(invitations.id, inv.id))
    await writeAudit(tx, {
      actorId: null,
      organisationId: inv.organisationId,
      action: 'invitation.declined',
      entityType: 'candidate',
      entityId: inv.candidateId,
      details: { invitationId: inv.id, source },
    })
    return { ok: true }
  }
  if (inv.status !== 'booked' || !inv.registrationId) return failure(INVITATION_MESSAGES.notBooked)
  const [r] = await tx
    .select({
      id: workshopRegistrations.id,
      status: workshopRegistrations.status,
      workshopId: workshopRegistrations.workshopId,
    })
    .from(workshopRegistrations)
    .where(eq(workshopRegistrations.id, inv.registrationId))
  if (!r || r.status !== 'registered') return failure(INVITATION_MESSAGES.notBooked)
  const w = await lockWorkshop(tx, inv.organisationId, r.workshopId)
  if (!w) return failure(INVITATION_MESSAGES.notBooked)
  if (w.startsAt && w.startsAt.getTime() - now.getTime() < CHANGE_NOTICE_HOURS * 3_600_000 && source === 'link')
    return failure(INVITATION_MESSAGES.tooLate)
  await releaseSeat(tx, { organisationId: inv.organisationId, actorId: null }, w, r, now)
  await tx
    .update(invitations)
    .set({ status: 'declined', closedAt: now, updatedAt: now })
    .where(eq(invitations.id, inv.id))
  await writeAudit(tx, {
    actorId: null,
    organisationId: inv.organisationId,
    action: 'invitation.cancelled',
    entityType: 'candidate',
    entityId: inv.candidateId,
    details: { invitationId: inv.id, workshopId: w.id, source },
  })
  return { ok: true }
}

/** The link's "Annuler ma place", with the name check's proof. */
export async function cancelFromInvitation(
  db: Db,
  typedCode: string,
  proof: string | undefined,
  now: Date,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const inv = await invitationByCode(tx, typedCode, { lock: true })
    if (!inv) return failure(INVITATION_MESSAGES.codeUnknown)
    if (!proofHolds(proof, inv.id, now)) return failure(INVITATION_MESSAGES.checkFirst)
    return cancelLocked(tx, inv, now, 'link')
  })
}
