'use client'

import { useCallback, useEffect, useState } from 'react'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { myExportsAction, type MyExport } from '@/lib/exports/actions'
import { formatDate, formatDateTime } from '@/lib/dates'
import { EMPTY_VALUE } from '@/lib/format'
import { formatFileSize, formatNumber } from '@/lib/numbers'
import { ExportForm } from './export-form'

type FormProps = Omit<Parameters<typeof ExportForm>[0], 'onRequested'>
const DATASET_LABELS: Record<string, string> = {
  candidates: 'Candidats',
  prescriptions: 'Prescriptions et réponses',
  sms: 'Journal des SMS',
}
const POLL_MS = 1500

/** The exports page: the form, and "Mes exports" whose progress refreshes while one is queued or running. */
export function ExportsScreen({ initial, now, ...form }: FormProps & { initial: MyExport[]; now: string }) {
  const [exports, setExports] = useState(initial)
  const refresh = useCallback(async () => setExports(await myExportsAction()), [])
  const inProgress = exports.some((e) => e.status === 'queued' || e.status === 'running')
  useEffect(() => {
    if (!inProgress) return
    const timer = setInterval(() => void refresh(), POLL_MS)
    return () => clearInterval(timer)
  }, [inProgress, refresh])

  return (
    <div className="flex flex-col gap-8">
      <ExportForm {...form} onRequested={() => void refresh()} />
      <section aria-labelledby="my-exports-title" className="flex flex-col gap-3">
        <h2 id="my-exports-title" className="text-lg font-semibold text-slate-900">
          Mes exports
        </h2>
        <p className="text-sm text-slate-600">
          Chaque fichier est gardé 7 jours, pour vous seul, puis supprimé. Chaque téléchargement est enregistré.
        </p>
        {exports.length === 0 ? (
          <EmptyState title="Aucun export pour l’instant.">
            Choisissez des données ci-dessus, puis lancez un export.
          </EmptyState>
        ) : (
          <SimpleTable
            caption="Mes exports"
            headers={['Demandé le', 'Données', 'Format', 'État', 'Fichier']}
            rows={exports.map((e) => ({
              key: e.id,
              cells: [
                formatDateTime(e.createdAt),
                DATASET_LABELS[e.dataset] ?? e.dataset,
                e.format === 'xlsx' ? 'Excel (XLSX)' : 'CSV',
                <ExportState key="s" row={e} />,
                <ExportFile key="f" row={e} now={now} />,
              ],
            }))}
          />
        )}
      </section>
    </div>
  )
}

const count = (n: number | null) => formatNumber(n ?? 0)

function ExportState({ row }: { row: MyExport }) {
  if (row.status === 'queued') return <span>En attente</span>
  if (row.status === 'failed') return <span className="font-medium text-red-700">Échec — relancez l’export</span>
  if (row.status === 'done')
    return (
      <span>
        Terminé ({count(row.doneRows)} ligne{row.doneRows > 1 ? 's' : ''})
      </span>
    )
  const total = row.totalRows ?? 0
  return (
    <div className="flex flex-col gap-1">
      <span>
        En cours&nbsp;: {count(row.doneRows)} / {count(total)} lignes
      </span>
      <progress
        value={row.doneRows}
        max={Math.max(total, 1)}
        aria-label={`Progression de l’export\u00a0: ${count(row.doneRows)} lignes sur ${count(total)}`}
        className="h-2 w-40"
      />
    </div>
  )
}

function ExportFile({ row, now }: { row: MyExport; now: string }) {
  if (row.status !== 'done' || !row.expiresAt) return <span className="text-slate-500">{EMPTY_VALUE}</span>
  if (row.expiresAt <= now) return <span className="text-slate-600">Supprimé le {formatDate(row.expiresAt)}</span>
  const size = formatFileSize(row.byteSize ?? 0)
  return (
    <div className="flex flex-col">
      <a href={`/api/exports/${row.id}`} className="font-medium text-brand-700 underline" download>
        Télécharger {row.fileName} ({size})
      </a>
      <span className="text-xs text-slate-600">Disponible jusqu’au {formatDate(row.expiresAt)}</span>
    </div>
  )
}
