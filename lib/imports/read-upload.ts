import { readCappedBody } from '@/lib/http/capped-body'
import { foreignWrite } from '@/lib/http/same-origin'
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from './messages'

/** Room for the multipart boundaries and the small text fields (mapping, options) around the file. */
const FORM_OVERHEAD_BYTES = 256 * 1024

export type Upload = { fileName: string; bytes: Uint8Array; fields: Record<string, string> }
export type UploadResult = { ok: true; upload: Upload } | { ok: false; status: number; error: string }

/**
 * The multipart body of an import request (a `file` and text fields), refused with a French message — before it is
 * read — when its declared length is over the limit, and while it is read when it turns out longer than declared
 * (or is sent chunked without a length): at most the limit is ever held in memory.
 */
export async function readUpload(request: Request, maxBytes = IMPORT_MAX_BYTES): Promise<UploadResult> {
  const tooLarge = { ok: false as const, status: 413, error: IMPORT_MESSAGES.tooLarge }
  // From the app's own pages only, as multipart (lib/http/same-origin.ts): 415 or 403, nothing read.
  const foreign = foreignWrite(request, 'multipart')
  if (foreign) {
    await request.body?.cancel().catch(() => undefined)
    return { ok: false, ...foreign }
  }
  const contentType = request.headers.get('content-type') ?? ''
  const body = await readCappedBody(request, maxBytes + FORM_OVERHEAD_BYTES)
  if (!body.ok) return tooLarge
  const chunks = [body.bytes]

  let form: FormData
  try {
    form = await new Response(new Blob(chunks as BlobPart[]), { headers: { 'content-type': contentType } }).formData()
  } catch {
    return { ok: false, status: 400, error: IMPORT_MESSAGES.noFile }
  }
  const file = form.get('file')
  if (!(file instanceof File)) return { ok: false, status: 400, error: IMPORT_MESSAGES.noFile }
  if (file.size > maxBytes) return tooLarge
  const fields: Record<string, string> = {}
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value
  return { ok: true, upload: { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()), fields } }
}
