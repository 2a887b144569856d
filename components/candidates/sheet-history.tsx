import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { CANDIDATE_FIELD_LABELS } from '@/lib/candidates/field-labels'
import type { SheetHistoryData } from '@/lib/candidates/sheet/history'
import { formatDateTime } from '@/lib/dates'
import { orEmpty } from '@/lib/format'

/** The field names an update row lists, as labels: never the values, which the audit does not keep. */
function fieldLabel(name: string, customFields: CustomFieldDefinition[]): string {
  if (name.startsWith('customFields.')) {
    const key = name.slice('customFields.'.length)
    return customFields.find((d) => d.key === key)?.label ?? key
  }
  return CANDIDATE_FIELD_LABELS[name as keyof typeof CANDIDATE_FIELD_LABELS] ?? name
}

/** The sheet's "Historique" section: the candidate's audit rows, newest first. */
export function SheetHistory({ rows, customFields }: SheetHistoryData & { customFields: CustomFieldDefinition[] }) {
  const entries = rows.map((r) => ({
    id: r.id,
    when: (
      <time dateTime={r.at.toISOString()} className="whitespace-nowrap">
        {formatDateTime(r.at)}
      </time>
    ),
    label: r.label,
    detail: r.fields.length
      ? `Champs modifiés\u00a0: ${r.fields.map((f) => fieldLabel(f, customFields)).join(', ')}`
      : null,
    author: r.actorName ?? 'Inconnu',
  }))
  return (
    <section aria-labelledby="section-historique" className="max-w-4xl">
      <h2 id="section-historique" className="mb-4 text-lg font-semibold text-slate-900">
        Historique
      </h2>
      {rows.length === 0 ? (
        <EmptyState title="Aucune action enregistrée pour ce candidat.">
          Les créations, modifications et consultations du numéro de sécurité sociale apparaîtront ici.
        </EmptyState>
      ) : (
        <>
          {/* A table from 640 px; below, the same rows as a list (only one of the two is displayed, so read). */}
          <div className="hidden sm:block">
            <SimpleTable
              caption="Historique des actions sur la fiche, de la plus récente à la plus ancienne"
              headers={['Date', 'Action', 'Détail', 'Auteur']}
              rows={entries.map((e) => ({ key: e.id, cells: [e.when, e.label, orEmpty(e.detail), e.author] }))}
            />
          </div>
          <ol
            className="flex flex-col gap-2 sm:hidden"
            aria-label="Historique des actions sur la fiche, de la plus récente à la plus ancienne"
          >
            {entries.map((e) => (
              <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className="font-medium text-slate-900">{e.label}</p>
                {e.detail && <p className="mt-1 text-slate-700">{e.detail}</p>}
                <p className="mt-1 text-slate-600">
                  {e.when} · {e.author}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
