'use client'

import type { ImportCounts, ReportLine } from '@/lib/imports/import-candidates'
import { formatCount, formatNumber } from '@/lib/numbers'

/** Beyond this, the lists stop and the downloadable report has the rest (a 10 000-row file may have thousands). */
const SHOWN = 200

/** After the import, whether the duplicates went in or not (before it, nothing to say). */
function duplicateOutcome(lines: ReportLine[]): string {
  const many = lines.length > 1 ? 's' : ''
  if (lines[0]?.status === 'duplicateImported') return ` (importé${many})`
  if (lines[0]?.status === 'duplicateSkipped') return ` (non importé${many})`
  return ''
}

/** Step 3's figures and its two lists: the rows in error with their reasons, and the duplicates. */
export function ValidationReport({ counts, lines }: { counts: ImportCounts; lines: ReportLine[] }) {
  const invalid = lines.filter((l) => l.status === 'invalid')
  const duplicates = lines.filter(
    (l) => l.status === 'duplicate' || l.status === 'duplicateSkipped' || l.status === 'duplicateImported',
  )
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Lignes lues" value={counts.rows} />
        <Figure label="Lignes valides" value={counts.valid} tone="good" />
        <Figure label="Lignes en erreur" value={counts.invalid} tone={counts.invalid ? 'bad' : undefined} />
        <Figure label="Doublons" value={counts.duplicates} tone={counts.duplicates ? 'warn' : undefined} />
      </dl>
      {invalid.length > 0 && (
        <LineList
          id="import-errors"
          title={`${formatCount(invalid.length, 'ligne en erreur', 'lignes en erreur')} (non importée${invalid.length > 1 ? 's' : ''})`}
          reasonHeader="Motifs"
          lines={invalid}
        />
      )}
      {duplicates.length > 0 && (
        <LineList
          id="import-duplicates"
          title={`${formatCount(duplicates.length, 'doublon')}${duplicateOutcome(duplicates)}`}
          reasonHeader="Motif"
          lines={duplicates}
        />
      )}
      {invalid.length === 0 && duplicates.length === 0 && (
        <p className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
          Toutes les lignes sont valides.
        </p>
      )}
    </div>
  )
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'good' | 'bad' | 'warn' }) {
  const color =
    tone === 'bad'
      ? 'border-red-300 bg-red-50'
      : tone === 'warn'
        ? 'border-amber-300 bg-amber-50'
        : tone === 'good'
          ? 'border-green-300 bg-green-50'
          : 'border-slate-200 bg-white'
  return (
    <div className={`rounded-lg border px-4 py-3 ${color}`}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-slate-900">{formatNumber(value)}</dd>
    </div>
  )
}

function LineList({
  id,
  title,
  reasonHeader,
  lines,
}: {
  id: string
  title: string
  reasonHeader: string
  lines: ReportLine[]
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div
        className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-white"
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-title`}
      >
        <table className="w-full text-left text-sm" data-testid={id}>
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Ligne
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Nom
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Prénom
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {reasonHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, SHOWN).map((l) => (
              <tr key={l.line} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2 tabular-nums">{l.line}</td>
                <td className="px-3 py-2">{l.lastName}</td>
                <td className="px-3 py-2">{l.firstName}</td>
                <td className="px-3 py-2">
                  {l.reasons.length === 1 ? (
                    l.reasons[0]
                  ) : (
                    <ul className="list-disc pl-4">
                      {l.reasons.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.length > SHOWN && (
        <p className="text-sm text-slate-700">
          Les {formatNumber(SHOWN)} premières sont affichées&nbsp;; le rapport téléchargeable les contient toutes.
        </p>
      )}
    </section>
  )
}
