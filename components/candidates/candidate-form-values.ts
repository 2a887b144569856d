import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import type { CustomFieldValue } from '@/lib/db/schema'
import type { CustomFormValue } from './candidate-form-controls'

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
