import { and, eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { createCandidate } from '@/lib/candidates/create-candidate'
import type { DuplicateMatch } from '@/lib/candidates/duplicates'
import type { CandidateErrors } from '@/lib/candidates/candidate-schema'
import { formatDate } from '@/lib/dates'
import type { Db, DbOrTx } from '@/lib/db/client'
import { organisations, orientations } from '@/lib/db/schema'
import { invalid, NOT_FOUND } from '@/lib/frame/outcome'
import { queueMail } from '@/lib/mail/queue-mail'
import { declineSchema, initialsOf, REFERRAL_MESSAGES } from './schemas'
import { ofName } from '@/lib/text/french'

/**
 * A counsellor accepts an orientation (the candidate is created, with the duplicate check of the creation
 * form, and the counsellor as referent when they may be one) or declines it with a reason. Either way the prescriber
 * is emailed the outcome, naming the person by initials only; the decision, the candidate and the mail are one
 * transaction, under the orientation's row lock (two counsellors deciding at once: the second is told it is done).
 */
export type DecideActor = { id: string; organisationId: string; matchNir?: boolean }
export type AcceptOutcome =
  | { ok: true; id: string }
  | { ok: false; duplicates: DuplicateMatch[] }
  | { ok: false; errors: CandidateErrors }
  | { ok: false; error: string; notFound?: true }

async function lockedPending(tx: DbOrTx, organisationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(orientations)
    .where(and(eq(orientations.id, id), eq(orientations.organisationId, organisationId)))
    .for('update')
  return row ?? null
}

async function tellPrescriber(tx: DbOrTx, o: typeof orientations.$inferSelect, outcome: string) {
  const [organisation] = await tx
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, o.organisationId))
  await queueMail(tx, {
    to: o.prescriberEmail,
    subject: `Votre orientation vers ${organisation?.name ?? 'Passerelle'}`,
    text: `Bonjour ${o.prescriberName},\n\nL’orientation ${ofName(initialsOf(o.firstName, o.lastName))} que vous avez envoyée le ${formatDate(o.createdAt)} ${outcome}\n\n${organisation?.name ?? ''}\nPasserelle`,
    kind: 'orientation-outcome',
    organisationId: o.organisationId,
  })
}

/**
 * "Accepter et créer le candidat": the creation form opens prefilled with what the prescriber wrote (formValuesOf
 * below), the counsellor completes it (the organisation's required fields, the referent…), and its submission comes
 * here: the candidate is created with the creation form's checks and duplicate check, and the orientation is accepted,
 * in one transaction.
 */
export async function acceptOrientation(
  db: Db,
  actor: DecideActor,
  id: string,
  candidateInput: unknown,
  options: { confirmDuplicates?: boolean },
  now: Date,
): Promise<AcceptOutcome> {
  return db.transaction(async (tx): Promise<AcceptOutcome> => {
    const o = await lockedPending(tx, actor.organisationId, id)
    if (!o) return NOT_FOUND
    if (o.status !== 'pending') return { ok: false, error: REFERRAL_MESSAGES.alreadyDecided }
    const created = await createCandidate(tx, {
      organisationId: actor.organisationId,
      actorId: actor.id,
      input: candidateInput,
      confirmDuplicates: options.confirmDuplicates === true,
      matchNir: actor.matchNir === true,
    })
    if (!created.ok) return created
    await tx
      .update(orientations)
      .set({ status: 'accepted', decidedAt: now, decidedById: actor.id, candidateId: created.id })
      .where(eq(orientations.id, id))
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'orientation.accepted',
      entityType: 'orientation',
      entityId: id,
      details: { candidateId: created.id },
    })
    await tellPrescriber(tx, o, 'a été acceptée\u00a0: la personne est désormais accompagnée par notre organisation.')
    return { ok: true, id: created.id }
  })
}

/** A pending orientation as the candidate creation form's first values . */
export async function orientationFormValues(db: DbOrTx, organisationId: string, id: string) {
  const [o] = await db
    .select()
    .from(orientations)
    .where(
      and(eq(orientations.id, id), eq(orientations.organisationId, organisationId), eq(orientations.status, 'pending')),
    )
  if (!o) return null
  return {
    firstName: o.firstName,
    lastName: o.lastName,
    birthDate: o.birthDate ?? '',
    phone: o.phone ?? '',
    email: o.email ?? '',
    addressFormatted: o.addressFormatted ?? '',
    placeId: o.placeId ?? '',
  }
}

export async function declineOrientation(db: Db, actor: DecideActor, id: string, input: unknown, now: Date) {
  const parsed = declineSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx) => {
    const o = await lockedPending(tx, actor.organisationId, id)
    if (!o) return NOT_FOUND
    if (o.status !== 'pending') return { ok: false as const, error: REFERRAL_MESSAGES.alreadyDecided }
    await tx
      .update(orientations)
      .set({ status: 'declined', decidedAt: now, decidedById: actor.id, declineReason: parsed.data.reason })
      .where(eq(orientations.id, id))
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'orientation.declined',
      entityType: 'orientation',
      entityId: id,
    })
    await tellPrescriber(tx, o, `n’a pas pu être acceptée.\n\nMotif\u00a0: ${parsed.data.reason}`)
    return { ok: true as const }
  })
}
