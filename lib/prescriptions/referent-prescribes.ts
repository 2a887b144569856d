import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, documents, fups, socialApplies } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { now as clockNow } from '@/lib/clock'
import { parisInstant, parisToday } from '@/lib/dates'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { isUuid } from '@/lib/ids'
import { getDirectoryOffer, isExpired } from '@/lib/offers/directory-access'
import { queuePartnerMails } from './partner-notices'
import { FUP_NAME, prescriptionSheet, type PrescriptionSheet } from './prescription-sheet'
import {
  manualPrescriptionSchema,
  PRESCRIPTION_MESSAGES,
  prescriptionFormSchema,
  type PrescriptionForm,
} from './prescription-schema'
import { takePlaceOrWait } from './waitlist'

export const PRESCRIPTION_ERRORS = {
  candidateNotFound: 'Ce candidat est introuvable.',
  candidateAnonymised:
    'Ce candidat a été anonymisé (durée de conservation dépassée)\u00a0: il ne peut plus recevoir de prescription.',
  offerNotFound: 'Cette offre sociale est introuvable.',
  offerExpired: 'Cette offre est expirée\u00a0: elle ne peut plus recevoir de prescription.',
  alreadyPending: 'Ce candidat a déjà une prescription en cours pour cette offre.',
} as const
export type PrescriptionError = keyof typeof PRESCRIPTION_ERRORS

export type PrescribeInput = {
  candidateId?: unknown
  offerId?: unknown
  manual?: unknown
  prescription?: unknown
  /** The FUP model's additional fields, by key. */ modelAnswers?: unknown
}
export type PrescribeResult =
  | {
      ok: true
      applyId: string
      offerName: string
      mailed: number
      /** The contact address of a structure without an account, where the signed link went. */
      linkSentTo: string | null
      /** Its rank in the offer's line when the offer's published places were all taken; null when it went to the partner. */
      waitlistRank: number | null
    }
  | { ok: false; error?: string; fieldErrors?: Record<string, string> }

/**
 * A prescription as a request brings it (untrusted): validated with French messages, then created in one transaction
 * (createPrescription) with, for a prescription sheet, the mails to the partner structure's users queued.
 */
export async function prescribe(
  db: Db,
  params: { organisationId: string; authorId: string; input: PrescribeInput; now?: Date },
): Promise<PrescribeResult> {
  const { input } = params
  const now = params.now ?? clockNow()
  const fieldErrors: Record<string, string> = {}
  const candidateId = typeof input?.candidateId === 'string' && isUuid(input.candidateId) ? input.candidateId : null
  const offerId = typeof input?.offerId === 'string' && isUuid(input.offerId) ? input.offerId : null
  if (!candidateId) fieldErrors.candidateId = PRESCRIPTION_MESSAGES.candidateRequired
  if (!offerId) fieldErrors.offerId = PRESCRIPTION_MESSAGES.offerRequired
  const manual = input?.manual === true
  const today = () => parisToday(now)
  let prescription: PrescriptionForm | null = null
  let manualDate: string | undefined
  if (manual) {
    const parsed = manualPrescriptionSchema(today).safeParse(input?.prescription)
    if (parsed.success) manualDate = parsed.data.prescriptionDate
    else Object.assign(fieldErrors, fieldErrorsOf(parsed.error))
  } else {
    const parsed = prescriptionFormSchema(today).safeParse(input?.prescription)
    if (parsed.success) prescription = parsed.data
    else Object.assign(fieldErrors, fieldErrorsOf(parsed.error))
  }
  if (Object.keys(fieldErrors).length > 0 || !candidateId || !offerId) return { ok: false, fieldErrors }

  const modelAnswers =
    input?.modelAnswers && typeof input.modelAnswers === 'object' && !Array.isArray(input.modelAnswers)
      ? (input.modelAnswers as Record<string, unknown>)
      : {}
  const result = await createPrescription(db, {
    organisationId: params.organisationId,
    candidateId,
    offerId,
    authorId: params.authorId,
    prescription,
    manualDate,
    modelAnswers,
    now,
  })
  if (!result.ok)
    return 'fieldErrors' in result
      ? { ok: false, error: 'Corrigez les champs signalés.', fieldErrors: result.fieldErrors }
      : { ok: false, error: PRESCRIPTION_ERRORS[result.error] }
  return result
}

export type CreatePrescriptionResult =
  | {
      ok: true
      applyId: string
      offerName: string
      mailed: number
      /** The contact address of a structure without an account, where the signed link went. */
      linkSentTo: string | null
      /** Its rank in the offer's line when the offer's published places were all taken; null when it went to the partner. */
      waitlistRank: number | null
    }
  | { ok: false; error: PrescriptionError }
  | { ok: false; fieldErrors: Record<string, string> }

/** A prescription dated today keeps the hour it was made; an earlier day is dated at noon, Paris time. */
function prescriptionInstant(date: string, now: Date): Date {
  return date === parisToday(now) ? now : parisInstant(date, 12 * 60)
}

/**
 * Prescribes a candidate of the organisation to a social offer: the apply in PRESCRIPTION_FILLED, its FUP and the
 * prescription sheet 'Fiche.pdf' (prescription-sheet.ts), with the audit row, in one transaction. `prescription: null`
 * is a manual prescription: no sheet, no FUP.
 *
 * The candidate's row is locked (FOR UPDATE) before the pending check, so two prescriptions of the same candidate
 * made at once are serialised and the second one sees the first.
 */
export async function createPrescription(
  db: Db,
  params: {
    organisationId: string
    candidateId: string
    offerId: string
    authorId: string
    prescription: PrescriptionForm | null
    /** A manual prescription's date ('yyyy-mm-dd'); today when absent. */
    manualDate?: string
    /** The answers to the FUP model's additional fields, by key. */
    modelAnswers?: Record<string, unknown>
    now?: Date
  },
): Promise<CreatePrescriptionResult> {
  const { organisationId, candidateId, offerId, authorId, prescription, now = clockNow() } = params
  const offer = await getDirectoryOffer(db, organisationId, offerId)
  if (!offer) return { ok: false, error: 'offerNotFound' }
  if (isExpired(offer, now)) return { ok: false, error: 'offerExpired' }

  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.id, candidateId), eq(candidates.organisationId, organisationId)))
      .for('update')
    if (!candidate) return { ok: false, error: 'candidateNotFound' } as const
    // The pickers' rule (lib/candidates/pickable.ts), checked on the locked row: the retention job may have just anonymised it.
    if (candidate.anonymisedAt) return { ok: false, error: 'candidateAnonymised' } as const

    if (await isPending(tx, candidateId, offerId)) return { ok: false, error: 'alreadyPending' } as const

    let sheet: PrescriptionSheet | null = null
    let documentId: string | null = null
    if (prescription) {
      const made = await prescriptionSheet(tx, {
        organisationId,
        offer,
        candidate,
        prescription,
        modelAnswers: params.modelAnswers,
      })
      if ('fieldErrors' in made) return { ok: false, fieldErrors: made.fieldErrors } as const
      sheet = made
      const [doc] = await tx
        .insert(documents)
        .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: sheet.pdf })
        .returning({ id: documents.id })
      documentId = doc!.id
    }

    const date = prescription?.prescriptionDate ?? params.manualDate ?? parisToday(now)
    // A sheet takes one of the offer's published free places, or joins its line (./waitlist.ts). A manual
    // prescription goes to a partner that answers outside Passerelle: its places are not ours to count.
    const standing = sheet ? await takePlaceOrWait(tx, offer.id) : 'pending'
    const [apply] = await tx
      .insert(socialApplies)
      .values({
        organisationId,
        structureId: offer.structureId,
        socialOfferId: offer.id,
        candidateId,
        state: standing === 'waitlisted' ? 'WAITLISTED' : 'PRESCRIPTION_FILLED',
        // Under the offer's lock, a newcomer is last in line: after everyone there, whatever the clocks said.
        waitlistedAt:
          standing === 'waitlisted'
            ? sql`(select greatest(${now.toISOString()}::timestamptz, max(w.waitlisted_at) + interval '1 microsecond')
                from social_applies w where w.social_offer_id = ${offer.id} and w.state = 'WAITLISTED' and not w.archived)`
            : null,
        prescriptionDocumentId: documentId,
        prescriptionDate: prescriptionInstant(date, now),
        authorId,
        accompaniement: offer.providerName,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: socialApplies.id })
    const applyId = apply!.id
    if (sheet)
      await tx
        .insert(fups)
        .values({ socialApplyId: applyId, name: FUP_NAME, ...sheet.fup, sponsorsLogo: sheet.sponsorsLogo })
    await writeAudit(tx, {
      actorId: authorId,
      organisationId,
      structureId: offer.structureId,
      action: prescription ? 'prescription.created' : 'prescription.manualCreated',
      entityType: 'socialApply',
      entityId: applyId,
      // Ids and codes only (the NIR is never in the FUP: it is not shared with partners).
      details: {
        candidateId,
        offerId: offer.id,
        documentId,
        ...(standing === 'waitlisted' ? { waitlisted: true } : {}),
      },
    })
    // A sheet is answered in Passerelle: its partner's users are told, by mail queued with the prescription. A manual
    // prescription goes to a partner that does not use Passerelle: nobody there to tell. One in line is told to the
    // partner when a place takes it (./waitlist.ts).
    const told =
      sheet && standing === 'pending' ? await queuePartnerMails(tx, { organisationId, offer, applyId, now }) : null
    return {
      ok: true,
      applyId,
      offerName: offer.name,
      mailed: told?.mailed ?? 0,
      linkSentTo: told?.linkSentTo ?? null,
      waitlistRank: standing === 'waitlisted' ? await rankOf(tx, offer.id, applyId) : null,
    } as const
  })
}

/** Whether the candidate has a prescription to the offer waiting for its answer or in its line (a second one is refused). */
async function isPending(db: DbOrTx, candidateId: string, offerId: string): Promise<boolean> {
  const [pending] = await db
    .select({ id: socialApplies.id })
    .from(socialApplies)
    .where(
      and(
        eq(socialApplies.candidateId, candidateId),
        eq(socialApplies.socialOfferId, offerId),
        inArray(socialApplies.state, ['PRESCRIPTION_FILLED', 'WAITLISTED']),
        eq(socialApplies.archived, false),
      ),
    )
    .limit(1)
  return !!pending
}

/** A waitlisted prescription's rank in its offer's line, read under the offer's lock that placed it. */
async function rankOf(tx: DbOrTx, offerId: string, applyId: string): Promise<number> {
  const { rows } = await tx.execute<{ rank: number }>(sql`
    select count(*)::int as rank from social_applies w, social_applies me
    where me.id = ${applyId} and w.social_offer_id = ${offerId} and w.state = 'WAITLISTED' and not w.archived
      and (w.waitlisted_at, w.id) <= (me.waitlisted_at, me.id)`)
  return rows[0]!.rank
}
