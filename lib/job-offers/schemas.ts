import { z } from 'zod'
import { isDateTimeInput } from '@/lib/dates'
import { DIRECTORY_MESSAGES, optionalDate, optionalText, requiredText } from '@/lib/directory/fields'
import { CONTRACT_VALUES, JOB_OFFER_STATUS_VALUES, PLACEMENT_STATUS_VALUES } from './labels'
import { text } from '@/lib/text/safe-text'

export const JOB_OFFER_MESSAGES = {
  titleRequired: 'L’intitulé du poste est obligatoire.',
  romeInvalid: 'Le code ROME s’écrit avec une lettre et 4 chiffres, par exemple K2204.',
  contractRequired: 'Choisissez un type de contrat.',
  hoursRequired: 'Indiquez la durée hebdomadaire d’un temps partiel.',
  hoursInvalid: 'La durée hebdomadaire est comprise entre 1 et 48 heures.',
  positionsInvalid: 'Le nombre de postes est compris entre 1 et 500.',
  salaryInvalid: 'Le salaire est un montant en euros, entre 0 et 100 000.',
  salaryOrder: 'Le salaire maximum ne peut pas être inférieur au minimum.',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
  validityOrder: 'La fin de validité ne peut pas précéder son début.',
  placeUnknown: 'Ce lieu n’existe pas dans votre organisation.',
  enterpriseUnknown: 'Cette entreprise est introuvable.',
  statusUnknown: 'Ce statut n’existe pas.',
  positionsBelowHired: (hired: number) =>
    `Le nombre de postes ne peut pas être inférieur aux ${hired} embauches déjà faites.`,
  descriptionTooLong: 'La description ne doit pas dépasser 50 000 caractères.',
  // Placements
  noCandidate: 'Choisissez au moins un candidat.',
  tooManyCandidates: 'Positionnez au plus 50 candidats à la fois.',
  alreadyPlaced: (names: string) => `Déjà positionné sur cette offre\u00a0: ${names}. Aucun candidat n’a été ajouté.`,
  candidateUnknown: 'Un des candidats choisis est introuvable.',
  offerNotOpen: 'Cette offre n’est plus ouverte\u00a0: rouvrez-la pour y positionner des candidats.',
  interviewRequired: 'Indiquez la date de l’entretien.',
  reasonRequired: 'Le motif est obligatoire.',
  allFilled: (n: number) => `Tous les postes de cette offre sont déjà pourvus (${n} sur ${n}).`,
} as const

const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v == null ? null : typeof v === 'string' ? Number(v.replace(/\s/g, '').replace(',', '.')) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().default(null),
  )

/** A job offer. */
export const jobOfferSchema = z
  .object({
    title: requiredText(JOB_OFFER_MESSAGES.titleRequired, 200),
    romeCode: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
      text({ error: JOB_OFFER_MESSAGES.romeInvalid })
        .regex(/^[A-Z]\d{4}$/, JOB_OFFER_MESSAGES.romeInvalid)
        .nullable()
        .default(null),
    ),
    contractType: z.enum(CONTRACT_VALUES, { error: JOB_OFFER_MESSAGES.contractRequired }),
    workingTime: z.enum(['full', 'part'], { error: JOB_OFFER_MESSAGES.hoursInvalid }).default('full'),
    weeklyHours: z.preprocess(
      (v) => (v === '' || v == null ? null : typeof v === 'string' ? Number(v.replace(',', '.')) : v),
      z
        .number({ error: JOB_OFFER_MESSAGES.hoursInvalid })
        .min(1, JOB_OFFER_MESSAGES.hoursInvalid)
        .max(48, JOB_OFFER_MESSAGES.hoursInvalid)
        .nullable()
        .default(null),
    ),
    placeId: z.preprocess(
      (v) => (v === '' ? null : v),
      text().uuid(JOB_OFFER_MESSAGES.placeUnknown).nullable().default(null),
    ),
    addressFormatted: optionalText(500),
    startDate: optionalDate,
    endDate: optionalDate,
    positions: z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: JOB_OFFER_MESSAGES.positionsInvalid })
        .int(JOB_OFFER_MESSAGES.positionsInvalid)
        .min(1, JOB_OFFER_MESSAGES.positionsInvalid)
        .max(500, JOB_OFFER_MESSAGES.positionsInvalid),
    ),
    salaryMin: optionalInt(0, 100_000, JOB_OFFER_MESSAGES.salaryInvalid),
    salaryMax: optionalInt(0, 100_000, JOB_OFFER_MESSAGES.salaryInvalid),
    description: z.preprocess((v) => (v == null ? '' : v), text().max(50_000, JOB_OFFER_MESSAGES.descriptionTooLong)),
    status: z.enum(JOB_OFFER_STATUS_VALUES, { error: JOB_OFFER_MESSAGES.statusUnknown }).default('open'),
    validFrom: optionalDate,
    validUntil: optionalDate,
  })
  .superRefine((v, ctx) => {
    if (v.workingTime === 'part' && v.weeklyHours == null)
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.hoursRequired, path: ['weeklyHours'] })
    if (v.salaryMin != null && v.salaryMax != null && v.salaryMax < v.salaryMin)
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.salaryOrder, path: ['salaryMax'] })
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.endBeforeStart, path: ['endDate'] })
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom)
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.validityOrder, path: ['validUntil'] })
  })
export type JobOfferInput = z.infer<typeof jobOfferSchema>

export const placeCandidatesSchema = z.object({
  candidateIds: z
    .array(text().uuid(JOB_OFFER_MESSAGES.candidateUnknown))
    .min(1, JOB_OFFER_MESSAGES.noCandidate)
    .max(50, JOB_OFFER_MESSAGES.tooManyCandidates),
})

export const placementStatusSchema = z
  .object({
    status: z.enum(PLACEMENT_STATUS_VALUES, { error: JOB_OFFER_MESSAGES.statusUnknown }),
    /** 'yyyy-mm-ddThh:mm', Paris time, for "entretien prévu". */
    interviewAt: z.preprocess(
      (v) => (v === '' ? null : v),
      text().refine(isDateTimeInput, DIRECTORY_MESSAGES.dateInvalid).nullable().default(null),
    ),
    reason: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'interview' && !v.interviewAt)
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.interviewRequired, path: ['interviewAt'] })
    if (v.status === 'refused' && !v.reason)
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.reasonRequired, path: ['reason'] })
  })
