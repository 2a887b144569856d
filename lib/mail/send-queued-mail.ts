import { and, eq, lt, or, sql } from 'drizzle-orm'
import { now } from '@/lib/clock'
import { unseal } from '@/lib/crypto/sealed'
import type { DbOrTx } from '@/lib/db/client'
import { outboundMails } from '@/lib/db/schema'
import { deliverMail, PermanentMailError } from './mailer'

/** A claim older than this is a worker that died while sending: another attempt may take the mail. */
const STALE_CLAIM_MS = 2 * 60_000

/** Another attempt holds the mail right now (the request's immediate try, say): the job tries again later. */
export class MailBusyError extends Error {
  constructor() {
    super('Mail claimed by another attempt')
    this.name = 'MailBusyError'
  }
}

export type MailOutcome = 'sent' | 'already' | 'failed' | 'missing'

/**
 * Sends one queued mail, once: a guarded claim (queued → sending) before the mail server is called, `sent` and the
 * text erased after. A transient failure puts it back to `queued` and throws (the job retries with back-off); the
 * last attempt, or a permanent refusal, leaves it `failed` for the administrators to see.
 */
export async function sendQueuedMail(db: DbOrTx, mailId: string, options: { lastAttempt?: boolean } = {}): Promise<MailOutcome> {
  const at = now()
  const [claimed] = await db
    .update(outboundMails)
    .set({ status: 'sending', attempts: sql`${outboundMails.attempts} + 1`, statusAt: at })
    .where(
      and(
        eq(outboundMails.id, mailId),
        or(eq(outboundMails.status, 'queued'), and(eq(outboundMails.status, 'sending'), lt(outboundMails.statusAt, new Date(at.getTime() - STALE_CLAIM_MS)))),
      ),
    )
    .returning()
  if (!claimed) {
    const [row] = await db.select({ status: outboundMails.status }).from(outboundMails).where(eq(outboundMails.id, mailId))
    if (!row) return 'missing'
    if (row.status === 'sending') throw new MailBusyError()
    return 'already'
  }
  try {
    if (!claimed.sealedText) throw new PermanentMailError('noText')
    await deliverMail({ to: claimed.toAddress, subject: claimed.subject, text: unseal(claimed.sealedText) }, claimed.id, claimed.createdAt)
  } catch (error) {
    const permanent = error instanceof PermanentMailError
    const code = permanent ? error.code : ((error as { code?: string }).code ?? 'transient')
    if (permanent || options.lastAttempt) {
      await db.update(outboundMails).set({ status: 'failed', errorCode: code, statusAt: now() }).where(eq(outboundMails.id, mailId))
      return 'failed'
    }
    await db.update(outboundMails).set({ status: 'queued', errorCode: code, statusAt: now() }).where(eq(outboundMails.id, mailId))
    throw error
  }
  await db.update(outboundMails).set({ status: 'sent', sealedText: null, errorCode: null, statusAt: now() }).where(eq(outboundMails.id, mailId))
  return 'sent'
}
