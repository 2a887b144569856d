import type { FupAdditionalField } from '@/lib/db/schema/applies'

const frDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : iso)

/** How an additional field of a FUP reads on the sheet and its PDF: labels of lists, 'Oui' / 'Non', dates in French. */
export function additionalFieldText(field: FupAdditionalField): string {
  const { value } = field
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '-'
  const label = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v
  switch (field.type) {
    case 'bool':
      return value === true || value === 'true' ? 'Oui' : 'Non'
    case 'date':
      return frDate(String(value))
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('fr-FR') : String(value)
    case 'list':
      return label(String(value))
    case 'listMultiple':
      return (Array.isArray(value) ? value : [String(value)]).map(label).join(', ')
    default:
      return String(value)
  }
}
