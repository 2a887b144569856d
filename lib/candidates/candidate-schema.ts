import { z } from 'zod'
import { FUP_MESSAGES } from '@/lib/prescriptions/fup-answer-schema'
import { isCalendarDate } from '@/lib/calendar-date'
import { isUuid } from '@/lib/ids'
import { isPhoneNumber } from '@/lib/phone'
import type { CustomFieldValue } from '@/lib/db/schema'
import { nirError, nirPrefixError, normaliseNir } from './nir'
import { nameText, text } from '@/lib/text/safe-text'

/**
 * The candidate's identity and situation, validated the same way by the create/edit form, the server
 * action and the import. Messages are French; the phone and email ones are the spec's (§5).
 * Ids of place, status and referent are only checked for shape here: lib/candidates/resolve-references.ts
 * checks they belong to the organisation.
 */
export const CANDIDATE_MESSAGES = {
  firstNameRequired: 'Le prénom est obligatoire',
  lastNameRequired: 'Le nom est obligatoire',
  nameTooLong: 'Le nom et le prénom ne doivent pas dépasser 100 caractères',
  genderInvalid: 'Le genre doit être «\u00a0F\u00a0» ou «\u00a0M\u00a0»',
  birthDateInvalid: 'La date de naissance n’est pas valide',
  birthDateFuture: 'La date de naissance ne peut pas être dans le futur',
  emailFormat: FUP_MESSAGES.emailFormat,
  phoneIncomplete: FUP_MESSAGES.phoneIncomplete,
  cafNumber: 'Le numéro CAF comporte 7 chiffres',
  poleEmploiNumber:
    'L’identifiant France Travail comporte 7 chiffres suivis d’un chiffre ou d’une lettre (8 caractères, ou 11 avec le code de l’agence)',
  addressTooLong: 'L’adresse ne doit pas dépasser 500 caractères',
  referenceInvalid: 'Cette valeur n’existe pas dans les réglages de l’organisation',
  unexpectedField: 'Le formulaire contient un champ inconnu',
  customRequired: (label: string) => `Le champ «\u00a0${label}\u00a0» est obligatoire`,
  customNumber: (label: string) => `Le champ «\u00a0${label}\u00a0» doit être un nombre`,
  customNegative: (label: string) => `Le champ «\u00a0${label}\u00a0» ne peut pas être négatif`,
  customBool: (label: string) => `Le champ «\u00a0${label}\u00a0» doit être «\u00a0oui\u00a0» ou «\u00a0non\u00a0»`,
  customDate: (label: string) => `Le champ «\u00a0${label}\u00a0» doit être une date valide`,
  customList: (label: string) => `La valeur du champ «\u00a0${label}\u00a0» ne fait pas partie de ses choix`,
  customText: (label: string) => `Le champ «\u00a0${label}\u00a0» ne doit pas dépasser 1 000 caractères`,
} as const

/** The earliest birth date taken: before it, a typing slip (1890 for 1990). */
export const OLDEST_BIRTH_DATE = '1900-01-01'
export const CAF_NUMBER_PATTERN = /^\d{7}$/
export const POLE_EMPLOI_PATTERN = /^\d{7}[0-9A-Z](?:\d{3})?$/

/** '' and whitespace become null; everything else is trimmed. */
const optionalText = (max = 500, message: string = CANDIDATE_MESSAGES.addressTooLong) =>
  text()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null))

const optionalId = text()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isUuid(v), CANDIDATE_MESSAGES.referenceInvalid)

export type CustomFieldDefinition = {
  key: string
  label: string
  type: 'number' | 'text' | 'bool' | 'date' | 'list' | 'listMultiple'
  options: { value: string; label: string }[]
  required: boolean
}

/** One custom field's value from a form or a spreadsheet cell (strings accepted: '12,5', 'oui', '31/12/2024'…). */
export function parseCustomField(
  def: CustomFieldDefinition,
  raw: unknown,
): { value: CustomFieldValue } | { error: string } {
  const empty = raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)
  if (empty) return def.required ? { error: CANDIDATE_MESSAGES.customRequired(def.label) } : { value: null }
  switch (def.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(/\s/g, '').replace(',', '.'))
      if (!Number.isFinite(n)) return { error: CANDIDATE_MESSAGES.customNumber(def.label) }
      // An organisation's number counts or measures something (children, months, euros): never below zero.
      return n >= 0 ? { value: n } : { error: CANDIDATE_MESSAGES.customNegative(def.label) }
    }
    case 'text': {
      const s = String(raw).trim()
      if (!s) return def.required ? { error: CANDIDATE_MESSAGES.customRequired(def.label) } : { value: null }
      return s.length <= 1000 ? { value: s } : { error: CANDIDATE_MESSAGES.customText(def.label) }
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { value: raw }
      const s = String(raw).trim().toLowerCase()
      if (['oui', 'o', 'vrai', 'true', '1', 'yes'].includes(s)) return { value: true }
      if (['non', 'n', 'faux', 'false', '0', 'no'].includes(s)) return { value: false }
      return { error: CANDIDATE_MESSAGES.customBool(def.label) }
    }
    case 'date': {
      const iso = toIsoDate(String(raw))
      return iso ? { value: iso } : { error: CANDIDATE_MESSAGES.customDate(def.label) }
    }
    case 'list': {
      const option = findOption(def, String(raw))
      return option ? { value: option } : { error: CANDIDATE_MESSAGES.customList(def.label) }
    }
    case 'listMultiple': {
      const items = Array.isArray(raw) ? raw.map(String) : String(raw).split(/[;|]/)
      const values: string[] = []
      for (const item of items.map((i) => i.trim()).filter(Boolean)) {
        const option = findOption(def, item)
        if (!option) return { error: CANDIDATE_MESSAGES.customList(def.label) }
        if (!values.includes(option)) values.push(option)
      }
      if (values.length === 0 && def.required) return { error: CANDIDATE_MESSAGES.customRequired(def.label) }
      return { value: values.length ? values : null }
    }
  }
}

/** A list choice given by its value or its label (case- and accent-insensitive, as spreadsheets spell them). */
function findOption(def: CustomFieldDefinition, raw: string): string | null {
  const key = fold(raw)
  return def.options.find((o) => fold(o.value) === key || fold(o.label) === key)?.value ?? null
}

export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
}

/** 'yyyy-mm-dd' or the French 'dd/mm/yyyy' → 'yyyy-mm-dd', or null when it is not a real day. */
export function toIsoDate(raw: string): string | null {
  const s = raw.trim()
  const fr = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s)
  const iso = fr ? `${fr[3]}-${fr[2]!.padStart(2, '0')}-${fr[1]!.padStart(2, '0')}` : s
  return isCalendarDate(iso) ? iso : null
}

const baseSchema = z.strictObject(
  {
    firstName: nameText({ error: CANDIDATE_MESSAGES.firstNameRequired })
      .trim()
      .min(1, CANDIDATE_MESSAGES.firstNameRequired)
      .max(100, CANDIDATE_MESSAGES.nameTooLong),
    lastName: nameText({ error: CANDIDATE_MESSAGES.lastNameRequired })
      .trim()
      .min(1, CANDIDATE_MESSAGES.lastNameRequired)
      .max(100, CANDIDATE_MESSAGES.nameTooLong),
    gender: text()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => v === null || v === 'F' || v === 'M', CANDIDATE_MESSAGES.genderInvalid)
      .transform((v) => v as 'F' | 'M' | null),
    birthDate: text()
      .trim()
      .nullish()
      .transform((v, ctx) => {
        if (!v) return null
        const iso = toIsoDate(v)
        if (!iso || iso < OLDEST_BIRTH_DATE) {
          ctx.addIssue({ code: 'custom', message: CANDIDATE_MESSAGES.birthDateInvalid })
          return z.NEVER
        }
        return iso
      }),
    phone: optionalText(30, CANDIDATE_MESSAGES.phoneIncomplete).refine(
      (v) => v === null || isPhoneNumber(v),
      CANDIDATE_MESSAGES.phoneIncomplete,
    ),
    email: optionalText(254, CANDIDATE_MESSAGES.emailFormat)
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || z.email().safeParse(v).success, CANDIDATE_MESSAGES.emailFormat),
    socialSecurityNumber: text()
      .nullish()
      .transform((v) => (v && v.trim() ? normaliseNir(v) : null)),
    cafNumber: optionalText(20, CANDIDATE_MESSAGES.cafNumber).refine(
      (v) => v === null || CAF_NUMBER_PATTERN.test(v),
      CANDIDATE_MESSAGES.cafNumber,
    ),
    poleEmploiNumber: optionalText(20, CANDIDATE_MESSAGES.poleEmploiNumber)
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => v === null || POLE_EMPLOI_PATTERN.test(v), CANDIDATE_MESSAGES.poleEmploiNumber),
    addressFormatted: optionalText(500),
    addressIsQpv: z.boolean().optional().default(false),
    placeId: optionalId,
    statusId: optionalId,
    referentId: text()
      .trim()
      .max(100, CANDIDATE_MESSAGES.referenceInvalid)
      .nullish()
      .transform((v) => (v ? v : null)),
    customFields: z.record(text(), z.unknown()).optional().default({}),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? CANDIDATE_MESSAGES.unexpectedField : undefined) },
)

export type CandidateInput = z.input<typeof baseSchema>
export type CandidateValues = Omit<z.output<typeof baseSchema>, 'customFields'> & {
  customFields: Record<string, CustomFieldValue>
}
/** Field → first French message ('customFields.<key>' for custom fields, '_form' for the whole form). */
export type CandidateErrors = Record<string, string>

/**
 * Validates a candidate against the rules and the organisation's custom fields.
 * The NIR is checked against the gender and birth date given in the same input; when none is typed, the stored one's
 * first five characters (`keptNirPrefix`, the edit form's "leave empty to keep it") are checked instead.
 * `today` is the Paris calendar date ('yyyy-MM-dd') a birth date may not pass: the domain clock's on the server.
 */
export function validateCandidate(
  input: unknown,
  definitions: CustomFieldDefinition[],
  today: string,
  keptNirPrefix: string | null = null,
): { ok: true; values: CandidateValues } | { ok: false; errors: CandidateErrors } {
  const errors: CandidateErrors = {}
  const parsed = baseSchema.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.code === 'unrecognized_keys' ? '_form' : issue.path.join('.') || '_form'
      errors[key] ??= issue.message
    }
  }
  const data = parsed.success ? parsed.data : null
  // The rules across fields read every field that is right on its own, so that a wrong phone does not hide a birth
  // date in the future or a NIR of another gender until the next submission: every message comes in one pass.
  const fields = data ?? fieldsThatParse(input)
  if (fields.birthDate && fields.birthDate > today) errors.birthDate ??= CANDIDATE_MESSAGES.birthDateFuture
  if (fields.socialSecurityNumber) {
    const message = nirError(fields.socialSecurityNumber, fields.gender ?? null, fields.birthDate ?? null)
    if (message) errors.socialSecurityNumber ??= message
  } else if (keptNirPrefix && !errors.socialSecurityNumber) {
    const message = nirPrefixError(keptNirPrefix, fields.gender ?? null, fields.birthDate ?? null)
    if (message) errors.socialSecurityNumber = message
  }
  const rawCustom = (data?.customFields ??
    (isRecord(input) && isRecord(input.customFields) ? input.customFields : {})) as Record<string, unknown>
  const customFields: Record<string, CustomFieldValue> = {}
  for (const def of definitions) {
    const result = parseCustomField(def, rawCustom[def.key])
    if ('error' in result) errors[`customFields.${def.key}`] = result.error
    else if (result.value !== null) customFields[def.key] = result.value
  }
  for (const key of Object.keys(rawCustom))
    if (!definitions.some((d) => d.key === key)) errors._form ??= CANDIDATE_MESSAGES.unexpectedField
  if (!data || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, values: { ...data, customFields } }
}

type ParsedFields = Partial<z.output<typeof baseSchema>>

/**
 * The fields of an input that parse on their own, each by its own rule (a refused input's others): what the rules
 * across fields (birth date and today, the NIR against the gender and birth date, the organisation's references)
 * can still check.
 */
export function fieldsThatParse(input: unknown): ParsedFields {
  if (!isRecord(input)) return {}
  const fields: Record<string, unknown> = {}
  for (const [key, schema] of Object.entries(baseSchema.shape)) {
    const parsed = (schema as z.ZodType).safeParse(input[key])
    if (parsed.success) fields[key] = parsed.data
  }
  return fields as ParsedFields
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
