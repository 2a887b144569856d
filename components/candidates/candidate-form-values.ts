import type { CustomFieldDefinition, CandidateErrors, parseCustomField } from '@/lib/candidates/candidate-schema'
import type { DuplicateMatch } from '@/lib/candidates/duplicates'
import type { Refusal } from '@/lib/forms/form-errors'
import type { CustomFormValue } from '@/components/ui/custom-field-control'

type CustomFieldValue = Extract<ReturnType<typeof parseCustomField>, { value: unknown }>['value']

/** What the candidate form holds: strings as typed (validateCandidate parses them), the NIR never prefilled. */
export type CandidateFormValues = {
  firstName: string
  lastName: string
  gender: '' | 'F' | 'M'
  birthDate: string
  phone: string
  email: string
  socialSecurityNumber: string
  addressFormatted: string
  addressIsQpv: boolean
  cafNumber: string
  poleEmploiNumber: string
  placeId: string
  statusId: string
  referentId: string
  customFields: Record<string, CustomFormValue>
}

export type CandidateFormSettings = {
  places: { id: string; label: string }[]
  statuses: { id: string; label: string }[]
  referents: { id: string; firstName: string | null; lastName: string | null }[]
  customFields: CustomFieldDefinition[]
}

export function emptyFormValues(referentId = ''): CandidateFormValues {
  return {
    firstName: '',
    lastName: '',
    gender: '',
    birthDate: '',
    phone: '',
    email: '',
    socialSecurityNumber: '',
    addressFormatted: '',
    addressIsQpv: false,
    cafNumber: '',
    poleEmploiNumber: '',
    placeId: '',
    statusId: '',
    referentId,
    customFields: {},
  }
}

/** A stored candidate as the edit form shows it. The NIR stays empty: "leave empty to keep it". */
export function formValuesOf(
  c: {
    firstName: string
    lastName: string
    gender: 'F' | 'M' | null
    birthDate: string | null
    phone: string | null
    email: string | null
    addressFormatted: string | null
    addressIsQpv: boolean
    cafNumber: string | null
    poleEmploiNumber: string | null
    placeId: string | null
    statusId: string | null
    referentId: string | null
    customFields: Record<string, CustomFieldValue>
  },
  definitions: CustomFieldDefinition[],
): CandidateFormValues {
  const customFields: Record<string, CustomFormValue> = {}
  for (const def of definitions) {
    const v = c.customFields[def.key]
    if (v === undefined || v === null) continue
    customFields[def.key] = Array.isArray(v) ? v : typeof v === 'boolean' ? (v ? 'oui' : 'non') : String(v)
  }
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    gender: c.gender ?? '',
    birthDate: c.birthDate ?? '',
    phone: c.phone ?? '',
    email: c.email ?? '',
    socialSecurityNumber: '',
    addressFormatted: c.addressFormatted ?? '',
    addressIsQpv: c.addressIsQpv,
    cafNumber: c.cafNumber ?? '',
    poleEmploiNumber: c.poleEmploiNumber ?? '',
    placeId: c.placeId ?? '',
    statusId: c.statusId ?? '',
    referentId: c.referentId ?? '',
    customFields,
  }
}

/** The form's state: the values, and the explicit choice to remove the stored NIR (edit only). */
export type CandidateFormState = CandidateFormValues & { clearNir: boolean }

/** What the actions take: the values as typed, the NIR emptied when it is being removed. */
export function candidateInputOf({ clearNir, ...values }: CandidateFormState): CandidateFormValues {
  return { ...values, socialSecurityNumber: clearNir ? '' : values.socialSecurityNumber }
}

/** The organisation's required custom fields come first, with the names: a quick creation needs nothing else. */
export function customFieldsByNeed(definitions: CustomFieldDefinition[]) {
  return {
    required: definitions.filter((d) => d.required),
    optional: definitions.filter((d) => !d.required),
  }
}

export type Saved = { ok: true; id?: string; changed?: string[]; duplicates?: DuplicateMatch[] }

/**
 * A candidate action's answer as the form helper reads it: look-alikes found before creating are a success that
 * asks for a confirmation (nothing went wrong), the candidate rules' errors are field errors ('_form': the form's).
 */
export function savedOf(
  result:
    | { ok: true; id?: string; changed?: string[] }
    | { ok: false; duplicates: DuplicateMatch[] }
    | { ok: false; errors: CandidateErrors }
    | Refusal,
): Saved | Refusal {
  if (result.ok) return result
  if ('duplicates' in result) return { ok: true, duplicates: result.duplicates }
  if ('errors' in result) {
    const { _form, ...fieldErrors } = result.errors
    return { ok: false, fieldErrors, error: _form }
  }
  return result
}
