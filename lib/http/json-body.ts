/** The JSON routes' body limit (issue 16 §2): a page of ids or a list's filters is a few kilobytes; 1 MiB leaves room. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response }

const tooLarge = (): JsonBody => ({ ok: false, response: Response.json({ error: 'Le contenu envoyé est trop volumineux.' }, { status: 413 }) })

/**
 * A JSON route's body, refused with 413 before it is read when its declared length is over the limit, and while it
 * is read when it turns out longer (or comes chunked): at most the limit is held in memory. Text that is not JSON
 * reads as null, for the route's schema to refuse.
 */
export async function readJsonBody(request: Request, maxBytes = JSON_BODY_LIMIT_BYTES): Promise<JsonBody> {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined)
    return tooLarge()
  }
  if (!request.body) return { ok: true, value: null }
  const chunks: Uint8Array[] = []
  let received = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return tooLarge()
    }
    chunks.push(value)
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) }
  } catch {
    return { ok: true, value: null }
  }
}
