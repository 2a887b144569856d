import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { logError } from '@/lib/log'

export type Mail = { to: string; subject: string; text: string }

const FROM = process.env.MAIL_FROM ?? 'Passerelle <ne-pas-repondre@passerelle.local>'

/**
 * Sends through SMTP_URL (smtp://user:pass@host:port) when set; otherwise writes the message to the local
 * outbox (OUTBOX_DIR, default ./.outbox) so that the embedded default works without a mail server.
 */
export async function sendMail(mail: Mail): Promise<void> {
  if (process.env.SMTP_URL) {
    await nodemailer.createTransport(process.env.SMTP_URL).sendMail({ from: FROM, ...mail })
    return
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail({ from: FROM, ...mail })
  const dir = process.env.OUTBOX_DIR ?? path.join(process.cwd(), '.outbox')
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`), info.message as Buffer)
}

/** After a commit, mail must not fail the user's action: a failure is logged (without the address) and dropped. */
export async function sendMailQuietly(mail: Mail, what: string): Promise<void> {
  try {
    await sendMail(mail)
  } catch (error) {
    logError(`mail.${what}`, error)
  }
}
