import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import {
  candidates,
  customFieldDefinitions,
  documents,
  fups,
  socialApplies,
  type FupAdditionalField,
  type FupBeneficiary,
  type FupPrescription,
  type FupSponsorLogo,
} from '@/lib/db/schema'
import { parseCustomField } from '@/lib/candidates/candidate-schema'
import { modelForOffer } from '@/lib/fup-models/models'
import { writeAudit } from '@/lib/audit'
import { parisInstant, parisToday } from '@/lib/dates'
import { renderFupPdf } from '@/lib/fup/render-fup-pdf'
import { withMandatoryLogos } from '@/lib/applies/fup-schema'
import { getDirectoryOffer, isExpired } from '@/lib/offers/directory-access'
import { queuePartnerPrescriptionMails } from './notify-partner'
import type { PrescriptionForm } from './prescription-schema'
import { now as clockNow } from '@/lib/clock'

export const PRESCRIPTION_ERRORS = {
  candidateNotFound: 'Ce candidat est introuvable.',
  candidateAnonymised:
    'Ce candidat a été anonymisé (durée de conservation dépassée) : il ne peut plus recevoir de prescription.',
  offerNotFound: 'Cette offre sociale est introuvable.',
  offerExpired: 'Cette offre est expirée : elle ne peut plus recevoir de prescription.',
  alreadyPending: 'Ce candidat a déjà une prescription en cours pour cette offre.',
} as const
export type PrescriptionError = keyof typeof PRESCRIPTION_ERRORS

export type CreatePrescriptionResult =
  | {
      ok: true
      applyId: string
      offerId: string
      offerName: string
      structureId: string
      documentId: string | null
      mailed: number
    }
  | { ok: false; error: PrescriptionError }
  | { ok: false; fieldErrors: Record<string, string> }

/** The sheet's name, printed as its title (the partner side shows it too). */
export const FUP_NAME = 'Fiche de prescription'

/** A prescription dated today keeps the hour it was made; an earlier day is dated at noon, Paris time. */
function prescriptionInstant(date: string, now: Date): Date {
  return date === parisToday(now) ? now : parisInstant(date, 12 * 60)
}

/**
 * Prescribes a candidate of the organisation to a social offer: the apply in PRESCRIPTION_FILLED, its FUP (the
 * beneficiary part read from the candidate here, on the server) and the prescription sheet 'Fiche.pdf', with the
 * audit row, in one transaction. `prescription: null` is a manual prescription: no sheet, no FUP.
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

    const [pending] = await tx
      .select({ id: socialApplies.id })
      .from(socialApplies)
      .where(
        and(
          eq(socialApplies.candidateId, candidateId),
          eq(socialApplies.socialOfferId, offerId),
          eq(socialApplies.state, 'PRESCRIPTION_FILLED'),
          eq(socialApplies.archived, false),
        ),
      )
      .limit(1)
    if (pending) return { ok: false, error: 'alreadyPending' } as const

    const date = prescription?.prescriptionDate ?? params.manualDate ?? parisToday(now)
    let documentId: string | null = null
    let fup: { beneficiary: FupBeneficiary; prescription: FupPrescription } | null = null
    let modelLogos: FupSponsorLogo[] = []
    if (prescription) {
      // The FUP model of the offer, or of its structure: its fields are asked of the referent, its logos offered to the partner.
      const model = await modelForOffer(tx, organisationId, offer.id)
      const modelFields: FupAdditionalField[] = []
      const fieldErrors: Record<string, string> = {}
      for (const def of model?.additionalFields ?? []) {
        const parsed = parseCustomField(def, params.modelAnswers?.[def.key])
        if ('error' in parsed) fieldErrors[`modelAnswers.${def.key}`] = parsed.error
        else
          modelFields.push({
            key: def.key,
            label: def.label,
            type: def.type,
            value: parsed.value,
            options: def.options,
            fromModel: true,
          })
      }
      if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors } as const
      modelLogos = model?.sponsorsLogo ?? []
      const fields = await tx
        .select({
          key: customFieldDefinitions.key,
          label: customFieldDefinitions.label,
          type: customFieldDefinitions.type,
          options: customFieldDefinitions.options,
        })
        .from(customFieldDefinitions)
        .where(
          and(eq(customFieldDefinitions.organisationId, organisationId), isNull(customFieldDefinitions.archivedAt)),
        )
        .orderBy(asc(customFieldDefinitions.position), asc(customFieldDefinitions.label))
      fup = {
        beneficiary: {
          gender: candidate.gender,
          birthDate: candidate.birthDate,
          address: candidate.addressFormatted
            ? { formatted: candidate.addressFormatted, isQPV: candidate.addressIsQpv }
            : null,
          phone: candidate.phone,
          email: candidate.email,
          // The NIR stays with the organisation: the partner's sheet neither shows nor needs it (data minimisation).
          socialSecurityNumber: null,
          cafNumber: candidate.cafNumber,
          poleEmploiNumber: candidate.poleEmploiNumber,
          additionalFields: [
            ...fields.map((f) => ({ ...f, value: candidate.customFields[f.key] ?? null })),
            ...modelFields,
          ],
        },
        prescription: { ...prescription, prescriptionDate: date },
      }
      const pdf = await renderFupPdf({
        name: FUP_NAME,
        offerName: offer.name,
        candidateName: `${candidate.firstName} ${candidate.lastName}`,
        ...fup,
        // The sheet names the logos it will carry for sure; the partner picks among the others when answering.
        sponsorsLogo: withMandatoryLogos(
          modelLogos.filter((l) => l.required),
          offer.financingModes,
        ),
      })
      const [doc] = await tx
        .insert(documents)
        .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: pdf })
        .returning({ id: documents.id })
      documentId = doc!.id
    }

    const [apply] = await tx
      .insert(socialApplies)
      .values({
        organisationId,
        structureId: offer.structureId,
        socialOfferId: offer.id,
        candidateId,
        state: 'PRESCRIPTION_FILLED',
        prescriptionDocumentId: documentId,
        prescriptionDate: prescriptionInstant(date, now),
        authorId,
        accompaniement: offer.providerName,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: socialApplies.id })
    if (fup) {
      await tx.insert(fups).values({
        socialApplyId: apply!.id,
        name: FUP_NAME,
        ...fup,
        sponsorsLogo: [...withMandatoryLogos(modelLogos, offer.financingModes)],
      })
    }
    await writeAudit(tx, {
      actorId: authorId,
      organisationId,
      structureId: offer.structureId,
      action: prescription ? 'prescription.created' : 'prescription.manualCreated',
      entityType: 'socialApply',
      entityId: apply!.id,
      // Ids and codes only (the NIR is never in the FUP: it is not shared with partners).
      details: { candidateId, offerId: offer.id, documentId },
    })
    // A sheet is answered in Passerelle: its partner's users are told, by mail queued with the prescription. A manual
    // prescription goes to a partner that does not use Passerelle: nobody there to tell.
    const mailed = prescription
      ? await queuePartnerPrescriptionMails(tx, {
          organisationId,
          structureId: offer.structureId,
          offerId: offer.id,
          offerName: offer.name,
          applyId: apply!.id,
        })
      : 0
    return {
      ok: true,
      applyId: apply!.id,
      offerId: offer.id,
      offerName: offer.name,
      structureId: offer.structureId,
      documentId,
      mailed,
    } as const
  })
}
