import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { echoToTerminal } from '@/lib/outbox-echo'

export type Mail = { to: string; subject: string; text: string }

const FROM = process.env.MAIL_FROM ?? 'Passerelle <ne-pas-repondre@passerelle.local>'

export const outboxDir = () => process.env.OUTBOX_DIR ?? path.join(process.cwd(), '.outbox')

/** A refusal of the mail server that no retry will change (5xx reply: unknown mailbox, rejected sender…). */
export class PermanentMailError extends Error {
  constructor(readonly code: string) {
    super(`Mail refused (${code})`)
    this.name = 'PermanentMailError'
  }
}

/** The server answered and did not take the mail (a 4xx reply, or no server listening): another attempt may send it. */
export class RefusedForNowMailError extends Error {
  constructor(readonly code: string) {
    super(`Mail not taken for now (${code})`)
    this.name = 'RefusedForNowMailError'
  }
}

/** The SMTP time-outs: the longest call is bounded by their sum (a lease outlives it, lib/mail/send-queued-mail.ts). */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 } as const
export const MAIL_CALL_TIMEOUT_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout

/** No reply code: did the mail server possibly get the message? Only a refused connection (or no such host) says no. */
function neverReachedServer(error: unknown): boolean {
  const e = error as { code?: string; message?: string }
  return e.code === 'EDNS' || /ECONNREFUSED/.test(e.message ?? '')
}

/**
 * Hands one mail to SMTP_URL (smtp://user:pass@host:port) when set; otherwise writes it to the local outbox
 * (OUTBOX_DIR, default ./.outbox), one .eml file named after the mail's id, so that writing it twice is a no-op.
 * `id` is the outbound_mails row's: it is also the Message-ID, so a receiving server can spot a repeat.
 */
export async function deliverMail(mail: Mail, id: string, createdAt: Date, attemptId?: string): Promise<void> {
  // The attempt's id travels in a header (no personal data): a test's mail sink counts the calls of each attempt.
  const message = {
    from: FROM,
    ...mail,
    messageId: `<${id}@passerelle.local>`,
    headers: attemptId ? { 'X-Passerelle-Attempt': attemptId } : undefined,
  }
  if (process.env.SMTP_URL) {
    try {
      await nodemailer.createTransport({ url: process.env.SMTP_URL, ...SMTP_TIMEOUTS }).sendMail(message)
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode
      if (responseCode && responseCode >= 500) throw new PermanentMailError(String(responseCode))
      if (responseCode) throw new RefusedForNowMailError(String(responseCode))
      if (neverReachedServer(error))
        throw new RefusedForNowMailError((error as { code?: string }).code ?? 'unreachable')
      throw error
    }
    return
  }
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(message)
  const dir = outboxDir()
  await fs.mkdir(dir, { recursive: true })
  try {
    await fs.writeFile(path.join(dir, `${createdAt.getTime()}-${id}.eml`), info.message as Buffer, { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return // written by an earlier attempt
  }
  echoToTerminal('✉', mail.to, mail.subject, mail.text)
}
