import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { CANDIDATE_FIELD_LABELS as L } from '@/lib/candidates/field-labels'
import type { CandidateRecord } from '@/lib/candidates/queries'
import { formatDate } from '@/lib/dates'
import type { CustomFieldValue } from '@/lib/db/schema'
import { SheetDetails } from './sheet-details'

/** A stored custom value as people read it: Oui/Non, the choices' labels, dd/mm/yyyy, fr-FR numbers. */
export function customFieldText(def: CustomFieldDefinition, value: CustomFieldValue | undefined): string | null {
  if (value === undefined || value === null || value === '') return null
  const label = (v: string) => def.options.find((o) => o.value === v)?.label ?? v
  switch (def.type) {
    case 'bool':
      return value ? 'Oui' : 'Non'
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('fr-FR') : String(value)
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

export function SheetSituation({ candidate, customFields, archivedFields = [] }: { candidate: CandidateRecord; customFields: CustomFieldDefinition[]; archivedFields?: CustomFieldDefinition[] }) {
  const referent = [candidate.referentFirstName, candidate.referentLastName].filter(Boolean).join(' ')
  return (
    <SheetDetails
      title="Situation et champs personnalisés"
      items={[
        [L.cafNumber, candidate.cafNumber],
        [L.poleEmploiNumber, candidate.poleEmploiNumber],
        [L.placeId, candidate.place],
        [L.statusId, candidate.status],
        [L.referentId, referent],
        ...customFields.map((def): [string, string | null] => [def.label, customFieldText(def, candidate.customFields[def.key])]),
        // An archived field shows only where this candidate holds a value.
        ...archivedFields
          .filter((def) => candidate.customFields[def.key] !== undefined && candidate.customFields[def.key] !== null)
          .map((def): [string, string | null] => [`${def.label} (champ archivé)`, customFieldText(def, candidate.customFields[def.key])]),
      ]}
    />
  )
}
