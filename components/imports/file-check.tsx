'use client'

import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FetchError } from '@/components/ui/fetch-error'
import { fetchJson } from '@/components/ui/fetch-json'

const FAILED = 'La vérification a échoué. Réessayez dans un instant.'
const LATE = 'Le serveur ne répond pas. Réessayez dans un instant\u00a0: rien n’a été importé.'
/** An upload and its check may take a while on a slow line; past this, the person gets the button back. */
const WAIT_MS = 60_000

/** The fields go in the query string: the server decides on them (which structure, which file) before reading the file. */
function send(path: string, file: File, fields: Record<string, string>) {
  const form = new FormData()
  form.set('file', file)
  const query = new URLSearchParams(fields).toString()
  return fetchJson<Record<string, unknown>>(query ? `${path}?${query}` : path, {
    method: 'POST',
    body: form,
    deadlineMs: WAIT_MS,
    failed: FAILED,
    late: LATE,
  })
}

/**
 * A file checked by the server (`…/preview`), then imported (`…/commit`): the one flow of the offer and structure
 * imports. `missing` is the message when no file is chosen; `onImported` gets the commit's answer.
 */
export function useFileCheck<P>(options: {
  base: string
  fields: Record<string, string>
  missing: string
  onImported: (body: Record<string, unknown>) => void
}) {
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<P | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The step to run again when the server did not answer, refused the page (403) or failed (5xx).
  const [retryable, setRetryable] = useState<'check' | 'import' | null>(null)
  const [busy, setBusy] = useState<'check' | 'import' | null>(null)

  async function run(step: 'check' | 'import') {
    if (!file) return setError(options.missing)
    setBusy(step)
    setError(null)
    setRetryable(null)
    const result = await send(`${options.base}/${step === 'check' ? 'preview' : 'commit'}`, file, options.fields)
    setBusy(null)
    if (!result.ok) {
      setError(result.error)
      return setRetryable(result.retryable ? step : null)
    }
    if (step === 'check') setPreview(result.value as P)
    else options.onImported(result.value)
  }
  const choose = (chosen: File | null) => {
    setFile(chosen)
    setPreview(null)
    setError(null)
    setRetryable(null)
  }
  return {
    preview,
    setPreview,
    error,
    /** Runs the failed step again, when trying again may help; show it with the error (FileCheckError). */
    retry: retryable ? () => run(retryable) : null,
    busy,
    choose,
    check: () => run('check'),
    commit: () => run('import'),
  }
}

/** The flow's error, with "Réessayer" when the server did not answer, refused the page or failed. */
export function FileCheckError({ error, retry }: { error: string | null; retry: (() => void) | null }) {
  return error ? <FetchError error={error} onRetry={retry} /> : null
}

/** The file field and its "Vérifier le fichier" button. */
export function FileCheckRow(props: {
  label: string
  accept: string
  busy: 'check' | 'import' | null
  onChoose: (file: File | null) => void
  onCheck: () => void
}) {
  const inputId = useId()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {props.label}
        </label>
        <input
          id={inputId}
          type="file"
          accept={props.accept}
          onChange={(e) => props.onChoose(e.target.files?.[0] ?? null)}
          className="max-w-full text-sm"
        />
      </div>
      <Button onClick={props.onCheck} disabled={props.busy !== null}>
        {props.busy === 'check' ? 'Vérification…' : 'Vérifier le fichier'}
      </Button>
    </div>
  )
}
