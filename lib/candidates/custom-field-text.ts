import type { CustomFieldDefinition } from './candidate-schema'
import { formatDate } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'
import type { CustomFieldValue } from '@/lib/db/schema/candidates'

/** A stored custom value as people read it: Oui/Non, the choices' labels, dd/mm/yyyy, French numbers. */
export function customFieldText(def: CustomFieldDefinition, value: CustomFieldValue | undefined): string | null {
  if (value === undefined || value === null || value === '') return null
  const label = (v: string) => def.options.find((o) => o.value === v)?.label ?? v
  switch (def.type) {
    case 'bool':
      return value ? 'Oui' : 'Non'
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value)
    case 'date':
      return formatDate(String(value))
    case 'list':
      return label(String(value))
    case 'listMultiple':
      return (Array.isArray(value) ? value : [String(value)]).map(label).join(', ')
    default:
      return String(value)
  }
}
