import { z } from 'zod'
import {
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalUrl,
  requiredText,
  requiredSiret,
  freeText,
} from '@/lib/directory/fields'
import { text } from '@/lib/text/safe-text'

export const STRUCTURE_MESSAGES = {
  nameRequired: 'Le nom de la structure est obligatoire.',
  alreadyPartner: 'Cette structure fait déjà partie de vos partenaires.',
  siretTaken: 'Une autre structure porte déjà ce SIRET.',
  emailTaken: 'Un compte Passerelle existe déjà avec cette adresse email.',
  emailRequired: 'L’email est obligatoire.',
  firstNameRequired: 'Le prénom est obligatoire.',
  lastNameRequired: 'Le nom est obligatoire.',
  lastAdmin: 'La structure doit garder au moins un administrateur actif : nommez-en un autre d’abord.',
  disabledAccount: 'Ce compte est désactivé\u00a0: réactivez-le avant de renvoyer une invitation.',
} as const

/** /partners/structure/create and the sheet's edit form. */
export const partnerStructureSchema = z.object({
  name: requiredText(STRUCTURE_MESSAGES.nameRequired, 200),
  siret: requiredSiret,
  addressFormatted: optionalText(500),
  phone: optionalPhone,
  email: optionalEmail,
  website: optionalUrl,
  presentation: freeText(5000),
})
export type PartnerStructureInput = z.infer<typeof partnerStructureSchema>

/** A fullPartner invited from the structure's sheet. */
export const partnerUserSchema = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    text({ error: STRUCTURE_MESSAGES.emailRequired })
      .min(1, STRUCTURE_MESSAGES.emailRequired)
      .pipe(z.email({ error: "L'email n'est pas bien formaté" }).max(254)),
  ),
  firstName: requiredText(STRUCTURE_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(STRUCTURE_MESSAGES.lastNameRequired, 100),
  phone: optionalPhone,
})
export type PartnerUserInput = z.infer<typeof partnerUserSchema>
