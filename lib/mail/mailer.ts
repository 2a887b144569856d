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

/**
 * Hands one mail to SMTP_URL (smtp://user:pass@host:port) when set; otherwise writes it to the local outbox
 * (OUTBOX_DIR, default ./.outbox), one .eml file named after the mail's id, so that writing it twice is a no-op.
 * `id` is the outbound_mails row's: it is also the Message-ID, so a receiving server can spot a repeat.
 */
export async function deliverMail(mail: Mail, id: string, createdAt: Date): Promise<void> {
  const message = { from: FROM, ...mail, messageId: `<${id}@passerelle.local>` }
  if (process.env.SMTP_URL) {
    try {
      await nodemailer.createTransport(process.env.SMTP_URL).sendMail(message)
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode
      if (responseCode && responseCode >= 500) throw new PermanentMailError(String(responseCode))
      throw error
    }
    return
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message)
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
