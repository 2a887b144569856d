import { z } from 'zod'
import { slugOf } from '@/lib/text/slug'
import { FUP_MESSAGES, sponsorLogoSchema } from '@/lib/prescriptions/fup-answer-schema'
import type { FupModelField } from '@/lib/db/schema/fup-models'
import { text } from '@/lib/text/safe-text'

/** French messages of the FUP model editor. The sponsor logos' is spec §5's. */
export const FUP_MODEL_MESSAGES = {
  nameRequired: 'Le nom du modèle est obligatoire.',
  nameTooLong: 'Le nom du modèle ne doit pas dépasser 100 caractères.',
  structureRequired: 'Choisissez la structure partenaire.',
  offerUnknown: 'Cette offre n’est pas une offre de la structure choisie.',
  duplicate: 'Un modèle existe déjà pour cette structure ou cette offre\u00a0: modifiez-le.',
  notFound: 'Ce modèle est introuvable.',
  fieldLabelRequired: 'Le libellé du champ est obligatoire.',
  fieldLabelTooLong: 'Le libellé d’un champ ne doit pas dépasser 100 caractères.',
  fieldLabelDuplicate: 'Deux champs portent le même libellé.',
  fieldTypeRequired: 'Choisissez le type du champ.',
  optionsRequired: 'Une liste a au moins un choix\u00a0: écrivez-en un par ligne.',
  tooManyFields: 'Un modèle a au plus 30 champs.',
  tooManyLogos: 'Un modèle a au plus 20 logos.',
  logoUri: 'L’adresse du logo commence par https:// ou par /.',
  sponsorLogoIncomplete: FUP_MESSAGES.sponsorLogoIncomplete,
} as const
const M = FUP_MODEL_MESSAGES

export const FIELD_TYPES = ['text', 'number', 'bool', 'date', 'list', 'listMultiple'] as const
const isList = (type: string) => type === 'list' || type === 'listMultiple'

const fieldSchema = z.object({
  /** Kept for an existing field, so that its answers stay tied to it; made from the label for a new one. */
  key: text()
    .max(60)
    .regex(/^[a-z0-9-]*$/)
    .optional(),
  label: text({ error: M.fieldLabelRequired }).trim().min(1, M.fieldLabelRequired).max(100, M.fieldLabelTooLong),
  type: z.enum(FIELD_TYPES, { error: M.fieldTypeRequired }),
  required: z.boolean().default(false),
  options: z.array(text().trim().max(100)).max(50).default([]),
})

const logoSchema = sponsorLogoSchema.refine((l) => l.uri.startsWith('https://') || l.uri.startsWith('/'), {
  message: M.logoUri,
  path: ['uri'],
})

export const fupModelContentSchema = z
  .object({
    name: text({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameTooLong),
    additionalFields: z.array(fieldSchema).max(30, M.tooManyFields).default([]),
    sponsorsLogo: z.array(logoSchema).max(20, M.tooManyLogos).default([]),
  })
  .superRefine((model, ctx) => {
    const seen = new Set<string>()
    model.additionalFields.forEach((f, i) => {
      const options = f.options.filter(Boolean)
      if (isList(f.type) && options.length === 0)
        ctx.addIssue({ code: 'custom', path: ['additionalFields', i, 'options'], message: M.optionsRequired })
      const slug = slugOf(f.label)
      if (seen.has(slug))
        ctx.addIssue({ code: 'custom', path: ['additionalFields', i, 'label'], message: M.fieldLabelDuplicate })
      seen.add(slug)
    })
  })
  .transform((model) => {
    // Existing keys stay; a new field's key is its label's, made unique.
    const keys = new Set(model.additionalFields.map((f) => f.key).filter(Boolean))
    const keyOf = (f: (typeof model.additionalFields)[number]) => {
      if (f.key) return f.key
      let key = slugOf(f.label)
      for (let i = 2; keys.has(key); i++) key = `${slugOf(f.label)}-${i}`
      keys.add(key)
      return key
    }
    return {
      name: model.name,
      sponsorsLogo: model.sponsorsLogo,
      additionalFields: model.additionalFields.map((f): FupModelField => {
        const options = isList(f.type)
          ? [...new Set(f.options.filter(Boolean))].map((label) => ({ value: slugOf(label), label }))
          : []
        return { key: keyOf(f), label: f.label, type: f.type, required: f.required, options }
      }),
    }
  })
export type FupModelContent = z.output<typeof fupModelContentSchema>

/** Field errors keyed by dotted path ('additionalFields.0.label'), first message per field. */
export function modelFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) out[issue.path.join('.') || 'form'] ??= issue.message
  return out
}
