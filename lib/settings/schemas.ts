import { z } from 'zod'
import { isPhoneNumber } from '@/lib/phone'
import { nameText, text } from '@/lib/text/safe-text'

/**
 * The administrators' forms (/v2/settings/users, /user/:id, /organisations): one zod schema each, shared by the
 * form and the server action. Messages are French and name the field.
 */
export const SETTINGS_MESSAGES = {
  firstNameRequired: 'Le prénom est obligatoire.',
  lastNameRequired: 'Le nom est obligatoire.',
  nameTooLong: 'Ce champ ne doit pas dépasser 100 caractères.',
  emailInvalid: 'L’adresse email n’est pas valide.',
  phoneIncomplete: 'Le téléphone n’est pas complet (10 chiffres, par exemple 06 12 34 56 78).',
  roleInvalid: 'Choisissez un rôle\u00a0: administrateur, référent RSA ou conseiller.',
  organisationNameRequired: 'Le nom de l’organisation est obligatoire.',
  organisationNameTooLong: 'Le nom de l’organisation ne doit pas dépasser 200 caractères.',
  addressTooLong: 'L’adresse ne doit pas dépasser 500 caractères.',
  reminderDaysInvalid: 'Le délai de relance est un nombre entier de jours, entre 1 et 90.',
  smsStartInvalid: 'L’heure de début des envois s’écrit HH:MM, par exemple 08:00.',
  smsEndInvalid: 'L’heure de fin des envois s’écrit HH:MM, par exemple 20:00.',
  smsEndBeforeStart: 'L’heure de fin des envois doit être après l’heure de début.',
  smsDaysRequired: 'Choisissez au moins un jour d’envoi des SMS.',
  expiryDaysInvalid: 'Le délai d’expiration est un nombre entier de jours, entre 2 et 365.',
  expiryNotAfterReminder: 'Le délai d’expiration doit être plus long que le délai de relance.',
  retentionDaysInvalid: 'La durée de conservation est un nombre entier de jours, entre 365 et 3650.',
  contactEmailInvalid: 'L’adresse email de contact n’est pas valide (par exemple accueil@departement.fr).',
  contactPhoneInvalid: 'Le téléphone de contact n’est pas complet (10 chiffres, par exemple 02 35 12 34 56).',
  themeUnknown: 'Ce thème n’a aucun atelier dans l’organisation\u00a0: rechargez la page.',
  journalRetentionInvalid:
    'La durée de conservation du journal des consultations est un nombre entier de mois, entre 6 et 12.',
} as const

/** RGPD retention: at least a year (a person may come back after a break), at most ten. 730 by default. */
export const RETENTION_DAYS_MIN = 365
export const RETENTION_DAYS_MAX = 3650
/** The read journal is kept 6 months by default, 12 at most (the CNIL's logging recommendation). */
export const JOURNAL_RETENTION_MONTHS_MIN = 6
export const JOURNAL_RETENTION_MONTHS_MAX = 12

/** Roles an organisation's administrator gives: partner users (fullPartner) belong to their structure, not here. */
export const ORGANISATION_ROLES = ['admin', 'referent', 'counsellor'] as const
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number]

const name = (required: string) =>
  nameText({ error: required }).trim().min(1, required).max(100, SETTINGS_MESSAGES.nameTooLong)
const phone = text()
  .trim()
  .max(30, SETTINGS_MESSAGES.phoneIncomplete)
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || isPhoneNumber(v), SETTINGS_MESSAGES.phoneIncomplete)
const role = z.enum(ORGANISATION_ROLES, { error: SETTINGS_MESSAGES.roleInvalid })

export const userProfileSchema = z.object({
  firstName: name(SETTINGS_MESSAGES.firstNameRequired),
  lastName: name(SETTINGS_MESSAGES.lastNameRequired),
  phone: phone.optional().transform((v) => v ?? null),
  role,
})
export type UserProfileInput = z.infer<typeof userProfileSchema>

export const newUserSchema = userProfileSchema.extend({
  email: text({ error: SETTINGS_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, SETTINGS_MESSAGES.emailInvalid)
    .pipe(z.email(SETTINGS_MESSAGES.emailInvalid)),
})
export type NewUserInput = z.infer<typeof newUserSchema>

export const organisationSchema = z
  .object({
    name: nameText({ error: SETTINGS_MESSAGES.organisationNameRequired })
      .trim()
      .min(1, SETTINGS_MESSAGES.organisationNameRequired)
      .max(200, SETTINGS_MESSAGES.organisationNameTooLong),
    addressFormatted: text()
      .trim()
      .max(500, SETTINGS_MESSAGES.addressTooLong)
      .optional()
      .transform((v) => (v ? v : null)),
    /** Shown to a person whose invitation expired, and where the "no seat left" alerts go. */
    contactEmail: text({ error: SETTINGS_MESSAGES.contactEmailInvalid })
      .trim()
      .toLowerCase()
      .max(254, SETTINGS_MESSAGES.contactEmailInvalid)
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(z.email(SETTINGS_MESSAGES.contactEmailInvalid).nullable()),
    contactPhone: text({ error: SETTINGS_MESSAGES.contactPhoneInvalid })
      .trim()
      .max(30, SETTINGS_MESSAGES.contactPhoneInvalid)
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isPhoneNumber(v), SETTINGS_MESSAGES.contactPhoneInvalid),
    twoFactorRequired: z.boolean(),
    twoFactorForSensitive: z.boolean(),
    journalRetentionMonths: z.coerce
      .number({ error: SETTINGS_MESSAGES.journalRetentionInvalid })
      .int(SETTINGS_MESSAGES.journalRetentionInvalid)
      .min(JOURNAL_RETENTION_MONTHS_MIN, SETTINGS_MESSAGES.journalRetentionInvalid)
      .max(JOURNAL_RETENTION_MONTHS_MAX, SETTINGS_MESSAGES.journalRetentionInvalid),
    answerReminderDays: z.coerce
      .number({ error: SETTINGS_MESSAGES.reminderDaysInvalid })
      .int(SETTINGS_MESSAGES.reminderDaysInvalid)
      .min(1, SETTINGS_MESSAGES.reminderDaysInvalid)
      .max(90, SETTINGS_MESSAGES.reminderDaysInvalid),
    prescriptionExpiryDays: z.coerce
      .number({ error: SETTINGS_MESSAGES.expiryDaysInvalid })
      .int(SETTINGS_MESSAGES.expiryDaysInvalid)
      .min(2, SETTINGS_MESSAGES.expiryDaysInvalid)
      .max(365, SETTINGS_MESSAGES.expiryDaysInvalid),
    retentionDays: z.coerce
      .number({ error: SETTINGS_MESSAGES.retentionDaysInvalid })
      .int(SETTINGS_MESSAGES.retentionDaysInvalid)
      .min(RETENTION_DAYS_MIN, SETTINGS_MESSAGES.retentionDaysInvalid)
      .max(RETENTION_DAYS_MAX, SETTINGS_MESSAGES.retentionDaysInvalid),
  })
  .refine((v) => v.prescriptionExpiryDays > v.answerReminderDays, {
    message: SETTINGS_MESSAGES.expiryNotAfterReminder,
    path: ['prescriptionExpiryDays'],
  })
export type OrganisationInput = z.infer<typeof organisationSchema>

/** 'HH:MM' → minutes after midnight ('24:00' is the end of the day), or null. */
function minuteOf(value: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value.trim())
  if (!m) return null
  const minute = Number(m[1]) * 60 + Number(m[2])
  return Number(m[2]) < 60 && minute <= 24 * 60 ? minute : null
}

/** The organisation's SMS sending hours (Europe/Paris): start and end of day, and the ISO weekdays (1 = Monday). */
export const sendingHoursSchema = z
  .object({
    smsStart: text({ error: SETTINGS_MESSAGES.smsStartInvalid }),
    smsEnd: text({ error: SETTINGS_MESSAGES.smsEndInvalid }),
    smsDays: z
      .array(z.coerce.number().int().min(1).max(7), { error: SETTINGS_MESSAGES.smsDaysRequired })
      .min(1, SETTINGS_MESSAGES.smsDaysRequired),
  })
  .transform((v, ctx) => {
    const startMinute = minuteOf(v.smsStart)
    const endMinute = minuteOf(v.smsEnd)
    if (startMinute === null || startMinute >= 24 * 60)
      ctx.addIssue({ code: 'custom', path: ['smsStart'], message: SETTINGS_MESSAGES.smsStartInvalid })
    if (endMinute === null) ctx.addIssue({ code: 'custom', path: ['smsEnd'], message: SETTINGS_MESSAGES.smsEndInvalid })
    else if (startMinute !== null && endMinute <= startMinute)
      ctx.addIssue({ code: 'custom', path: ['smsEnd'], message: SETTINGS_MESSAGES.smsEndBeforeStart })
    return {
      startMinute: startMinute ?? 0,
      endMinute: endMinute ?? 0,
      days: [...new Set(v.smsDays)].sort((a, b) => a - b),
    }
  })
export type SendingHoursInput = z.infer<typeof sendingHoursSchema>
