import { formatNumber } from '@/lib/numbers'

/**
 * Sends an import request with XMLHttpRequest — the one browser API that reports upload progress — and reads the
 * server's NDJSON steps as they arrive, so the progress bar follows the real work: upload, reading, checks, inserts.
 */
export type ServerStep = { step: 'parse' | 'validate' | 'duplicates' | 'insert'; done: number; total: number }
export type SendProgress = { phase: 'upload'; loaded: number; total: number } | ({ phase: 'server' } & ServerStep)
/**
 * `retryable`: trying again may help (no answer, 403, 408, 429, 5xx); `started`: the server had begun the work (it
 * answered 200 and streamed), so a confirmed import may have been written.
 */
export type SendOutcome<T> =
  { ok: true; result: T } | { ok: false; error: string; retryable: boolean; started: boolean }

const NETWORK_ERROR =
  'La connexion au serveur a été interrompue\u00a0: rien n’a été enregistré. Vérifiez votre connexion et réessayez.'
const GENERIC_ERROR = 'Le serveur n’a pas pu traiter le fichier. Réessayez ou contactez l’assistance.'

export function sendImport<T>(
  url: string,
  form: FormData,
  onProgress: (p: SendProgress) => void,
): Promise<SendOutcome<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    let read = 0
    let outcome: SendOutcome<T> | null = null

    const consume = (final: boolean) => {
      const text = xhr.responseText
      const end = final ? text.length : text.lastIndexOf('\n') + 1
      if (end <= read) return
      for (const line of text.slice(read, end).split('\n')) {
        if (!line.trim()) continue
        let event: { type?: string; error?: string } & Record<string, unknown>
        try {
          event = JSON.parse(line)
        } catch {
          continue
        }
        if (event.type === 'step') onProgress({ phase: 'server', ...(event as unknown as ServerStep) })
        else if (event.type === 'result') outcome = { ok: true, result: event as unknown as T }
        else if (event.type === 'error')
          outcome = { ok: false, error: String(event.error ?? GENERIC_ERROR), retryable: false, started: true }
      }
      read = end
    }

    xhr.open('POST', url)
    xhr.upload.onprogress = (e) =>
      onProgress({ phase: 'upload', loaded: e.loaded, total: e.lengthComputable ? e.total : 0 })
    xhr.onprogress = () => {
      if (xhr.status === 200) consume(false)
    }
    xhr.onload = () => {
      if (xhr.status !== 200) {
        let error = GENERIC_ERROR
        try {
          error = (JSON.parse(xhr.responseText) as { error?: string }).error ?? GENERIC_ERROR
        } catch {
          // not JSON: keep the generic message
        }
        const retryable = xhr.status >= 500 || [403, 408, 429].includes(xhr.status)
        return resolve({ ok: false, error, retryable, started: false })
      }
      consume(true)
      resolve(outcome ?? { ok: false, error: GENERIC_ERROR, retryable: true, started: true })
    }
    const cut = () => resolve({ ok: false, error: NETWORK_ERROR, retryable: true, started: xhr.status === 200 })
    xhr.onerror = cut
    xhr.onabort = cut
    xhr.send(form)
  })
}

/** The bar's value (0–100) and French label for a progress report. */
export function progressView(p: SendProgress | null, committing: boolean): { value: number; label: string } {
  if (!p) return { value: 0, label: 'Préparation de l’envoi…' }
  if (p.phase === 'upload') {
    const pct = p.total > 0 ? Math.round((p.loaded / p.total) * 100) : 0
    return { value: Math.round(pct * 0.4), label: pct >= 100 ? 'Lecture du fichier…' : `Envoi du fichier… ${pct} %` }
  }
  const fraction = p.total > 0 ? p.done / p.total : 0
  const share = committing
    ? { parse: [40, 10], validate: [50, 15], duplicates: [65, 10], insert: [75, 25] }
    : { parse: [40, 15], validate: [55, 30], duplicates: [85, 15], insert: [100, 0] }
  const [from, width] = share[p.step]
  const value = Math.round(from! + width! * fraction)
  switch (p.step) {
    case 'parse':
      return { value, label: fraction < 1 ? 'Lecture du fichier…' : 'Vérification des lignes…' }
    case 'validate':
      return { value, label: 'Recherche des doublons…' }
    case 'duplicates':
      return { value, label: committing ? 'Enregistrement des candidats…' : 'Préparation du rapport…' }
    case 'insert':
      return {
        value,
        label: `Enregistrement des candidats… ${formatNumber(p.done)} / ${formatNumber(p.total)}`,
      }
  }
}
