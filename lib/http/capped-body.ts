/**
 * The one way a route handler reads a body: refused before it is read when its declared length is over
 * `maxBytes`, and while it is read when it turns out longer (or comes chunked without a length), so that at most
 * `maxBytes` are ever held in memory, whatever the sender claims.
 */
export type CappedBody = { ok: true; bytes: Buffer } | { ok: false; tooLarge: true }

export async function readCappedBody(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined)
    return { ok: false, tooLarge: true }
  }
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) }
  const chunks: Uint8Array[] = []
  let received = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return { ok: false, tooLarge: true }
    }
    chunks.push(value)
  }
  return { ok: true, bytes: Buffer.concat(chunks) }
}

/** The body as UTF-8 text, capped as above. */
export async function readCappedText(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; tooLarge: true }> {
  const body = await readCappedBody(request, maxBytes)
  return body.ok ? { ok: true, text: body.bytes.toString('utf8') } : body
}

/** The body as JSON, capped as above; text that is not JSON reads as null, for the caller's schema to refuse. */
export async function readCappedJson(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; tooLarge: true }> {
  const body = await readCappedText(request, maxBytes)
  if (!body.ok) return body
  try {
    return { ok: true, value: JSON.parse(body.text) }
  } catch {
    return { ok: true, value: null }
  }
}
