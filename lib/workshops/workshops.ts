import { and, eq, inArray, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { formatDate, formatTimeInText, parisDateTimeToInstant } from '@/lib/dates'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, users, workshopFacilitators, workshopRegistrations, workshops } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { queueMail } from '@/lib/mail/queue-mail'
import { linkedStructure } from '@/lib/partners/structures'
import { queueSms } from '@/lib/sms/queue-sms'
import { noticeText } from './notice-templates'
import type { NoticeWorkshop } from './notices'
import { lockWorkshop, type WorkshopActor } from './lock'
import { promoteWaitlisted } from './registrations'
import { WORKSHOP_MESSAGES, workshopSchema, type WorkshopInput } from './schemas'
import { activeStaffOf } from '@/lib/organisation/active-staff'

/**
 * The organisation's workshops. Writes lock the workshop's row (for update) first, like every
 * registration change, so that seats, capacity and the waitlist are read and changed one writer at a time. The SMS and
 * mails they cause are queued in the same transaction.
 */

const fail = (message: string, field: string) => ({
  ok: false as const,
  error: 'Vérifiez les champs signalés.',
  fieldErrors: { [field]: message },
})

async function checkReferences(tx: DbOrTx, actor: WorkshopActor, data: WorkshopInput) {
  const ids = [...new Set(data.facilitatorIds)]
  if (ids.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(activeStaffOf(actor.organisationId), inArray(users.id, ids)))
    if (found.length !== ids.length) return fail(WORKSHOP_MESSAGES.facilitatorUnknown, 'facilitatorIds')
  }
  if (data.structureId && !(await linkedStructure(tx, actor.organisationId, data.structureId)))
    return fail(WORKSHOP_MESSAGES.structureUnknown, 'structureId')
  return null
}

const row = (data: WorkshopInput) => ({
  name: data.title,
  theme: data.theme,
  description: data.description,
  startsAt: parisDateTimeToInstant(data.startsAt!),
  endsAt: parisDateTimeToInstant(data.endsAt!),
  addressFormatted: data.addressFormatted,
  videoUrl: data.addressFormatted ? null : data.videoUrl,
  capacity: data.capacity,
  structureId: data.structureId,
  fseFunded: data.fseFunded,
})

async function setFacilitators(tx: DbOrTx, workshopId: string, ids: string[]) {
  await tx.delete(workshopFacilitators).where(eq(workshopFacilitators.workshopId, workshopId))
  const unique = [...new Set(ids)]
  if (unique.length) await tx.insert(workshopFacilitators).values(unique.map((userId) => ({ workshopId, userId })))
}

export async function createWorkshop(
  db: Db,
  actor: WorkshopActor,
  input: unknown,
  now: Date,
): Promise<Outcome<{ id: string }>> {
  const parsed = workshopSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const values = row(parsed.data)
  if (values.startsAt <= now) return fail(WORKSHOP_MESSAGES.inPast, 'startsAt')
  return db.transaction(async (tx) => {
    const refused = await checkReferences(tx, actor, parsed.data)
    if (refused) return refused
    const [created] = await tx
      .insert(workshops)
      .values({ ...values, organisationId: actor.organisationId, createdById: actor.actorId })
      .returning({ id: workshops.id })
    await setFacilitators(tx, created!.id, parsed.data.facilitatorIds)
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'workshop.created',
      entityType: 'workshop',
      entityId: created!.id,
    })
    return { ok: true as const, id: created!.id }
  })
}

const notice = (w: {
  name: string
  startsAt: Date | null
  addressFormatted: string | null
  videoUrl: string | null
}): NoticeWorkshop => ({
  name: w.name,
  startsAt: w.startsAt!,
  addressFormatted: w.addressFormatted,
  videoUrl: w.videoUrl,
})

async function activeCandidateIds(tx: DbOrTx, workshopId: string, statuses: ('registered' | 'waitlisted')[]) {
  const rows = await tx
    .select({ id: workshopRegistrations.candidateId })
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, workshopId), inArray(workshopRegistrations.status, statuses)))
  return rows.map((r) => r.id)
}

/**
 * Edits a coming workshop. A capacity below the seats taken is refused; a larger one seats the first of the waitlist
 * (and tells them). A moved date or place sends the registered a change notice.
 */
export async function updateWorkshop(
  db: Db,
  actor: WorkshopActor,
  workshopId: string,
  input: unknown,
  now: Date,
): Promise<Outcome> {
  const parsed = workshopSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const values = row(parsed.data)
  return db.transaction(async (tx): Promise<Outcome> => {
    const before = await lockWorkshop(tx, actor.organisationId, workshopId)
    if (!before) return NOT_FOUND
    if (before.status === 'cancelled') return { ok: false, error: WORKSHOP_MESSAGES.cancelled }
    if (before.startsAt && before.startsAt <= now) return { ok: false, error: WORKSHOP_MESSAGES.started }
    if (values.startsAt.getTime() !== before.startsAt?.getTime() && values.startsAt <= now)
      return fail(WORKSHOP_MESSAGES.inPast, 'startsAt')
    if (values.capacity < before.seatsTaken)
      return fail(WORKSHOP_MESSAGES.capacityBelowTaken(before.seatsTaken), 'capacity')
    const refused = await checkReferences(tx, actor, parsed.data)
    if (refused) return refused
    await tx
      .update(workshops)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(workshops.id, workshopId))
    await setFacilitators(tx, workshopId, parsed.data.facilitatorIds)
    const moved =
      values.startsAt.getTime() !== before.startsAt?.getTime() ||
      values.addressFormatted !== before.addressFormatted ||
      values.videoUrl !== before.videoUrl
    if (moved) {
      // The reminder follows the new date (the next hourly run, or at once if already due: lib/workshops/reminders.ts).
      await tx
        .update(workshopRegistrations)
        .set({ remindedAt: null })
        .where(and(eq(workshopRegistrations.workshopId, workshopId), eq(workshopRegistrations.status, 'registered')))
      const registered = await activeCandidateIds(tx, workshopId, ['registered'])
      if (registered.length)
        await queueSms(tx, {
          organisationId: actor.organisationId,
          authorId: null,
          kind: 'workshop.change',
          candidateIds: registered,
          text: await noticeText(tx, actor.organisationId, 'change', notice({ ...before, ...values })),
          now,
        })
    }
    const promoted = await promoteWaitlisted(tx, actor, { ...before, ...values }, now)
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'workshop.updated',
      entityType: 'workshop',
      entityId: workshopId,
      details: { moved, promoted },
    })
    return { ok: true }
  })
}

/** Cancels a workshop: every registered (and waitlisted) candidate is told by SMS, and by email where one exists. */
export async function cancelWorkshop(
  db: Db,
  actor: WorkshopActor,
  workshopId: string,
  now: Date,
): Promise<Outcome<{ told: number }>> {
  return db.transaction(async (tx) => {
    const w = await lockWorkshop(tx, actor.organisationId, workshopId)
    if (!w) return NOT_FOUND
    if (w.status === 'cancelled') return { ok: false as const, error: WORKSHOP_MESSAGES.cancelled }
    if (w.startsAt && w.startsAt <= now) return { ok: false as const, error: WORKSHOP_MESSAGES.started }
    await tx
      .update(workshops)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: sql`now()` })
      .where(eq(workshops.id, workshopId))
    const ids = await activeCandidateIds(tx, workshopId, ['registered', 'waitlisted'])
    if (ids.length) {
      await queueSms(tx, {
        organisationId: actor.organisationId,
        authorId: null,
        kind: 'workshop.cancellation',
        candidateIds: ids,
        text: await noticeText(tx, actor.organisationId, 'cancellation', notice(w)),
        now,
      })
      const withEmail = await tx
        .select({ email: candidates.email, firstName: candidates.firstName })
        .from(candidates)
        .where(
          and(
            eq(candidates.organisationId, actor.organisationId),
            inArray(candidates.id, ids),
            sql`${candidates.email} is not null`,
          ),
        )
      if (withEmail.length) {
        await queueMail(
          tx,
          withEmail.map((c) => ({
            to: c.email!,
            subject: `Atelier annulé\u00a0: ${w.name}`,
            text: `Bonjour ${c.firstName},\n\nl’atelier «\u00a0${w.name}\u00a0» prévu le ${formatDate(w.startsAt!)} à ${formatTimeInText(w.startsAt!)} est annulé. Votre référent vous recontactera.\n\nPasserelle`,
            kind: 'workshop-cancellation',
            organisationId: actor.organisationId,
          })),
        )
      }
    }
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'workshop.cancelled',
      entityType: 'workshop',
      entityId: workshopId,
      details: { told: ids.length },
    })
    return { ok: true as const, told: ids.length }
  })
}
