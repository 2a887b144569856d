import { readCappedBody } from './capped-body'

/** Room for the multipart boundaries and the small text fields (mapping, options) around the file. */
const FORM_OVERHEAD_BYTES = 256 * 1024

export type Upload = { fileName: string; bytes: Uint8Array; fields: Record<string, string> }

/**
 * A multipart body holding one `file` and text fields, read within `maxFileBytes` plus the form's overhead
 * (lib/http/capped-body.ts: at most that is ever held in memory, whatever the sender declares): 'tooLarge' past it,
 * 'noFile' when it is not a form or holds no file.
 */
export async function readCappedUpload(
  request: Request,
  maxFileBytes: number,
): Promise<{ ok: true; upload: Upload } | { ok: false; reason: 'tooLarge' | 'noFile' }> {
  const body = await readCappedBody(request, maxFileBytes + FORM_OVERHEAD_BYTES)
  if (!body.ok) return { ok: false, reason: 'tooLarge' }
  let form: FormData
  try {
    form = await new Response(new Blob([new Uint8Array(body.bytes)]), {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
  } catch {
    return { ok: false, reason: 'noFile' }
  }
  const file = form.get('file')
  if (!(file instanceof File)) return { ok: false, reason: 'noFile' }
  if (file.size > maxFileBytes) return { ok: false, reason: 'tooLarge' }
  const fields: Record<string, string> = {}
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value
  return { ok: true, upload: { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()), fields } }
}
