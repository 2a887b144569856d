import { seal } from '@/lib/crypto/sealed'
import type { DbOrTx } from '@/lib/db/client'
import { outboundMails } from '@/lib/db/schema'
import { enqueue } from '@/lib/queue/enqueue'
import type { Mail } from './mailer'

export type QueuedMail = Mail & {
  /** What it is, shown to administrators when it failed ('reset-password', 'fup-answer'…). */
  kind: string
  organisationId?: string | null
  structureId?: string | null
}

/**
 * Writes mails and their send jobs on `db`: call it with the transaction of the change that causes them, so that a
 * rollback leaves no mail and a commit loses none (the worker sends them, with retries). Returns their ids.
 */
export async function queueMail(db: DbOrTx, mails: QueuedMail | QueuedMail[]): Promise<string[]> {
  const list = Array.isArray(mails) ? mails : [mails]
  if (list.length === 0) return []
  const rows = await db
    .insert(outboundMails)
    .values(
      list.map((m) => ({
        kind: m.kind,
        organisationId: m.organisationId ?? null,
        structureId: m.structureId ?? null,
        toAddress: m.to,
        subject: m.subject,
        sealedText: seal(m.text),
      })),
    )
    .returning({ id: outboundMails.id })
  await enqueue(
    db,
    rows.map((r) => ({ queue: 'send-mail', data: { mailId: r.id } })),
  )
  return rows.map((r) => r.id)
}
