/** The two tables of outbound messages, which share the delivery columns (lib/delivery/attempt.ts). */
export type DeliveryTable = 'sms_messages' | 'outbound_mails'

export type Lease = {
  /** How long a claim holds the message. */
  leaseSeconds: number
  /** The longest provider call (its bound and a margin): the marker is written only if the lease outlives it. */
  callSeconds: number
}

/** The longest Twilio call: a total bound (an abort signal on the request), not an idle timer. */
export const SMS_CALL_TIMEOUT_MS = 10_000

/** nodemailer's own timers, each an idle or phase bound inside the whole exchange's. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 } as const
/** The longest SMTP exchange: a total bound (a timer that destroys the socket), whatever the server trickles. */
export const MAIL_CALL_TIMEOUT_MS = 25_000

/**
 * How long an attempt holds its message, and the longest provider call it may make (its total bound plus a margin for
 * the writes around it). The marker is written only while the lease outlives the call, and an expired attempt that
 * called is settled only once its marker is older than the call: never while the call may still be in flight.
 * Each lease stays under its job's expiry (lib/jobs/send-sms.ts, send-mail.ts).
 */
export const LEASES: Record<DeliveryTable, Lease> = {
  sms_messages: { leaseSeconds: 30, callSeconds: SMS_CALL_TIMEOUT_MS / 1000 + 5 },
  outbound_mails: { leaseSeconds: 45, callSeconds: MAIL_CALL_TIMEOUT_MS / 1000 + 5 },
}
