/**
 * A request body of at most `maxBytes`, as text: refused before it is read when its declared length is over, and while
 * it is read when it turns out longer (or comes chunked without a length).
 */
export async function readTextCapped(request: Request, maxBytes: number): Promise<{ ok: true; text: string } | { ok: false; tooLarge: boolean }> {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined)
    return { ok: false, tooLarge: true }
  }
  if (!request.body) return { ok: false, tooLarge: false }
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
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') }
}

/** A JSON body of at most `maxBytes` (readTextCapped); not JSON: refused, not too large. */
export async function readJsonCapped(request: Request, maxBytes: number): Promise<{ ok: true; value: unknown } | { ok: false; tooLarge: boolean }> {
  const body = await readTextCapped(request, maxBytes)
  if (!body.ok) return body
  try {
    return { ok: true, value: JSON.parse(body.text) }
  } catch {
    return { ok: false, tooLarge: false }
  }
}
