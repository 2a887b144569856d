import { customFieldText } from '@/lib/candidates/custom-field-text'
import type { FupAdditionalField } from '@/lib/db/schema/applies'
import { EMPTY_VALUE } from '@/lib/format'

/** How an additional field of a FUP reads on the sheet and its PDF: as on the candidate's sheet, '–' when empty. */
export function additionalFieldText(field: FupAdditionalField): string {
  return (
    customFieldText({ ...field, options: field.options ?? [], required: false }, field.value ?? undefined) ??
    EMPTY_VALUE
  )
}
