import { z } from 'zod'
import {
  freeText,
  optionalEmail,
  optionalPhone,
  optionalSiret,
  optionalText,
  requiredText,
} from '@/lib/directory/fields'
import { text } from '@/lib/text/safe-text'

export const ENTERPRISE_MESSAGES = {
  nameRequired: 'Le nom de l’entreprise est obligatoire.',
  nafInvalid: 'Le code NAF s’écrit avec 4 chiffres et une lettre, par exemple 62.01Z.',
  contactNameRequired: 'Le nom du contact est obligatoire.',
  tooManyContacts: 'Une entreprise a au plus 20 contacts.',
  siretTaken: (name: string) => `Cette entreprise existe déjà dans votre organisation\u00a0: ${name}.`,
} as const

/** 62.01Z, 6201Z or 62.01 z → 62.01Z. */
const nafCode = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.replace(/\s/g, '').toUpperCase()) : v),
  text({ error: ENTERPRISE_MESSAGES.nafInvalid })
    .regex(/^\d{2}\.?\d{2}[A-Z]$/, ENTERPRISE_MESSAGES.nafInvalid)
    .transform((v) => (v.includes('.') ? v : `${v.slice(0, 2)}.${v.slice(2)}`))
    .nullable()
    .default(null),
)

export const enterpriseContactSchema = z.object({
  name: requiredText(ENTERPRISE_MESSAGES.contactNameRequired, 200),
  role: optionalText(200),
  phone: optionalPhone,
  email: optionalEmail,
})

/** /v2/enterprises/create and the sheet's edit form. */
export const enterpriseSchema = z.object({
  name: requiredText(ENTERPRISE_MESSAGES.nameRequired, 200),
  siret: optionalSiret,
  nafCode,
  addressFormatted: optionalText(500),
  notes: freeText(5000),
  contacts: z.preprocess((v) => v ?? [], z.array(enterpriseContactSchema).max(20, ENTERPRISE_MESSAGES.tooManyContacts)),
})
export type EnterpriseInput = z.infer<typeof enterpriseSchema>
