import { seal, unseal } from '@/lib/crypto/sealed'

/** A diagnosis link's token (lib/diagnosis/diagnoses.ts: 32 random bytes, base64url) in a text. */
const DIAGNOSIS_LINK = /\/diagnosis\/[A-Za-z0-9_-]{43}/g
/** An invitation's code in its link (lib/invitations/code.ts: 8 signs without 0, O, 1, I). */
const INVITATION_LINK = /\/i\/[A-HJ-NP-Z2-9]{8}(?![A-Za-z0-9])/g

/**
 * '…/diagnosis/<token>' as '…/diagnosis/…' and '…/i/<code>' as '…/i/…': what the thread, the candidate's sheet and the
 * SMS export show, and what the table keeps once the message is settled. Colleagues reading it cannot answer or book in
 * the person's place.
 */
export const maskPersonalLinks = (text: string) =>
  text.replace(DIAGNOSIS_LINK, '/diagnosis/…').replace(INVITATION_LINK, '/i/…')

/**
 * What a queued SMS stores: the text with its personal links masked, and — only when it carries one — the whole text
 * sealed (lib/crypto/sealed.ts, as queued mail), for the sender and the reconcile. A trigger forgets the sealed text
 * once the message is settled (drizzle/0056).
 */
export function storedSmsBody(text: string): { body: string; sealedBody: string | null } {
  const body = maskPersonalLinks(text)
  return body === text ? { body, sealedBody: null } : { body, sealedBody: seal(text) }
}

/** The text the provider gets (and the reconcile looks for): the sealed one when there is one. */
export const smsTextToSend = (row: { body: string; sealedBody: string | null }) =>
  row.sealedBody ? unseal(row.sealedBody) : row.body
