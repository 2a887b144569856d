import { and, eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, documents, fups, notifications, socialApplies, socialOffers, users } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { now as clockNow } from '@/lib/clock'
import { renderFupPdf } from '@/lib/fup/render-fup-pdf'
import { queueMail } from '@/lib/mail/queue-mail'
import { fullName } from '@/lib/person-name'
import { causeLabel } from './cause-labels'
import { activeCauses, causeLabels, isActiveCause } from './causes'
import { FUP_MESSAGES, withMandatoryLogos, type FupAnswer } from './fup-answer-schema'
import { fupAnsweredMail } from './mails'
import { givePlacesBack } from './waitlist'

/** Spec §7 "Fetch one social apply by id", for the partner structure that answers it: the apply, its candidate's name, its offer and its FUP. */
export async function getApplyForStructure(db: DbOrTx, structureId: string, applyId: string) {
  const [row] = await db
    .select({
      id: socialApplies.id,
      state: socialApplies.state,
      responseDate: socialApplies.responseDate,
      expiredAt: socialApplies.expiredAt,
      archived: socialApplies.archived,
      organisationId: socialApplies.organisationId,
      structureId: socialApplies.structureId,
      authorId: socialApplies.authorId,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      offerId: socialOffers.id,
      offerName: socialOffers.name,
      providerName: socialOffers.providerName,
      financingModes: socialOffers.financingModes,
      fup: fups,
    })
    .from(socialApplies)
    .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .leftJoin(fups, eq(fups.socialApplyId, socialApplies.id))
    .where(and(eq(socialApplies.id, applyId), eq(socialApplies.structureId, structureId)))
  return row ?? null
}
export type ApplyForStructure = NonNullable<Awaited<ReturnType<typeof getApplyForStructure>>>

export type SendFupResult =
  | {
      ok: true
      state: 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE'
      documentId: string
      referentId: string
      candidateId: string
    }
  | { ok: false; error: 'notFound' | 'noFup' | 'alreadyAnswered' | 'expired' | 'waitlisted' | 'causeUnknown' }

export const SEND_FUP_ERRORS = {
  notFound: 'Cette prescription est introuvable.',
  noFup: "Il n'existe pas de prescription pour cette offre sociale.",
  alreadyAnswered: 'Cette prescription a déjà reçu une réponse\u00a0: la page a été actualisée.',
  expired:
    'Cette prescription a expiré sans réponse\u00a0: elle ne peut plus être complétée. Le référent a été prévenu.',
  waitlisted:
    'Cette prescription est en liste d’attente\u00a0: vous pourrez y répondre dès qu’une place se libérera pour elle.',
  causeUnknown: FUP_MESSAGES.causeUnknown,
} as const

/** What the completion dialog shows of an apply: never the NIR, the prescribing organisation's causes. */
export async function dialogApplyOf(db: DbOrTx, apply: ApplyForStructure) {
  const fup = apply.fup!
  return {
    id: apply.id,
    state: apply.state,
    candidateName: fullName(apply),
    offerName: apply.offerName,
    providerName: apply.providerName,
    // Never the NIR to a partner's browser, whatever an older FUP holds.
    beneficiary: { ...fup.beneficiary, socialSecurityNumber: null },
    prescription: fup.prescription,
    // The prescribing organisation's causes.
    causes: await activeCauses(db, apply.organisationId),
    partnerFeedback: fup.partnerFeedback,
    sponsorsLogo: withMandatoryLogos(fup.sponsorsLogo, apply.financingModes),
    fseRequired: apply.financingModes.includes('fse'),
    // An answered or expired one is shown read-only: when, and the answered sheet.
    closedAt: apply.responseDate ?? apply.expiredAt ?? null,
    answerDocumentId: fup.answerDocumentId,
  }
}
export type DialogApply = Awaited<ReturnType<typeof dialogApplyOf>>

/** Renders the answered FUP: the same sheet for the preview and the stored answer. */
export async function renderAnsweredFup(db: Db, apply: ApplyForStructure, answer: FupAnswer) {
  const fup = apply.fup!
  return renderFupPdf({
    causeLabels: await causeLabels(db, apply.organisationId),
    name: fup.name,
    offerName: apply.offerName,
    candidateName: fullName(apply),
    beneficiary: fup.beneficiary,
    prescription: fup.prescription,
    partnerFeedback: answer.partnerFeedback,
    sponsorsLogo: withMandatoryLogos(answer.sponsorsLogo, apply.financingModes),
  })
}

/**
 * Spec §7 "Send FUP to the operator": stores the partner's answer and its PDF, moves the apply to the
 * integrated or refused tab, and tells the prescribing referent in the app and by mail (queued) — all in one
 * transaction, guarded on the pending state so that of two partners answering at once exactly one wins.
 */
export async function sendFup(
  db: Db,
  params: {
    structureId: string
    applyId: string
    answer: FupAnswer
    /** The partner user; null for an answer from the structure's signed link (`by: 'link'`). */
    actorId: string | null
    by?: 'link'
    now?: Date
  },
): Promise<SendFupResult> {
  const { structureId, applyId, answer, actorId, by, now = clockNow() } = params
  const apply = await getApplyForStructure(db, structureId, applyId)
  if (!apply || apply.archived) return { ok: false, error: 'notFound' }
  if (!apply.fup) return { ok: false, error: 'noFup' }
  if (apply.state === 'EXPIRED') return { ok: false, error: 'expired' }
  if (apply.state === 'WAITLISTED') return { ok: false, error: 'waitlisted' }
  if (apply.state !== 'PRESCRIPTION_FILLED') return { ok: false, error: 'alreadyAnswered' }

  const decision = answer.partnerFeedback.decision
  // The causes are the prescribing organisation's: one it disabled or never had is refused.
  if (decision.cause && !(await isActiveCause(db, apply.organisationId, decision.cause)))
    return { ok: false, error: 'causeUnknown' }
  const state = decision.partnerDecision === 'integrated' ? 'INTEGRATED_CANDIDATE' : 'REFUSED_STRUCTURE'
  const sponsorsLogo = withMandatoryLogos(answer.sponsorsLogo, apply.financingModes)
  const pdf = await renderAnsweredFup(db, apply, answer)

  return db.transaction(async (tx) => {
    const moved = await tx
      .update(socialApplies)
      .set({
        state,
        responseDate: now,
        firstReceptionDate: decision.firstReceptionDate,
        assessmentDate: decision.assessmentDate,
        cause: decision.cause,
        updatedAt: now,
      })
      .where(
        and(
          eq(socialApplies.id, applyId),
          eq(socialApplies.structureId, structureId),
          eq(socialApplies.state, 'PRESCRIPTION_FILLED'),
          eq(socialApplies.archived, false),
        ),
      )
      .returning({ id: socialApplies.id })
    if (moved.length === 0) return { ok: false, error: 'alreadyAnswered' } as const

    const [doc] = await tx
      .insert(documents)
      .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: pdf })
      .returning({ id: documents.id })
    await tx
      .update(fups)
      .set({
        partnerFeedback: answer.partnerFeedback,
        sponsorsLogo: [...sponsorsLogo],
        answerDocumentId: doc!.id,
        updatedAt: now,
      })
      .where(eq(fups.socialApplyId, applyId))
    await tellReferent(tx, apply, answer, state)
    // Refused, the person does not take the place the prescription held: the first in the offer's line gets it.
    if (state === 'REFUSED_STRUCTURE') await givePlacesBack(tx, [apply.offerId], now)
    await writeAudit(tx, {
      actorId,
      structureId,
      organisationId: apply.organisationId,
      action: 'fup.sent',
      entityType: 'socialApply',
      entityId: applyId,
      details: { state, cause: decision.cause, ...(by ? { by } : {}) },
    })
    return { ok: true, state, documentId: doc!.id, referentId: apply.authorId, candidateId: apply.candidateId } as const
  })
}

/** The prescribing referent hears of the answer in the app, and by mail (queued) unless they chose not to. */
async function tellReferent(tx: DbOrTx, apply: ApplyForStructure, answer: FupAnswer, state: string) {
  const decision = answer.partnerFeedback.decision
  await tx.insert(notifications).values({
    userId: apply.authorId,
    kind: 'fupAnswered',
    payload: {
      applyId: apply.id,
      candidateId: apply.candidateId,
      offerId: apply.offerId,
      state,
      cause: decision.cause,
    },
  })
  const [referent] = await tx
    .select({ email: users.email, disabled: users.disabled, wanted: users.notifyPrescriptionAnswers })
    .from(users)
    .where(eq(users.id, apply.authorId))
  // The referent may have chosen not to get these emails (the actions dashboard still shows the answer).
  if (!referent || referent.disabled || !referent.wanted) return
  await queueMail(tx, {
    ...fupAnsweredMail(referent.email, {
      partnerName: answer.partnerFeedback.name,
      decision: decision.partnerDecision,
      causeLabel: causeLabel(decision.cause, await causeLabels(tx, apply.organisationId)),
      candidateId: apply.candidateId,
    }),
    kind: 'fup-answered',
    organisationId: apply.organisationId,
    structureId: apply.structureId,
  })
}
