import { and, eq, isNull } from 'drizzle-orm'
import { addElapsedDays } from '@/lib/dates'
import type { Db } from '@/lib/db/client'
import { smsTemplates } from '@/lib/db/schema'
import { NOT_A_MOBILE } from './mobile-number'
import { SMS_MESSAGES } from './messages'
import { queueSms, type SkipReason } from './queue-sms'
import type { ComposeInput } from './schemas'

export type SendToCandidateResult =
  { ok: true; messageId: string; scheduledFor: Date; moved: boolean } | { ok: false; error: string }

const REASONS: Record<SkipReason, string> = {
  noMobile: NOT_A_MOBILE,
  optedOut: SMS_MESSAGES.optedOut,
  empty: SMS_MESSAGES.empty,
  notFound: SMS_MESSAGES.notFound,
  tooLong: SMS_MESSAGES.tooLongRaw,
}

/** Checks a chosen time: not in the past (a minute's grace), within a year. */
export function scheduleError(at: Date | null | undefined, now: Date): string | null {
  if (!at) return null
  if (at.getTime() < now.getTime() - 60_000) return SMS_MESSAGES.schedulePast
  if (at > addElapsedDays(now, 366)) return SMS_MESSAGES.scheduleTooFar
  return null
}

/**
 * The sheet's composer: one SMS to a candidate of the organisation, queued (with its job and audit row) in one
 * transaction. Refused with a French message and nothing written: another organisation's candidate or template, an
 * opted-out candidate, a number that cannot receive SMS, a text over 6 SMS once its variables are filled, a past time.
 * A time outside the organisation's sending hours moves to the next window (`moved`).
 */
export async function sendSmsToCandidate(
  db: Db,
  params: { organisationId: string; authorId: string; input: ComposeInput; now: Date },
): Promise<SendToCandidateResult> {
  const { organisationId, input, now } = params
  const timeError = scheduleError(input.scheduledFor, now)
  if (timeError) return { ok: false, error: timeError }
  return db.transaction(async (tx) => {
    if (input.templateId) {
      const [template] = await tx
        .select({ id: smsTemplates.id })
        .from(smsTemplates)
        .where(
          and(
            eq(smsTemplates.id, input.templateId),
            eq(smsTemplates.organisationId, organisationId),
            isNull(smsTemplates.archivedAt),
          ),
        )
      if (!template) return { ok: false, error: SMS_MESSAGES.templateNotFound } as const
    }
    const requested = input.scheduledFor ?? now
    const [outcome] = await queueSms(tx, {
      organisationId,
      authorId: params.authorId,
      kind: 'sheet',
      candidateIds: [input.candidateId],
      text: input.text,
      templateId: input.templateId ?? null,
      scheduledFor: input.scheduledFor ?? null,
      now,
    })
    if (!outcome) return { ok: false, error: SMS_MESSAGES.notFound } as const
    if (!outcome.ok)
      return {
        ok: false,
        error:
          outcome.reason === 'tooLong' && outcome.segments
            ? SMS_MESSAGES.tooLong(outcome.segments)
            : REASONS[outcome.reason],
      } as const
    return {
      ok: true,
      messageId: outcome.messageId,
      scheduledFor: outcome.scheduledFor,
      moved: outcome.scheduledFor.getTime() !== requested.getTime(),
    } as const
  })
}
