import { z } from 'zod'
import { isCalendarDate } from '@/lib/calendar-date'
import { DIRECTORY_MESSAGES, optionalEmail, optionalPhone, optionalText, requiredText } from '@/lib/directory/fields'
import { text } from '@/lib/text/safe-text'

/** The referral form's and the referral links' French messages. */
export const REFERRAL_MESSAGES = {
  labelRequired: 'Le nom du lien est obligatoire (par exemple «\u00a0CCAS de Dieppe\u00a0»).',
  notifyEmailRequired: 'L’email qui reçoit les orientations est obligatoire.',
  expiryPast: 'La date d’expiration doit être à venir.',
  prescriberNameRequired: 'Votre prénom et votre nom sont obligatoires.',
  prescriberStructureRequired: 'Le nom de votre structure est obligatoire.',
  prescriberEmailRequired: 'Votre email est obligatoire\u00a0: l’organisation vous répond par email.',
  firstNameRequired: 'Le prénom de la personne est obligatoire.',
  lastNameRequired: 'Le nom de la personne est obligatoire.',
  birthDateInvalid: 'La date de naissance n’est pas valide.',
  birthDateFuture: 'La date de naissance ne peut pas être dans le futur.',
  placeUnknown: 'Choisissez un lieu de résidence de la liste.',
  needUnknown: 'Un des besoins choisis n’est pas dans la liste.',
  consentRequired: 'La personne doit avoir donné son accord pour être orientée.',
  tooLarge: 'Le formulaire envoyé est trop volumineux.',
  invalidLink: 'Ce lien d’orientation n’est pas valide.',
  throttled:
    'Trop d’orientations ont été envoyées depuis cette adresse ou ce lien en une heure. Réessayez plus tard, ou contactez directement l’organisation.',
  declineReasonRequired: 'Le motif du refus est obligatoire\u00a0: il est transmis au prescripteur.',
  alreadyDecided: 'Cette orientation a déjà été traitée.',
} as const

const email = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    text({ error: required })
      .min(1, required)
      .max(254, DIRECTORY_MESSAGES.emailFormat)
      .pipe(z.email({ error: DIRECTORY_MESSAGES.emailFormat }))
      .transform((v) => v.toLowerCase()),
  )

/** A referral link written by an administrator (settings "Formulaires d'orientation"). */
export const linkSchema = z.object({
  label: requiredText(REFERRAL_MESSAGES.labelRequired, 100),
  notifyEmail: email(REFERRAL_MESSAGES.notifyEmailRequired),
  expiresOn: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text({ error: DIRECTORY_MESSAGES.dateInvalid })
      .refine(isCalendarDate, DIRECTORY_MESSAGES.dateInvalid)
      .nullable()
      .default(null),
  ),
})
export type LinkInput = z.infer<typeof linkSchema>

/** Most bytes of one submission (its JSON): the form is text only, with no file. */
export const REFERRAL_MAX_BYTES = 32 * 1024

/** The public form. `website` is the honeypot: people never see it, robots fill it. */
export const submissionSchema = z.object({
  prescriberName: requiredText(REFERRAL_MESSAGES.prescriberNameRequired, 200),
  prescriberStructure: requiredText(REFERRAL_MESSAGES.prescriberStructureRequired, 200),
  prescriberEmail: email(REFERRAL_MESSAGES.prescriberEmailRequired),
  prescriberPhone: optionalPhone,
  firstName: requiredText(REFERRAL_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(REFERRAL_MESSAGES.lastNameRequired, 100),
  birthDate: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text({ error: REFERRAL_MESSAGES.birthDateInvalid })
      .refine((v) => isCalendarDate(v) && v >= '1900-01-01', REFERRAL_MESSAGES.birthDateInvalid)
      .nullable()
      .default(null),
  ),
  phone: optionalPhone,
  email: optionalEmail,
  addressFormatted: optionalText(500),
  placeId: z.preprocess(
    (v) => (v === '' ? null : v),
    text({ error: REFERRAL_MESSAGES.placeUnknown }).uuid(REFERRAL_MESSAGES.placeUnknown).nullable().default(null),
  ),
  needs: z
    .array(text({ error: REFERRAL_MESSAGES.needUnknown }).uuid(REFERRAL_MESSAGES.needUnknown), {
      error: REFERRAL_MESSAGES.needUnknown,
    })
    .max(30, REFERRAL_MESSAGES.needUnknown)
    .default([]),
  situation: optionalText(4000),
  consent: z.literal(true, { error: REFERRAL_MESSAGES.consentRequired }),
  website: text().max(500).optional().default(''),
})
export type SubmissionInput = z.input<typeof submissionSchema>

export const declineSchema = z.object({ reason: requiredText(REFERRAL_MESSAGES.declineReasonRequired, 1000) })

/** "C. D." for Camille Dupont: what the prescriber's outcome mail says of the person. */
export const initialsOf = (firstName: string, lastName: string) =>
  [firstName, lastName]
    .map((n) => n.trim().charAt(0).toLocaleUpperCase('fr-FR'))
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join('\u00a0')
