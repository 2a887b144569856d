import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, invitations, workshopRegistrations, workshops } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { queueSms } from '@/lib/sms/queue-sms'
import { noticeText } from './notice-templates'
import { reminderTime } from './reminders'
import { attendanceSchema, registerSchema, WORKSHOP_MESSAGES } from './schemas'
import { lockWorkshop, type WorkshopActor } from './lock'
import { pickableCandidates } from '@/lib/candidates/pickable'
import type { RegistrationOutcome } from './registration-feedback'
import { fullName } from '@/lib/person-name'
import { offerFreedSeats } from '@/lib/invitations/seat-offers'
import { markInvitedStepsDone, undoStepsOfAttendance } from '@/lib/support-courses/invited-steps'

/**
 * Seats and waitlist. Every change locks the workshop's row first: two counsellors taking the last seat
 * at once are served one after the other, so exactly one candidate gets it and the other is waitlisted. The seat and
 * waitlist counts on the workshop change in the same transaction; the convocations are queued there too.
 */
type LockedWorkshop = NonNullable<Awaited<ReturnType<typeof lockWorkshop>>>

const fail = (error: string, field?: string) => ({
  ok: false as const,
  error,
  ...(field ? { fieldErrors: { [field]: error } } : {}),
})

/**
 * Registers candidates in the order given. A candidate already registered (or waiting) is refused with their name; with
 * `skipRegistered` (the candidates dashboard's selection), they are left out and counted instead.
 */
export async function registerCandidates(
  db: Db,
  actor: WorkshopActor,
  workshopId: string,
  input: unknown,
  now: Date,
  options: { skipRegistered?: boolean } = {},
): Promise<Outcome<RegistrationOutcome>> {
  const parsed = registerSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  let ids = [...new Set(parsed.data.candidateIds)]
  return db.transaction(async (tx) => {
    const w = await lockWorkshop(tx, actor.organisationId, workshopId)
    if (!w) return NOT_FOUND
    if (w.status === 'cancelled') return fail(WORKSHOP_MESSAGES.cancelled)
    if (w.startsAt && w.startsAt <= now) return fail(WORKSHOP_MESSAGES.startedRegistration)
    const found = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(pickableCandidates(actor.organisationId), inArray(candidates.id, ids)))
    if (found.length !== ids.length) return fail(WORKSHOP_MESSAGES.candidateUnknown, 'candidateIds')
    const already = await tx
      .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName })
      .from(workshopRegistrations)
      .innerJoin(candidates, eq(candidates.id, workshopRegistrations.candidateId))
      .where(
        and(
          eq(workshopRegistrations.workshopId, workshopId),
          inArray(workshopRegistrations.candidateId, ids),
          sql`${workshopRegistrations.status} <> 'cancelled'`,
        ),
      )
    if (already.length && !options.skipRegistered)
      return fail(WORKSHOP_MESSAGES.alreadyRegistered(already.map(fullName).join(', ')), 'candidateIds')
    const skipped = new Set(already.map((c) => c.id))
    ids = ids.filter((id) => !skipped.has(id))
    if (ids.length === 0) {
      return { ok: true as const, registered: 0, waitlisted: 0, alreadyRegistered: skipped.size, convocations: 0 }
    }
    // In the order chosen: the free seats first, the others on the waitlist behind those already there.
    const free = Math.max(0, (w.capacity ?? 0) - w.seatsTaken)
    const seated = ids.slice(0, free)
    const waiting = ids.slice(free)
    const at = (i: number) => sql`clock_timestamp() + ${`${i} microseconds`}::interval`
    await tx.insert(workshopRegistrations).values(
      ids.map((candidateId, i) => ({
        organisationId: actor.organisationId,
        workshopId,
        candidateId,
        status: i < free ? ('registered' as const) : ('waitlisted' as const),
        // Registered after the reminder's time: the convocation, sent now, is the reminder.
        remindedAt: i < free && w.startsAt && reminderTime(w.startsAt) <= now ? now : null,
        createdById: actor.actorId,
        createdAt: at(i),
      })),
    )
    await tx
      .update(workshops)
      .set({
        seatsTaken: w.seatsTaken + seated.length,
        waitlistCount: w.waitlistCount + waiting.length,
        updatedAt: sql`now()`,
      })
      .where(eq(workshops.id, workshopId))
    // The convocations queued (a candidate without a mobile, or who refuses SMS, gets none): the notification says so.
    const { name, addressFormatted, videoUrl } = w
    const convocation = { name, startsAt: w.startsAt!, addressFormatted, videoUrl }
    const queued = seated.length
      ? await queueSms(tx, {
          organisationId: actor.organisationId,
          authorId: null,
          kind: 'workshop.convocation',
          candidateIds: seated,
          text: await noticeText(tx, actor.organisationId, 'convocation', convocation),
          now,
        })
      : []
    await writeAudit(
      tx,
      ids.map((candidateId, i) => ({
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: i < free ? 'workshop.registered' : 'workshop.waitlisted',
        entityType: 'candidate',
        entityId: candidateId,
        details: { workshopId },
      })),
    )
    const convocations = queued.filter((q) => q.ok).length
    const registered = seated.length
    return { ok: true as const, registered, waitlisted: waiting.length, alreadyRegistered: skipped.size, convocations }
  })
}

/** Who frees or gives a seat: a counsellor, or the person themself from an invitation (no user: `actorId` null). */
export type SeatActor = { organisationId: string; actorId: string | null }

/** Seats the first of the waitlist while seats are free (the workshop row locked by the caller); tells them by SMS. */
export async function promoteWaitlisted(
  tx: DbOrTx,
  actor: SeatActor,
  w: Pick<LockedWorkshop, 'id' | 'name' | 'startsAt' | 'addressFormatted' | 'videoUrl' | 'capacity'>,
  now: Date,
): Promise<number> {
  const [counts] = await tx
    .select({ seatsTaken: workshops.seatsTaken, waitlistCount: workshops.waitlistCount })
    .from(workshops)
    .where(eq(workshops.id, w.id))
  const free = Math.max(0, (w.capacity ?? 0) - counts!.seatsTaken)
  if (free === 0 || counts!.waitlistCount === 0) return 0
  const next = await tx
    .select({ id: workshopRegistrations.id, candidateId: workshopRegistrations.candidateId })
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, w.id), eq(workshopRegistrations.status, 'waitlisted')))
    .orderBy(asc(workshopRegistrations.createdAt), asc(workshopRegistrations.id))
    .limit(free)
  if (!next.length) return 0
  const remindedAt = w.startsAt && reminderTime(w.startsAt) <= now ? now : null
  await tx
    .update(workshopRegistrations)
    .set({ status: 'registered', promotedAt: now, remindedAt, updatedAt: sql`now()` })
    .where(
      inArray(
        workshopRegistrations.id,
        next.map((n) => n.id),
      ),
    )
  await tx
    .update(workshops)
    .set({ seatsTaken: counts!.seatsTaken + next.length, waitlistCount: counts!.waitlistCount - next.length })
    .where(eq(workshops.id, w.id))
  await queueSms(tx, {
    organisationId: actor.organisationId,
    authorId: null,
    kind: 'workshop.promotion',
    candidateIds: next.map((n) => n.candidateId),
    text: await noticeText(tx, actor.organisationId, 'promotion', {
      name: w.name,
      startsAt: w.startsAt!,
      addressFormatted: w.addressFormatted,
      videoUrl: w.videoUrl,
    }),
    now,
  })
  await writeAudit(
    tx,
    next.map((n) => ({
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'workshop.promoted',
      entityType: 'candidate',
      entityId: n.candidateId,
      details: { workshopId: w.id },
    })),
  )
  return next.length
}

/**
 * The one way a registration ends (a counsellor, the person's link or SMS, a move to another session): cancelled, the
 * workshop's counts kept, and a freed seat given to the first of the waitlist, then offered to the people invited to
 * the theme who have not booked (lib/invitations/seat-offers.ts). The workshop row is locked by the caller.
 */
export async function releaseSeat(
  tx: DbOrTx,
  actor: SeatActor,
  w: LockedWorkshop,
  registration: { id: string; status: string },
  now: Date,
): Promise<{ promoted: number }> {
  await tx
    .update(workshopRegistrations)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: sql`now()` })
    .where(eq(workshopRegistrations.id, registration.id))
  const wasSeated = registration.status === 'registered'
  const [counts] = await tx
    .update(workshops)
    .set(
      wasSeated
        ? { seatsTaken: sql`${workshops.seatsTaken} - 1` }
        : { waitlistCount: sql`${workshops.waitlistCount} - 1` },
    )
    .where(eq(workshops.id, w.id))
    .returning({ seatsTaken: workshops.seatsTaken })
  const open = wasSeated && w.status === 'scheduled' && (!w.startsAt || w.startsAt > now)
  const promoted = open ? await promoteWaitlisted(tx, actor, w, now) : 0
  if (open) await offerFreedSeats(tx, actor.organisationId, { ...w, seatsTaken: counts!.seatsTaken + promoted }, now)
  return { promoted }
}

async function lockedRegistration(tx: DbOrTx, actor: WorkshopActor, registrationId: string) {
  const [r] = await tx
    .select({ workshopId: workshopRegistrations.workshopId, invitationId: workshopRegistrations.invitationId })
    .from(workshopRegistrations)
    .where(
      and(eq(workshopRegistrations.id, registrationId), eq(workshopRegistrations.organisationId, actor.organisationId)),
    )
  if (!r) return null
  // Its invitation (a seat booked from one), then the workshop, then the registration: every writer takes the locks
  // in this order (lib/invitations/booking.ts).
  if (r.invitationId)
    await tx.select({ id: invitations.id }).from(invitations).where(eq(invitations.id, r.invitationId)).for('update')
  const w = await lockWorkshop(tx, actor.organisationId, r.workshopId)
  const [registration] = await tx
    .select()
    .from(workshopRegistrations)
    .where(eq(workshopRegistrations.id, registrationId))
    .for('update')
  return w && registration ? { w, registration } : null
}

/** Cancels a registration; a freed seat goes to the first of the waitlist, who is told. */
export async function cancelRegistration(
  db: Db,
  actor: WorkshopActor,
  registrationId: string,
  now: Date,
): Promise<Outcome<{ promoted: number }>> {
  return db.transaction(async (tx) => {
    const found = await lockedRegistration(tx, actor, registrationId)
    if (!found) return NOT_FOUND
    const { w, registration } = found
    if (registration.status === 'cancelled') return fail(WORKSHOP_MESSAGES.registrationCancelled)
    const { promoted } = await releaseSeat(tx, actor, w, registration, now)
    // A seat booked from an invitation, cancelled by a counsellor: the invitation ends with it.
    await tx
      .update(invitations)
      .set({ status: 'cancelled', closedAt: now, updatedAt: now })
      .where(and(eq(invitations.registrationId, registrationId), eq(invitations.status, 'booked')))
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'workshop.registrationCancelled',
      entityType: 'candidate',
      entityId: registration.candidateId,
      details: { workshopId: w.id, promoted },
    })
    return { ok: true as const, promoted }
  })
}

/** Marks one registration's attendance: only once the workshop has started, and only for a seated candidate. */
export async function setAttendance(
  db: Db,
  actor: WorkshopActor,
  registrationId: string,
  input: unknown,
  now: Date,
): Promise<Outcome<{ stepsDone: number }>> {
  const parsed = attendanceSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx) => {
    const found = await lockedRegistration(tx, actor, registrationId)
    if (!found) return NOT_FOUND
    if (!found.w.startsAt || found.w.startsAt > now) return fail(WORKSHOP_MESSAGES.attendanceTooEarly)
    if (found.registration.status !== 'registered') return fail(WORKSHOP_MESSAGES.registrationCancelled)
    await tx
      .update(workshopRegistrations)
      .set({ attendance: parsed.data.attendance, updatedAt: sql`now()` })
      .where(eq(workshopRegistrations.id, registrationId))
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'workshop.attendance',
      entityType: 'candidate',
      entityId: found.registration.candidateId,
      details: { workshopId: found.w.id, attendance: parsed.data.attendance },
    })
    // Booked from an invitation to a support-course step: present, the step is done (lib/support-courses/invited-steps.ts);
    // a step linked to this attendance holds only while it is "present".
    if (parsed.data.attendance !== 'present') await undoStepsOfAttendance(tx, actor, registrationId)
    const stepsDone = parsed.data.attendance === 'present' ? await markInvitedStepsDone(tx, actor, [registrationId]) : 0
    return { ok: true as const, stepsDone }
  })
}

/** "Tous présents": every seated candidate without attendance yet is marked present. */
export async function markAllPresent(
  db: Db,
  actor: WorkshopActor,
  workshopId: string,
  now: Date,
): Promise<Outcome<{ marked: number; stepsDone: number }>> {
  return db.transaction(async (tx) => {
    const w = await lockWorkshop(tx, actor.organisationId, workshopId)
    if (!w) return NOT_FOUND
    if (!w.startsAt || w.startsAt > now) return fail(WORKSHOP_MESSAGES.attendanceTooEarly)
    const marked = await tx
      .update(workshopRegistrations)
      .set({ attendance: 'present', updatedAt: sql`now()` })
      .where(
        and(
          eq(workshopRegistrations.workshopId, workshopId),
          eq(workshopRegistrations.status, 'registered'),
          isNull(workshopRegistrations.attendance),
        ),
      )
      .returning({ id: workshopRegistrations.id, candidateId: workshopRegistrations.candidateId })
    const stepsDone = await markInvitedStepsDone(
      tx,
      actor,
      marked.map((m) => m.id),
    )
    if (marked.length)
      await writeAudit(
        tx,
        marked.map((m) => ({
          actorId: actor.actorId,
          organisationId: actor.organisationId,
          action: 'workshop.attendance',
          entityType: 'candidate',
          entityId: m.candidateId,
          details: { workshopId, attendance: 'present' },
        })),
      )
    return { ok: true as const, marked: marked.length, stepsDone }
  })
}
