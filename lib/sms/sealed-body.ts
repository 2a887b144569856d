import { seal, unseal } from '@/lib/crypto/sealed'

/** A diagnosis link's token (lib/diagnosis/diagnoses.ts: 32 random bytes, base64url) in a text. */
const DIAGNOSIS_LINK = /\/diagnosis\/[A-Za-z0-9_-]{43}/g

/**
 * '…/diagnosis/<token>' as '…/diagnosis/…': what the thread, the candidate's sheet and the SMS export show, and what
 * the table keeps once the message is settled. Colleagues reading it cannot answer in the person's place.
 */
export const maskDiagnosisLinks = (text: string) => text.replace(DIAGNOSIS_LINK, '/diagnosis/…')

/**
 * What a queued SMS stores: the text with its diagnosis links masked, and — only when it carries one — the whole text
 * sealed (lib/crypto/sealed.ts, as queued mail), for the sender and the reconcile. A trigger forgets the sealed text
 * once the message is settled (drizzle/0056).
 */
export function storedSmsBody(text: string): { body: string; sealedBody: string | null } {
  const body = maskDiagnosisLinks(text)
  return body === text ? { body, sealedBody: null } : { body, sealedBody: seal(text) }
}

/** The text the provider gets (and the reconcile looks for): the sealed one when there is one. */
export const smsTextToSend = (row: { body: string; sealedBody: string | null }) =>
  row.sealedBody ? unseal(row.sealedBody) : row.body
