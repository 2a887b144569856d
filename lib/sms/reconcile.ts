import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { smsMessages } from '@/lib/db/schema'
import { settleExpired, type Expired } from '@/lib/delivery/attempt'
import { LEASES } from '@/lib/delivery/bounds'
import { move } from '@/lib/delivery/transitions'
import { smsTextToSend } from './sealed-body'
import { smsEncoded } from './smart-encoding'
import type { Handed, SmsTransport } from './transport'

export type ReconcileOutcome = 'reconciled' | 'unknown' | 'requeued' | 'moved'

/**
 * An SMS still `sending` past its attempt's lease (a worker killed, or a call whose answer never came):
 * - its attempt provably never called Twilio (no 'calling' marker): back to `queued`, with a new job, in one transaction;
 * - else Twilio is asked for the messages to that number with this text since the call began, less those already
 *   recorded for other messages (a status callback carrying our id records the provider's id on the right message, so
 *   a reminder sent twice a week is not taken for this one): exactly one left is this message, adopted, unless another
 *   message of the same number and text may also have reached Twilio unrecorded; none, more than one, or such a twin,
 *   and the message is `unknown`, shown to administrators under "Envois en échec" — never resent silently.
 */
export async function reconcileSms(
  db: DbOrTx,
  expired: Expired,
  transport: SmsTransport,
  at: Date,
): Promise<ReconcileOutcome> {
  if (!expired.called) return settleExpired(db, 'sms_messages', expired, at)
  const [row] = await db
    .select({ to: smsMessages.toNumber, body: smsMessages.body, sealedBody: smsMessages.sealedBody })
    .from(smsMessages)
    .where(and(eq(smsMessages.id, expired.id), eq(smsMessages.organisationId, expired.organisationId!)))
  if (!row) return 'moved'
  const since = expired.callingAt ?? expired.attemptStartedAt ?? at
  const found = await transport.findHanded(
    // The text as it was handed over (lib/sms/send-queued-sms.ts): the whole one, in its GSM-7 equivalents.
    { id: expired.id, to: row.to, body: smsEncoded(smsTextToSend(row)) },
    since,
  )
  const known = found.length
    ? new Set(
        (
          await db
            .select({ sid: smsMessages.providerSid })
            .from(smsMessages)
            .where(
              inArray(
                smsMessages.providerSid,
                found.map((f) => f.sid),
              ),
            )
        ).map((r) => r.sid),
      )
    : new Set<string | null>()
  const ours = found.filter((f) => !known.has(f.sid))
  if (ours.length === 1 && !(await twinUnresolved(db, expired, since))) {
    const adopted = await move(db, 'sms_messages', 'adopt', {
      to: ours[0]!.status,
      set: provided(ours[0]!, at),
      where: and(eq(smsMessages.id, expired.id), eq(smsMessages.attemptId, expired.attemptId)),
    })
    return adopted.length ? 'reconciled' : 'moved'
  }
  return settleExpired(db, 'sms_messages', expired, at)
}

/**
 * Another message to the same number with the same text whose attempt may also have reached Twilio, and whose fate is
 * not recorded either (no provider id): the one Twilio lists could be either, so neither is adopted — a person decides.
 * Its call may have begun up to one call's length before the window Twilio is asked about.
 */
async function twinUnresolved(db: DbOrTx, expired: Expired, since: Date): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select other.id from sms_messages other join sms_messages self on self.id = ${expired.id}
    where other.id <> self.id and other.organisation_id = self.organisation_id and other.direction = 'outbound'
      and other.to_number = self.to_number and other.body = self.body
      and other.status in ('sending', 'unknown') and other.provider_sid is null and other.calling_at is not null
      and other.calling_at > ${since.toISOString()}::timestamptz - make_interval(secs => ${60 + LEASES.sms_messages.callSeconds})
    limit 1`)
  return rows.length > 0
}

/** What the provider's word writes beside the status: its id and the time it left, each kept once known. */
const provided = (handed: Handed, at: Date) => ({
  providerSid: sql`coalesce(${smsMessages.providerSid}, ${handed.sid})`,
  sentAt: sql`coalesce(${smsMessages.sentAt}, ${at.toISOString()}::timestamptz)`,
  ...(handed.errorCode ? { errorCode: handed.errorCode } : {}),
  leaseUntil: null,
  statusAt: at,
})

/**
 * The attempt's own answer: the provider's id, and its status if that moves the message forward, written only if
 * `attemptId` still holds it.
 */
export async function recordHanded(
  db: DbOrTx,
  id: string,
  attemptId: string,
  handed: Handed,
  at: Date,
): Promise<boolean> {
  const rows = await move(db, 'sms_messages', 'handed', {
    to: handed.status,
    set: provided(handed, at),
    where: and(eq(smsMessages.id, id), eq(smsMessages.attemptId, attemptId)),
    orStay: true,
  })
  return rows.length === 1
}
