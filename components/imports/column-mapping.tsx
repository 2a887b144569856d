'use client'

import { maskNir } from '@/lib/candidates/nir'
import type { ImportField } from '@/lib/imports/columns'
import type { ImportRow } from '@/lib/imports/parse-file'

const selectClass = 'w-full min-w-48 rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm'
/** Whatever column it sits in: 13 characters and a key, or without the key. */
const looksLikeNir = (value: string) => /^[1-478]\d{4}(\d{2}|2A|2B)\d{6}(\d{2})?$/i.test(value.replace(/[\s.-]/g, ''))
const clip = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/**
 * Step 2: each column of the file and the candidate field it fills (guessed from its header, changeable), then the
 * file's first rows as read, so the person can check the columns before any row is checked.
 */
export function ColumnMapping({
  headers,
  fields,
  mapping,
  preview,
  onChange,
}: {
  headers: string[]
  fields: ImportField[]
  mapping: string[]
  preview: ImportRow[]
  onChange: (mapping: string[]) => void
}) {
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label ?? 'Non importée'
  // The NIR is never shown in full, even from the person's own file.
  const shown = (index: number, value: string) =>
    value.trim() && (mapping[index] === 'socialSecurityNumber' || looksLikeNir(value)) ? maskNir(value) : value
  const example = (index: number) => shown(index, preview.map((r) => r.cells[index]?.trim()).find(Boolean) ?? '')
  return (
    <div className="flex flex-col gap-6">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Correspondance entre les colonnes du fichier et les champs des candidats
          </caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Colonne du fichier
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Exemple
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Champ du candidat
              </th>
            </tr>
          </thead>
          <tbody>
            {headers.map((header, index) => {
              const taken = new Set(mapping.filter((m, i) => m && i !== index))
              return (
                <tr key={index} className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                    {header}
                  </th>
                  <td className="px-4 py-2 text-slate-700">
                    {clip(example(index)) || <span className="text-slate-500">(vide)</span>}
                  </td>
                  <td className="px-4 py-2">
                    <select
                      aria-label={`Champ du candidat pour la colonne «\u00a0${header}\u00a0»`}
                      className={selectClass}
                      value={mapping[index] ?? ''}
                      onChange={(e) => onChange(mapping.map((m, i) => (i === index ? e.target.value : m)))}
                    >
                      <option value="">Ne pas importer</option>
                      {fields.map((f) => (
                        <option key={f.key} value={f.key} disabled={taken.has(f.key)}>
                          {f.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="import-preview-title" className="flex flex-col gap-2">
        <h3 id="import-preview-title" className="text-base font-semibold text-slate-900">
          Aperçu des {preview.length} premières lignes
        </h3>
        {/* Focusable: a wide file scrolls sideways, and the keyboard must be able to scroll it too. */}
        <div
          className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
          tabIndex={0}
          role="region"
          aria-labelledby="import-preview-title"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Premières lignes du fichier, avec le champ de chaque colonne</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Ligne
                </th>
                {headers.map((h, i) => (
                  <th key={i} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                    {h}
                    <span className="block text-xs font-normal text-slate-600">
                      {mapping[i] ? labelOf(mapping[i]) : 'Non importée'}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((row) => (
                <tr key={row.line} className="border-t border-slate-100">
                  <td className="px-3 py-2 tabular-nums text-slate-600">{row.line}</td>
                  {headers.map((_, i) => (
                    <td key={i} className="whitespace-nowrap px-3 py-2">
                      {clip(shown(i, row.cells[i] ?? ''), 30)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  )
}
