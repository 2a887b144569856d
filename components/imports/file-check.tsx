'use client'

import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'

const FAILED = 'La vérification a échoué. Réessayez dans un instant.'
const LATE = 'Le serveur ne répond pas. Réessayez dans un instant : rien n’a été importé.'
/** An upload and its check may take a while on a slow line; past this, the person gets the button back. */
const WAIT_MS = 60_000

type Sent = { ok: true; body: Record<string, unknown> } | { ok: false; error: string }

/** The fields go in the query string: the server decides on them (which structure, which file) before reading the file. */
async function send(path: string, file: File, fields: Record<string, string>): Promise<Sent> {
  const form = new FormData()
  form.set('file', file)
  const query = new URLSearchParams(fields).toString()
  let response: Response
  try {
    response = await fetch(query ? `${path}?${query}` : path, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(WAIT_MS),
    })
  } catch (error) {
    return { ok: false, error: error instanceof DOMException && error.name === 'TimeoutError' ? LATE : FAILED }
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
  if (!response.ok || !body) return { ok: false, error: typeof body?.error === 'string' ? body.error : FAILED }
  return { ok: true, body }
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
  const [busy, setBusy] = useState<'check' | 'import' | null>(null)

  async function run(step: 'check' | 'import') {
    if (!file) return setError(options.missing)
    setBusy(step)
    setError(null)
    const result = await send(`${options.base}/${step === 'check' ? 'preview' : 'commit'}`, file, options.fields)
    setBusy(null)
    if (!result.ok) return setError(result.error)
    if (step === 'check') setPreview(result.body as P)
    else options.onImported(result.body)
  }
  const choose = (chosen: File | null) => {
    setFile(chosen)
    setPreview(null)
    setError(null)
  }
  return { preview, setPreview, error, busy, choose, check: () => run('check'), commit: () => run('import') }
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
