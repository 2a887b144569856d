import { and, asc, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import {
  candidates,
  customFieldDefinitions,
  organisations,
  users,
  type FupAdditionalField,
  type FupBeneficiary,
  type FupPrescription,
  type FupSponsorLogo,
} from '@/lib/db/schema'
import { parseCustomField } from '@/lib/candidates/candidate-schema'
import { modelForOffer } from '@/lib/fup-models/models'
import { renderFupPdf } from '@/lib/fup/render-fup-pdf'
import { fullName } from '@/lib/person-name'
import { withMandatoryLogos } from './fup-answer-schema'
import type { PrescriptionForm } from './prescription-schema'

/**
 * The prescription sheet ('Fiche de prescription', the FUP the partner answers): the prescriber part the referent
 * fills (prefilled from their account), the beneficiary part read from the candidate on the server, and its PDF.
 */

/** The sheet's name, printed as its title (the partner side shows it too). */
export const FUP_NAME = 'Fiche de prescription'

/** The prescriber part of the sheet, prefilled from the signed-in user and their organisation. */
export async function prescriberDefaults(db: DbOrTx, userId: string, organisationId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      structure: organisations.name,
      address: organisations.addressFormatted,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
  if (!row) return null
  return {
    rsaReferentName: fullName(row),
    email: row.email,
    phone: row.phone ?? '',
    structure: row.structure,
    address: row.address ?? '',
  }
}
export type PrescriberDefaults = NonNullable<Awaited<ReturnType<typeof prescriberDefaults>>>

type Offer = { id: string; name: string; financingModes: readonly string[] }

export type PrescriptionSheet = {
  fup: { beneficiary: FupBeneficiary; prescription: FupPrescription }
  /** The logos the partner may put on the answer: the FUP model's, and the FSE's when the offer is FSE-financed. */
  sponsorsLogo: FupSponsorLogo[]
  pdf: Buffer
}

/** The answers to the FUP model's additional fields, checked against their definitions. */
function modelFieldsOf(
  definitions: NonNullable<Awaited<ReturnType<typeof modelForOffer>>>['additionalFields'],
  answers: Record<string, unknown> = {},
): { fields: FupAdditionalField[] } | { fieldErrors: Record<string, string> } {
  const fields: FupAdditionalField[] = []
  const fieldErrors: Record<string, string> = {}
  for (const def of definitions) {
    const parsed = parseCustomField(def, answers[def.key])
    if ('error' in parsed) fieldErrors[`modelAnswers.${def.key}`] = parsed.error
    else
      fields.push({
        key: def.key,
        label: def.label,
        type: def.type,
        value: parsed.value,
        options: def.options,
        fromModel: true,
      })
  }
  return Object.keys(fieldErrors).length ? { fieldErrors } : { fields }
}

/** The beneficiary part: the candidate's details and custom fields, then the answers to the model's fields. */
async function beneficiaryOf(
  db: DbOrTx,
  organisationId: string,
  candidate: typeof candidates.$inferSelect,
  modelFields: FupAdditionalField[],
): Promise<FupBeneficiary> {
  const fields = await db
    .select({
      key: customFieldDefinitions.key,
      label: customFieldDefinitions.label,
      type: customFieldDefinitions.type,
      options: customFieldDefinitions.options,
    })
    .from(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.organisationId, organisationId), isNull(customFieldDefinitions.archivedAt)))
    .orderBy(asc(customFieldDefinitions.position), asc(customFieldDefinitions.label))
  return {
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
    additionalFields: [...fields.map((f) => ({ ...f, value: candidate.customFields[f.key] ?? null })), ...modelFields],
  }
}

/**
 * The sheet of a prescription of `candidate` (its row read in the prescription's transaction) to `offer`: the FUP
 * model of the offer, or of its structure, gives the fields asked of the referent and the logos offered to the
 * partner. Field errors when an answer to the model's fields is wrong.
 */
export async function prescriptionSheet(
  db: DbOrTx,
  params: {
    organisationId: string
    offer: Offer
    candidate: typeof candidates.$inferSelect
    prescription: PrescriptionForm
    modelAnswers?: Record<string, unknown>
  },
): Promise<PrescriptionSheet | { fieldErrors: Record<string, string> }> {
  const { organisationId, offer, candidate, prescription } = params
  const model = await modelForOffer(db, organisationId, offer.id)
  const answered = modelFieldsOf(model?.additionalFields ?? [], params.modelAnswers)
  if ('fieldErrors' in answered) return answered
  const modelLogos = model?.sponsorsLogo ?? []
  const fup = { beneficiary: await beneficiaryOf(db, organisationId, candidate, answered.fields), prescription }
  const pdf = await renderFupPdf({
    name: FUP_NAME,
    offerName: offer.name,
    candidateName: fullName(candidate),
    ...fup,
    // The sheet names the logos it will carry for sure; the partner picks among the others when answering.
    sponsorsLogo: withMandatoryLogos(
      modelLogos.filter((l) => l.required),
      offer.financingModes,
    ),
  })
  return { fup, sponsorsLogo: [...withMandatoryLogos(modelLogos, offer.financingModes)], pdf }
}
