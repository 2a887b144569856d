'use server'

import { cookies, headers } from 'next/headers'
import { z } from 'zod'
import { clientIp } from '@/lib/auth/client-ip'
import { now as clockNow } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { failure, type Failure } from '@/lib/frame/outcome'
import { lineText } from '@/lib/text/safe-text'
import { bookFromInvitation, cancelFromInvitation, checkName, issueProof } from './booking'
import { INVITATION_MESSAGES, nameCheckSchema } from './messages'
import { proofCookie } from './public-page'
import { lookUpCode, reserveNameCheck, THROTTLED, type CodeLookup } from './public-throttle'
import { sessionView, type SessionView } from './public-view'

// The person's own pages (/i, /i/<CODE>), signed out: who acts is proven by the code, then by the name check's
// cookie (public-page.ts). Every code goes through lookUpCode first, which counts unknown codes per address.

const typedCode = lineText({ error: INVITATION_MESSAGES.codeInvalid }).max(40, INVITATION_MESSAGES.codeInvalid)

function refusalOf(lookup: Exclude<CodeLookup, { kind: 'found' }>): Failure {
  if (lookup.kind === 'throttled') return failure(THROTTLED)
  const error = lookup.kind === 'invalid' ? INVITATION_MESSAGES.codeInvalid : INVITATION_MESSAGES.codeUnknown
  return { ok: false, error, fieldErrors: { code: error } }
}

const client = async () => ({ db: getDb(), ip: clientIp(await headers()), now: clockNow() })
const proofOf = async () => (await cookies()).get(proofCookie(0).name)?.value

/** /i: a code typed from a letter. Its page is /i/<CODE> (the code in its stored form). */
export const findInvitationAction = defineAction({
  name: 'invitations.find',
  session: 'none',
  input: z.tuple([z.object({ code: typedCode })]),
  run: async ({ input: [{ code }] }): Promise<{ ok: true; code: string } | Failure> => {
    const { db, ip } = await client()
    const found = await lookUpCode(db, code, ip)
    return found.kind === 'found' ? { ok: true, code: found.code } : refusalOf(found)
  },
})

/**
 * The first three letters of the last name. Right: the proof goes in the cookie, and the page (rendered again by
 * Next.js since a cookie changed) shows what only the person may see. `locked`: the page shows the lock.
 */
export const checkNameAction = defineAction({
  name: 'invitations.check-name',
  session: 'none',
  input: z.tuple([typedCode, z.object({ letters: nameCheckSchema })]),
  run: async ({ input: [code, { letters }] }): Promise<{ ok: true } | (Failure & { locked?: boolean })> => {
    const { db, ip, now } = await client()
    const found = await lookUpCode(db, code, ip)
    if (found.kind !== 'found') return refusalOf(found)
    const attempt = await reserveNameCheck(db, ip)
    if (!attempt) return failure(THROTTLED)
    const checked = await checkName(db, found.code, letters, now)
    if (!checked.ok) return checked
    await attempt.forgive()
    const proof = issueProof(checked.invitationId, now)
    const cookie = proofCookie(Math.round((proof.expires.getTime() - now.getTime()) / 1000))
    ;(await cookies()).set(cookie.name, proof.value, cookie.options)
    return { ok: true }
  },
})

export type BookRefusal = Failure & {
  /** The seat went meanwhile: the sessions still open, to choose again. */
  sessions?: SessionView[]
  /** The name check's proof expired: the page asks for the letters again. */
  recheck?: boolean
}

/** Takes a seat, or moves the booking to another session. */
export const bookSessionAction = defineAction({
  name: 'invitations.book',
  session: 'none',
  input: z.tuple([typedCode, z.object({ workshopId: id(INVITATION_MESSAGES.sessionUnknown) })]),
  invalid: INVITATION_MESSAGES.sessionUnknown,
  run: async ({ input: [code, { workshopId }] }): Promise<{ ok: true } | BookRefusal> => {
    const { db, ip, now } = await client()
    const found = await lookUpCode(db, code, ip)
    if (found.kind !== 'found') return refusalOf(found)
    const booked = await bookFromInvitation(db, found.code, await proofOf(), workshopId, now)
    if (booked.ok) return { ok: true }
    return {
      ok: false,
      error: booked.error,
      ...(booked.sessions ? { sessions: booked.sessions.map(sessionView) } : {}),
      ...(booked.error === INVITATION_MESSAGES.checkFirst ? { recheck: true } : {}),
    }
  },
})

/** "Annuler ma place": the seat is freed (waitlist, then offers); refused within 24 hours of the session. */
export const cancelBookingAction = defineAction({
  name: 'invitations.cancel',
  session: 'none',
  input: z.tuple([typedCode]),
  run: async ({ input: [code] }): Promise<{ ok: true } | BookRefusal> => {
    const { db, ip, now } = await client()
    const found = await lookUpCode(db, code, ip)
    if (found.kind !== 'found') return refusalOf(found)
    const cancelled = await cancelFromInvitation(db, found.code, await proofOf(), now)
    if (cancelled.ok) return { ok: true }
    return { ...cancelled, ...(cancelled.error === INVITATION_MESSAGES.checkFirst ? { recheck: true } : {}) }
  },
})
