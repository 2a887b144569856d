import { z } from 'zod'
import { FUP_MESSAGES } from '@/lib/prescriptions/fup-answer-schema'
import { isCalendarDate } from '@/lib/calendar-date'
import { isPhoneNumber } from '@/lib/phone'
import { isValidSiret, normalizeSiret } from '@/lib/siret'
import { nameText, text } from '@/lib/text/safe-text'
import { formatNumber } from '@/lib/numbers'

/**
 * The zod pieces the directory's forms share (partner structures, social offers, enterprises, job offers). Empty
 * strings are "not given" (null); messages are French, and the spec's own for the email and the phone (§5).
 */
export const DIRECTORY_MESSAGES = {
  siretInvalid: 'Le SIRET doit compter 14 chiffres et sa clé doit être juste.',
  dateInvalid: 'La date n’est pas valide (jj/mm/aaaa).',
  urlInvalid: 'L’adresse du site doit commencer par https:// ou http://.',
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${formatNumber(max)} caractères.`,
  emailFormat: FUP_MESSAGES.emailFormat,
  phoneIncomplete: FUP_MESSAGES.phoneIncomplete,
} as const

const blankToNull = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v

export const requiredText = (message: string, max = 200) =>
  nameText({ error: message }).trim().min(1, message).max(max, DIRECTORY_MESSAGES.tooLong(max))

export const optionalText = (max = 500) =>
  z.preprocess(
    blankToNull,
    text({ error: DIRECTORY_MESSAGES.tooLong(max) })
      .max(max, DIRECTORY_MESSAGES.tooLong(max))
      .nullable()
      .default(null),
  )

export const optionalEmail = z.preprocess(
  blankToNull,
  z
    .email({ error: DIRECTORY_MESSAGES.emailFormat })
    .max(254, DIRECTORY_MESSAGES.emailFormat)
    .transform((v) => v.toLowerCase())
    .nullable()
    .default(null),
)

/** Stored as typed; a number of France or an overseas département (lib/phone.ts; spec §5: may be empty). */
export const optionalPhone = z.preprocess(
  blankToNull,
  text({ error: DIRECTORY_MESSAGES.phoneIncomplete })
    .refine(isPhoneNumber, DIRECTORY_MESSAGES.phoneIncomplete)
    .nullable()
    .default(null),
)

export const optionalUrl = z.preprocess(
  blankToNull,
  text({ error: DIRECTORY_MESSAGES.urlInvalid })
    .max(500, DIRECTORY_MESSAGES.tooLong(500))
    .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), DIRECTORY_MESSAGES.urlInvalid)
    .nullable()
    .default(null),
)

export const optionalDate = z.preprocess(
  blankToNull,
  text({ error: DIRECTORY_MESSAGES.dateInvalid })
    .refine(isCalendarDate, DIRECTORY_MESSAGES.dateInvalid)
    .nullable()
    .default(null),
)

const siretChecked = () =>
  text({ error: DIRECTORY_MESSAGES.siretInvalid })
    .transform(normalizeSiret)
    .refine(isValidSiret, DIRECTORY_MESSAGES.siretInvalid)

/** 14 digits with a right Luhn key (La Poste's exception included), typed with spaces, dots or dashes. */
export const requiredSiret = z.preprocess(blankToNull, siretChecked())
export const optionalSiret = z.preprocess(blankToNull, siretChecked().nullable().default(null))

/** A longer free text, kept as '' when empty. */
export const freeText = (max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : typeof v === 'string' ? v.trim() : v),
    text().max(max, DIRECTORY_MESSAGES.tooLong(max)),
  )
