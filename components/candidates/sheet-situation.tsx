import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { CANDIDATE_FIELD_LABELS as L } from '@/lib/candidates/field-labels'
import type { CandidateRecord } from '@/lib/candidates/queries'
import { customFieldText } from '@/lib/candidates/custom-field-text'
import { fullName } from '@/lib/person-name'
import { SheetDetails } from './sheet-details'

export { customFieldText }

export function SheetSituation({
  candidate,
  customFields,
  archivedFields = [],
}: {
  candidate: CandidateRecord
  customFields: CustomFieldDefinition[]
  archivedFields?: CustomFieldDefinition[]
}) {
  const referent = fullName({ firstName: candidate.referentFirstName, lastName: candidate.referentLastName })
  return (
    <SheetDetails
      title="Situation et champs personnalisés"
      items={[
        [L.cafNumber, candidate.cafNumber],
        [L.poleEmploiNumber, candidate.poleEmploiNumber],
        [L.placeId, candidate.place],
        [L.statusId, candidate.status],
        [L.referentId, referent],
        ...customFields.map((def): [string, string | null] => [
          def.label,
          customFieldText(def, candidate.customFields[def.key]),
        ]),
        // An archived field shows only where this candidate holds a value.
        ...archivedFields
          .filter((def) => candidate.customFields[def.key] !== undefined && candidate.customFields[def.key] !== null)
          .map((def): [string, string | null] => [
            `${def.label} (champ archivé)`,
            customFieldText(def, candidate.customFields[def.key]),
          ]),
      ]}
    />
  )
}
