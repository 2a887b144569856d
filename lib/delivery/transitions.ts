import { and, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '@/lib/db/client'
import { mailStatusEnum, outboundMails, smsMessages, smsStatusEnum } from '@/lib/db/schema'
import type { DeliveryTable } from './bounds'

export type SmsStatus = (typeof smsStatusEnum.enumValues)[number]
export type MailStatus = (typeof mailStatusEnum.enumValues)[number]
export type StatusOf<T extends DeliveryTable> = T extends 'sms_messages' ? SmsStatus : MailStatus

/**
 * Every status move of an outbound message, by event: each state the event may reach, and the states it may leave
 * for it. `move` below is the only writer of these tables' statuses, and its `where status in (…)` is read from here.
 * What else an event checks (the attempt that holds the message, its lease, its marker) is said where it is written
 * (lib/delivery/attempt.ts). Inbound SMS are written `received` and never move.
 */
export const TRANSITIONS = {
  sms_messages: {
    /** A worker takes it for an attempt: waiting, or held by an attempt whose lease passed before it called. */
    claim: { sending: ['queued', 'sending'] },
    /** The attempt's 'calling' marker, committed just before the provider call. */
    call: { sending: ['sending'] },
    /** It waits longer: for the next sending window, or for its rate slot. */
    hold: { queued: ['queued'] },
    /** The provider answered that it did not take it (408, 429, 503): another attempt may send it. */
    release: { queued: ['sending'] },
    /** Its attempt's lease passed and the attempt provably never called: sent again. */
    requeue: { queued: ['sending'] },
    /** Its attempt's lease passed after it may have called, and there is nothing to adopt: a person decides. */
    lose: { unknown: ['sending'] },
    /** A permanent refusal, or the last attempt's refusal for now. */
    fail: { failed: ['sending'] },
    /** The candidate opted out before any attempt. */
    refuse: { failed: ['queued'] },
    /**
     * The attempt's own answer, while the attempt holds it: the provider's id always, the status only forward (a
     * callback may have come first).
     */
    handed: {
      sending: ['sending'],
      sent: ['sending', 'unknown'],
      delivered: ['sending', 'unknown', 'sent'],
      undelivered: ['sending', 'unknown', 'sent'],
      failed: ['sending', 'unknown', 'sent'],
    },
    /** The reconcile adopts the one message the provider lists for an expired attempt. */
    adopt: {
      sending: ['sending'],
      sent: ['sending'],
      delivered: ['sending'],
      undelivered: ['sending'],
      failed: ['sending'],
    },
    /**
     * A status callback, or the status asked for when the callbacks were lost: forward only, a late or repeated one
     * changes nothing. From `queued` too: a late callback of an earlier attempt shows that a message a person sent
     * again has arrived already.
     */
    report: {
      sent: ['queued', 'sending', 'unknown'],
      delivered: ['queued', 'sending', 'unknown', 'sent'],
      undelivered: ['queued', 'sending', 'unknown', 'sent'],
      failed: ['queued', 'sending', 'unknown', 'sent'],
    },
    /** "Annuler l'envoi", before any worker took it. */
    cancel: { cancelled: ['queued'] },
    /** "Renvoyer", by a person, once it failed or its fate is unknown (the only way out of `unknown` but the provider's). */
    resend: { queued: ['failed', 'unknown'] },
  },
  outbound_mails: {
    claim: { sending: ['queued', 'sending'] },
    call: { sending: ['sending'] },
    release: { queued: ['sending'] },
    requeue: { queued: ['sending'] },
    lose: { unknown: ['sending'] },
    fail: { failed: ['sending'] },
    /** The server took it (an attempt the sweep could not wait for, `unknown`, may still end here). */
    handed: { sent: ['sending', 'unknown'] },
    resend: { queued: ['failed', 'unknown'] },
  },
} as const satisfies {
  sms_messages: Record<string, Partial<Record<SmsStatus, readonly SmsStatus[]>>>
  outbound_mails: Record<string, Partial<Record<MailStatus, readonly MailStatus[]>>>
}

type Transitions = typeof TRANSITIONS
export type DeliveryEvent<T extends DeliveryTable> = keyof Transitions[T] & string
export type Target<T extends DeliveryTable, E extends DeliveryEvent<T>> = keyof Transitions[T][E] & StatusOf<T>

/** The states `event` may leave for `to`; none when the table has no such move. */
export function fromStates<T extends DeliveryTable>(t: T, event: string, to: string): readonly StatusOf<T>[] {
  const targets = (TRANSITIONS[t] as Record<string, Record<string, readonly StatusOf<T>[]>>)[event]
  return targets?.[to] ?? []
}

/** The events that move a message of `t` from one state to another (the unit test reads the whole table with it). */
export function eventsBetween(t: DeliveryTable, from: string, to: string): string[] {
  return Object.keys(TRANSITIONS[t]).filter((event) => fromStates(t, event, to).includes(from as never))
}

const TABLES = { sms_messages: smsMessages, outbound_mails: outboundMails } as const
const ENUMS = { sms_messages: smsStatusEnum.enumName, outbound_mails: mailStatusEnum.enumName } as const

/** The delivery columns both tables share (lib/delivery/attempt.ts writes them for either). */
export const deliveryColumns = (t: DeliveryTable) => TABLES[t] as unknown as typeof smsMessages

type TableOf<T extends DeliveryTable> = (typeof TABLES)[T]
export type DeliveryRow<T extends DeliveryTable> = TableOf<T>['$inferSelect']
export type DeliverySet<T extends DeliveryTable> = Omit<PgUpdateSetSource<TableOf<T>>, 'status'>

/**
 * The one guarded update of a message's status: `event` moves the rows of `where` to `to` only from the states the
 * table allows (`where status in (…)`), writing `set` with it, and returns the rows it moved. `orStay`: the rows of
 * `where` are written whatever their status, which moves only if the table allows it (an attempt's answer records the
 * provider's id even when a callback already moved the message further). A move the table does not have throws.
 */
export async function move<T extends DeliveryTable, E extends DeliveryEvent<T>>(
  db: DbOrTx,
  t: T,
  event: E,
  args: { to: Target<T, E>; where: SQL | undefined; set?: DeliverySet<T>; orStay?: boolean },
): Promise<DeliveryRow<T>[]> {
  const from = fromStates(t, event, args.to)
  if (from.length === 0) throw new Error(`${t}: no ${event} move to ${args.to}`)
  const table = deliveryColumns(t)
  const listed = sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  )
  const status = args.orStay
    ? sql`case when ${table.status} in (${listed}) then ${args.to}::${sql.raw(ENUMS[t])} else ${table.status} end`
    : args.to
  const rows = await db
    .update(table)
    .set({ ...(args.set as PgUpdateSetSource<typeof smsMessages>), status: status as SmsStatus })
    .where(args.orStay ? args.where : and(inArray(table.status, from as SmsStatus[]), args.where))
    .returning()
  return rows as DeliveryRow<T>[]
}
