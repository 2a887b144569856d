'use client'

import { useEffect, useRef, useState } from 'react'
import Link from '@/components/ui/link'
import { toast } from '@/components/ui/toast'
import { Button, buttonClass } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import type { ImportField } from '@/lib/imports/columns'
import type { ImportCounts, ReportLine } from '@/lib/imports/import-candidates'
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@/lib/imports/messages'
import type { ImportRow } from '@/lib/imports/parse-file'
import { importReportCsv } from '@/lib/imports/report'
import { formatCount, formatNumber } from '@/lib/numbers'
import { ColumnMapping } from './column-mapping'
import { ImportProgress } from './import-progress'
import { ImportSteps, type StepKey } from './import-steps'
import { progressView, sendImport, type SendProgress } from './send-import'
import { ValidationReport } from './validation-report'

type Preview = {
  fileName: string
  headers: string[]
  fields: ImportField[]
  mapping: string[]
  mappingError: string | null
  preview: ImportRow[]
  counts: ImportCounts | null
  lines: ReportLine[] | null
}
type Commit = { ok: boolean; error?: string; imported?: number; counts: ImportCounts; lines: ReportLine[] }
type Busy = { committing: boolean; progress: SendProgress | null }

const importedMessage = (n: number) =>
  n === 0 ? 'Aucun candidat importé.' : `${formatCount(n, 'candidat importé', 'candidats importés')}.`
const sameMapping = (a: string[] | null, b: string[]) => !!a && a.length === b.length && a.every((m, i) => m === b[i])

/**
 * /v2/candidates/import: file → columns → check → import. Nothing is written before the last step's confirmation; the
 * server reads and checks the file again then (the same File is sent again), and imports in one transaction.
 */
export function CandidateImport() {
  const [step, setStep] = useState<StepKey>('file')
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [mapping, setMapping] = useState<string[]>([])
  const [checked, setChecked] = useState<{ mapping: string[]; counts: ImportCounts; lines: ReportLine[] } | null>(null)
  const [includeDuplicates, setIncludeDuplicates] = useState(false)
  const [result, setResult] = useState<{ imported: number; counts: ImportCounts; lines: ReportLine[] } | null>(null)
  const [busy, setBusy] = useState<Busy | null>(null)
  // With the step to run again after a failure that trying again may mend (no answer, 403, 5xx); none after the
  // server began an import, which may have been written.
  const [failure, setFailure] = useState<{ error: string; retry: (() => void) | null } | null>(null)
  const error = failure?.error ?? null
  const setError = (message: string | null) => setFailure(message ? { error: message, retry: null } : null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const errorRef = useRef<HTMLDivElement>(null)

  useEffect(() => headingRef.current?.focus(), [step])
  useEffect(() => {
    if (error) errorRef.current?.focus()
  }, [error])

  async function send<T>(url: string, fields: Record<string, string>, committing: boolean, again: () => void) {
    if (!file) return null
    setError(null)
    setBusy({ committing, progress: null })
    const form = new FormData()
    form.set('file', file)
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    const outcome = await sendImport<T>(url, form, (progress) => setBusy({ committing, progress }))
    setBusy(null)
    if (!outcome.ok)
      setFailure({ error: outcome.error, retry: outcome.retryable && !(committing && outcome.started) ? again : null })
    return outcome.ok ? outcome.result : null
  }

  async function analyse(event?: React.FormEvent) {
    event?.preventDefault()
    if (!file) return setError(IMPORT_MESSAGES.noFile)
    if (file.size > IMPORT_MAX_BYTES) return setError(IMPORT_MESSAGES.tooLarge)
    const p = await send<Preview>('/api/candidate-imports/preview', {}, false, () => void analyse())
    if (!p) return
    setPreview(p)
    setMapping(p.mapping)
    setChecked(p.counts && p.lines ? { mapping: p.mapping, counts: p.counts, lines: p.lines } : null)
    setStep('mapping')
  }

  async function verify() {
    if (!preview) return
    // The server checks the whole mapping; the selects already prevent a field chosen twice.
    if (!mapping.includes('lastName') || !mapping.includes('firstName')) return setError(IMPORT_MESSAGES.mappingMissing)
    setIncludeDuplicates(false)
    if (sameMapping(checked?.mapping ?? null, mapping)) {
      setError(null)
      return setStep('report')
    }
    const p = await send<Preview>(
      '/api/candidate-imports/preview',
      { mapping: JSON.stringify(mapping) },
      false,
      () => void verify(),
    )
    if (!p?.counts || !p.lines) return
    setChecked({ mapping, counts: p.counts, lines: p.lines })
    setStep('report')
  }

  async function commit(mode: 'valid' | 'allOrNothing') {
    const r = await send<Commit>(
      '/api/candidate-imports/commit',
      { mapping: JSON.stringify(mapping), mode, includeDuplicates: String(includeDuplicates) },
      true,
      () => void commit(mode),
    )
    if (!r) return
    if (!r.ok) {
      setChecked({ mapping, counts: r.counts, lines: r.lines })
      setError(r.error ?? IMPORT_MESSAGES.failed)
      return
    }
    setResult({ imported: r.imported ?? 0, counts: r.counts, lines: r.lines })
    toast.success(importedMessage(r.imported ?? 0))
    setStep('done')
  }

  function restart() {
    setFile(null)
    setPreview(null)
    setChecked(null)
    setResult(null)
    setError(null)
    setStep('file')
  }

  function download(lines: ReportLine[]) {
    const url = URL.createObjectURL(new Blob([importReportCsv(lines)], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = 'rapport-import-candidats.csv'
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  const view = busy ? progressView(busy.progress, busy.committing) : null
  const toImport = checked ? checked.counts.valid + (includeDuplicates ? checked.counts.duplicates : 0) : 0
  const heading = {
    file: 'Choisir le fichier',
    mapping: 'Associer les colonnes',
    report: 'Vérifier les lignes',
    done: 'Import terminé',
  }[step]

  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <ImportSteps current={step} />
      <section
        aria-labelledby="import-step-title"
        className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2
          id="import-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {heading}
          {preview && step !== 'file' && (
            <span className="mt-1 block text-sm font-normal text-slate-600">
              Fichier «&nbsp;{preview.fileName}&nbsp;»
            </span>
          )}
        </h2>

        {error && (
          <div
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            <span>{error}</span>
            {failure?.retry && (
              <Button variant="secondary" className="px-3 py-1" onClick={failure.retry}>
                Réessayer
              </Button>
            )}
          </div>
        )}

        {step === 'file' && (
          <form onSubmit={analyse} className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor="import-file" className="text-sm font-medium text-slate-800">
                Fichier CSV ou Excel (.xlsx)
              </label>
              <input
                id="import-file"
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby="import-file-hint"
                disabled={!!busy}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setError(null)
                }}
                className="w-full max-w-xl rounded-md border border-slate-400 bg-white px-3 py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1"
              />
              <p id="import-file-hint" className="text-xs text-slate-600">
                10&nbsp;Mo au plus. Une ligne d’en-tête puis une ligne par candidat&nbsp;; séparateur point-virgule,
                virgule ou tabulation&nbsp;; UTF-8 ou Windows (Latin-1). Les lieux de résidence et statuts sont reconnus
                par leur libellé, le référent par son adresse e-mail.
              </p>
            </div>
            {view ? (
              <ImportProgress {...view} />
            ) : (
              <Button type="submit" className="self-start">
                Analyser le fichier
              </Button>
            )}
          </form>
        )}

        {step === 'mapping' && preview && (
          <>
            <p className="text-sm text-slate-700">
              Les colonnes ont été associées d’après leur titre. Vérifiez-les&nbsp;: une colonne «&nbsp;Ne pas
              importer&nbsp;» est ignorée. Nom et prénom sont obligatoires.
            </p>
            <ColumnMapping
              headers={preview.headers}
              fields={preview.fields}
              mapping={mapping}
              preview={preview.preview}
              onChange={setMapping}
            />
            {view ? (
              <ImportProgress {...view} />
            ) : (
              <div className="flex flex-wrap gap-3">
                <Button onClick={verify}>Vérifier les lignes</Button>
                <Button variant="secondary" onClick={restart}>
                  Changer de fichier
                </Button>
              </div>
            )}
          </>
        )}

        {step === 'report' && checked && (
          <>
            <ValidationReport counts={checked.counts} lines={checked.lines} />
            <p className="text-sm text-slate-700">
              Rien n’a encore été enregistré. Choisissez ce qu’il faut importer&nbsp;:
            </p>
            {checked.counts.duplicates > 0 && (
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <Checkbox
                  checked={includeDuplicates}
                  onChange={(e) => setIncludeDuplicates(e.target.checked)}
                  disabled={!!busy}
                />
                Importer aussi les doublons ({formatNumber(checked.counts.duplicates)})
              </label>
            )}
            {view ? (
              <ImportProgress {...view} />
            ) : (
              <div className="flex flex-col gap-3">
                <div className="flex flex-wrap gap-3">
                  <Button onClick={() => commit('valid')} disabled={toImport === 0}>
                    {toImport === 1
                      ? 'Importer la ligne valide'
                      : `Importer les ${formatNumber(toImport)} lignes valides`}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => commit('allOrNothing')}
                    aria-describedby="all-or-nothing-hint"
                  >
                    Tout ou rien
                  </Button>
                  <Button variant="secondary" onClick={() => download(checked.lines)}>
                    Télécharger le rapport
                  </Button>
                  <Button variant="ghost" onClick={() => setStep('mapping')}>
                    Modifier les colonnes
                  </Button>
                </div>
                <p id="all-or-nothing-hint" className="text-xs text-slate-600">
                  «&nbsp;Tout ou rien&nbsp;»&nbsp;: le fichier n’est importé que si aucune ligne n’est en erreur. Dans
                  les deux cas, l’import se fait en une seule fois.
                </p>
              </div>
            )}
          </>
        )}

        {step === 'done' && result && (
          <>
            <p
              className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900"
              role="status"
            >
              {importedMessage(result.imported)}
            </p>
            <ValidationReport counts={result.counts} lines={result.lines} />
            <div className="flex flex-wrap gap-3">
              <Link href="/v2/candidates/dashboard" className={buttonClass('primary')}>
                Voir les candidats
              </Link>
              <Button variant="secondary" onClick={() => download(result.lines)}>
                Télécharger le rapport
              </Button>
              <Button variant="ghost" onClick={restart}>
                Importer un autre fichier
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  )
}
