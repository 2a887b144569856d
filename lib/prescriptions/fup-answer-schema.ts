import { z } from 'zod'
import { isCalendarDate } from '@/lib/calendar-date'
import { isPhoneNumber } from '@/lib/phone'
import { text } from '@/lib/text/safe-text'
import { CAUSE_CODE } from './cause-labels'

/**
 * The partner's answer to a prescription sheet (the FUP), as the completion dialog sends it: the decision, the
 * convocations of the no-answer cause, the partner's contact, and the sponsors' logos the answer carries.
 */

/** Spec §5 messages, verbatim. */
export const FUP_MESSAGES = {
  partnerDecisionRequired: 'La décision est obligatoire',
  causeRequired: 'Le motif est obligatoire',
  accompanierNameRequired: 'Le prénom et le nom de l’accompagnateur sont obligatoires',
  partnerNameRequired: 'Le nom du partenaire est obligatoire',
  emailFormat: "L'email n'est pas bien formaté",
  phoneIncomplete: "Le téléphone n'est pas complet",
  // Where the spec is silent:
  causeUnknown: 'Ce motif n’existe pas',
  convocationDateRequired: 'La date de la convocation est obligatoire',
  convocationReasonRequired: 'Le motif d’absence est obligatoire',
  dateInvalid: 'La date n’est pas valide',
  sponsorLogoIncomplete:
    'Chaque logo de financeur doit avoir un libellé, une valeur, une adresse et l’indication obligatoire ou non',
  unexpectedField: 'La réponse contient un champ inconnu',
  addressTooLong: 'L’adresse ne doit pas dépasser 500 caractères',
  sponsorsLogoInvalid: 'La liste des logos de financeurs n’est pas valide',
} as const

/** An object that refuses unknown keys (a crafted fourth convocation, say) with a French message. */
function strictObject<S extends z.ZodRawShape>(shape: S, missingMessage: string) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? FUP_MESSAGES.unexpectedField : missingMessage),
  })
}

const optionalDate = text()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .refine((v) => v === null || isCalendarDate(v), FUP_MESSAGES.dateInvalid)

const convocationSchema = strictObject(
  {
    date: text({ error: FUP_MESSAGES.convocationDateRequired })
      .trim()
      .min(1, FUP_MESSAGES.convocationDateRequired)
      .refine(isCalendarDate, FUP_MESSAGES.dateInvalid),
    reason: z.enum(['excusedAbsence', 'unexcusedAbsence'], { error: FUP_MESSAGES.convocationReasonRequired }),
  },
  FUP_MESSAGES.convocationDateRequired,
)

export const CONVOCATION_KEYS = ['firstConvocation', 'secondConvocation', 'thirdConvocation'] as const
/** The three rows' names, in the dialog and on the sheet. */
export const CONVOCATION_LABELS = ['1re convocation', '2e convocation', '3e convocation'] as const
/** Spec §4 convocation reasons. */
export const CONVOCATION_REASONS = {
  excusedAbsence: 'Absence excusée',
  unexcusedAbsence: 'Absence non excusée',
} as const

const decisionSchema = strictObject(
  {
    partnerDecision: z.enum(['integrated', 'notIntegrated'], { error: FUP_MESSAGES.partnerDecisionRequired }),
    cause: text().trim().nullable().optional(),
    firstReceptionDate: optionalDate.optional(),
    assessmentDate: optionalDate.optional(),
    firstConvocation: convocationSchema.nullable().optional(),
    secondConvocation: convocationSchema.nullable().optional(),
    thirdConvocation: convocationSchema.nullable().optional(),
  },
  FUP_MESSAGES.partnerDecisionRequired,
)
  .superRefine((d, ctx) => {
    const cause = d.cause || null
    if (d.partnerDecision === 'integrated') {
      if (cause) ctx.addIssue({ code: 'custom', path: ['cause'], message: FUP_MESSAGES.causeRequired })
    } else if (!cause) {
      ctx.addIssue({ code: 'custom', path: ['cause'], message: FUP_MESSAGES.causeRequired })
    } else if (!CAUSE_CODE.test(cause)) {
      ctx.addIssue({ code: 'custom', path: ['cause'], message: FUP_MESSAGES.causeUnknown })
    }
    // Spec §4: the three convocation rows exist only for the no-answer cause, and then all three are filled.
    for (const key of CONVOCATION_KEYS) {
      if (cause === 'noAnswerToConvocations' && d.partnerDecision === 'notIntegrated') {
        if (!d[key])
          ctx.addIssue({ code: 'custom', path: [key, 'date'], message: FUP_MESSAGES.convocationDateRequired })
      } else if (d[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: FUP_MESSAGES.unexpectedField })
      }
    }
  })
  .transform((d) => {
    const integrated = d.partnerDecision === 'integrated'
    const noAnswer = !integrated && d.cause === 'noAnswerToConvocations'
    return {
      partnerDecision: d.partnerDecision,
      cause: integrated ? null : (d.cause ?? null),
      // Dates belong to an integration; a refusal keeps none.
      firstReceptionDate: integrated ? (d.firstReceptionDate ?? null) : null,
      assessmentDate: integrated ? (d.assessmentDate ?? null) : null,
      firstConvocation: noAnswer ? (d.firstConvocation ?? null) : null,
      secondConvocation: noAnswer ? (d.secondConvocation ?? null) : null,
      thirdConvocation: noAnswer ? (d.thirdConvocation ?? null) : null,
    }
  })

export const partnerFeedbackSchema = strictObject(
  {
    accompanierName: text({ error: FUP_MESSAGES.accompanierNameRequired })
      .trim()
      .min(1, FUP_MESSAGES.accompanierNameRequired),
    name: text({ error: FUP_MESSAGES.partnerNameRequired }).trim().min(1, FUP_MESSAGES.partnerNameRequired),
    email: text({ error: FUP_MESSAGES.emailFormat }).trim().pipe(z.email(FUP_MESSAGES.emailFormat)),
    phone: text({ error: FUP_MESSAGES.phoneIncomplete })
      .trim()
      .refine((v) => v === '' || isPhoneNumber(v), FUP_MESSAGES.phoneIncomplete)
      .default(''),
    address: text({ error: FUP_MESSAGES.addressTooLong }).trim().max(500, FUP_MESSAGES.addressTooLong).default(''),
    decision: decisionSchema,
  },
  FUP_MESSAGES.partnerDecisionRequired,
)

export const sponsorLogoSchema = strictObject(
  {
    label: text({ error: FUP_MESSAGES.sponsorLogoIncomplete }).trim().min(1, FUP_MESSAGES.sponsorLogoIncomplete),
    value: text({ error: FUP_MESSAGES.sponsorLogoIncomplete }).trim().min(1, FUP_MESSAGES.sponsorLogoIncomplete),
    uri: text({ error: FUP_MESSAGES.sponsorLogoIncomplete }).trim().min(1, FUP_MESSAGES.sponsorLogoIncomplete),
    required: z.boolean({ error: FUP_MESSAGES.sponsorLogoIncomplete }),
  },
  FUP_MESSAGES.sponsorLogoIncomplete,
)

/** Spec §7 "Send FUP to the operator": {partnerFeedback, sponsorsLogo}. */
export const fupAnswerSchema = strictObject(
  {
    partnerFeedback: partnerFeedbackSchema,
    sponsorsLogo: z
      .array(sponsorLogoSchema, { error: FUP_MESSAGES.sponsorsLogoInvalid })
      .max(20, FUP_MESSAGES.sponsorsLogoInvalid)
      .default([]),
  },
  FUP_MESSAGES.partnerDecisionRequired,
)

export type FupAnswerInput = z.input<typeof fupAnswerSchema>
export type FupAnswer = z.output<typeof fupAnswerSchema>

/** The FSE logo (spec §7, §9): always on the sheet when the offer is financed by the FSE. */
export const FSE_LOGO = {
  label: 'Fonds social européen (FSE+)',
  value: 'fse',
  uri: '/logos/fse.svg',
  required: true,
} as const

export function withMandatoryLogos<T extends { value: string }>(
  logos: T[],
  financingModes: readonly string[],
): (T | typeof FSE_LOGO)[] {
  if (!financingModes.includes('fse') || logos.some((l) => l.value === 'fse')) return logos
  return [FSE_LOGO, ...logos]
}
