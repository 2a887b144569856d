import { readCappedJson } from './capped-body'

/** The JSON routes' body limit: a page of ids or a list's filters is a few kilobytes; 1 MiB leaves room. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response }

/** A JSON route's body (lib/http/capped-body.ts), or the French 413 to answer. Text that is not JSON reads as null. */
export async function readJsonBody(request: Request, maxBytes = JSON_BODY_LIMIT_BYTES): Promise<JsonBody> {
  const body = await readCappedJson(request, maxBytes)
  return body.ok
    ? body
    : { ok: false, response: Response.json({ error: 'Le contenu envoyé est trop volumineux.' }, { status: 413 }) }
}
