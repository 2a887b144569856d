import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import nodemailer from 'nodemailer'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import SMTPConnection from 'nodemailer/lib/smtp-connection'
import { MAIL_CALL_TIMEOUT_MS, SMTP_TIMEOUTS } from '@/lib/delivery/bounds'
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

/** The server did not take the mail (a 4xx reply, or a failure before the message's data): another attempt may send it. */
export class RefusedForNowMailError extends Error {
  constructor(readonly code: string) {
    super(`Mail not taken for now (${code})`)
    this.name = 'RefusedForNowMailError'
  }
}

/** The stage an SMTP exchange failed at: only once the message's data was being written can the server have it. */
type Stage = 'setup' | 'data'

/**
 * An answer with a reply code, or a failure before the message's data: the server has nothing to deliver. A 5xx is
 * for good, a 4xx, a time-out or a dropped connection before the data is for now. Failing during the data or while
 * waiting for the final reply, without a reply code, the server may have it: the error is passed on, the fate unknown.
 */
function classified(error: unknown, stage: Stage): unknown {
  const { responseCode, code } = error as { responseCode?: number; code?: string }
  if (responseCode && responseCode >= 500) return new PermanentMailError(String(responseCode))
  if (responseCode) return new RefusedForNowMailError(String(responseCode))
  if (stage === 'setup') return new RefusedForNowMailError(code ?? 'unreachable')
  return error
}

/**
 * One SMTP exchange to SMTP_URL, bounded as a whole: nodemailer's timers are idle or phase ones, so a server that
 * trickles its replies could hold a connection past the attempt's lease. The overall timer destroys the socket.
 */
async function exchange(url: string, envelope: { from: string; to: string[] }, raw: Buffer): Promise<void> {
  const options = parseConnectionUrl(url)
  const connection = new SMTPConnection({ ...options, ...SMTP_TIMEOUTS, socketCloseTimeout: 0, logger: false })
  let stage: Stage = 'setup'
  // The data is streamed only once the server accepted DATA (354): the first read marks the stage.
  const data = new Readable({
    read() {
      stage = 'data'
      this.push(raw)
      this.push(null)
    },
  })
  await new Promise<void>((resolve, reject) => {
    let settled = false
    const settle = (error?: unknown) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      connection.close()
      if (error) reject(classified(error, stage))
      else resolve()
    }
    const timer = setTimeout(
      () => settle(Object.assign(new Error('SMTP exchange timed out'), { code: 'ETIMEDOUT' })),
      MAIL_CALL_TIMEOUT_MS,
    )
    connection.on('error', settle)
    connection.connect(() => {
      const send = () => connection.send(envelope, data, (error) => settle(error ?? undefined))
      if (!options.auth?.user) return send()
      connection.login({ user: options.auth.user, pass: options.auth.pass }, (error) =>
        error ? settle(error) : send(),
      )
    })
  })
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
    const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message)
    const envelope = built.envelope as { from: string | false; to: string[] }
    await exchange(process.env.SMTP_URL, { from: envelope.from || '', to: envelope.to }, built.message as Buffer)
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
