import { z } from 'zod'
import {
  DIRECTORY_MESSAGES,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
} from '@/lib/directory/fields'
import { tagOf } from './thematiques'
import { text } from '@/lib/text/safe-text'

export const OFFER_MESSAGES = {
  nameRequired: 'Le nom de l’offre est obligatoire.',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
  challengeUnknown: 'Ce frein n’existe pas dans votre organisation.',
  financingModeUnknown: 'Ce mode de financement n’existe pas.',
  descriptionTooLong: 'La description ne doit pas dépasser 50 000 caractères.',
  readOnly: 'Cette offre vient d’un autre annuaire\u00a0: elle ne se modifie pas dans Passerelle.',
  tooManyTags: 'Une offre a au plus 30 étiquettes.',
} as const

const list = (max: number, item: z.ZodType<string>) =>
  z.preprocess((v) => (v == null ? [] : typeof v === 'string' ? v.split(',') : v), z.array(item).max(max))

/** Spec §3 "Social offer", written in Passerelle. The provider is the structure; source and offerId are set by the server. */
export const socialOfferSchema = z
  .object({
    name: requiredText(OFFER_MESSAGES.nameRequired, 200),
    description: z.preprocess((v) => (v == null ? '' : v), text().max(50_000, OFFER_MESSAGES.descriptionTooLong)),
    serviceStartDate: optionalDate,
    serviceEndDate: optionalDate,
    tags: list(30, text().max(80, DIRECTORY_MESSAGES.tooLong(80))).transform((tags) => [
      ...new Set(tags.map(tagOf).filter(Boolean)),
    ]),
    challengeIds: list(40, text().uuid(OFFER_MESSAGES.challengeUnknown)),
    financingModes: list(20, text().max(50, OFFER_MESSAGES.financingModeUnknown)),
    addressFormatted: optionalText(500),
    contactComment: optionalText(1000),
    contactName: optionalText(200),
    contactPhone: optionalPhone,
    contactMail: optionalEmail,
  })
  .refine((v) => !v.serviceStartDate || !v.serviceEndDate || v.serviceEndDate >= v.serviceStartDate, {
    message: OFFER_MESSAGES.endBeforeStart,
    path: ['serviceEndDate'],
  })
export type SocialOfferInput = z.infer<typeof socialOfferSchema>
