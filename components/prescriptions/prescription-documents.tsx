import { Icon } from '@/components/ui/icon'
import { fullName } from '@/lib/person-name'
import { ofName } from '@/lib/text/french'

/**
 * The documents of a prescription: the sheet sent to the partner ('Fiche.pdf') and, once answered, the partner's
 * answered sheet; a manual prescription has none. Downloads go through /api/documents/{id} (tenant-checked).
 */
export function PrescriptionDocuments({
  row,
}: {
  row: {
    prescriptionDocumentId: string | null
    answerDocumentId: string | null
    hasFup: boolean
    firstName: string
    lastName: string
  }
}) {
  if (!row.prescriptionDocumentId && !row.hasFup) return <em className="text-slate-600">Prescription manuelle</em>
  const who = fullName(row)
  return (
    <span className="flex flex-col gap-1">
      {row.prescriptionDocumentId && (
        <a
          href={`/api/documents/${row.prescriptionDocumentId}`}
          aria-label={`Fiche.pdf, prescription ${ofName(who)}`}
          className="inline-flex items-center gap-1"
        >
          <Icon name="file-text" className="shrink-0" /> Fiche.pdf
        </a>
      )}
      {row.answerDocumentId && (
        <a
          href={`/api/documents/${row.answerDocumentId}`}
          aria-label={`Réponse du partenaire (PDF) pour ${who}`}
          className="inline-flex items-center gap-1"
        >
          <Icon name="file-text" className="shrink-0" /> Réponse du partenaire (PDF)
        </a>
      )}
    </span>
  )
}
