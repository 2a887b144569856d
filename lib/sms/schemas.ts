import { z } from 'zod'
import { isDateTimeInput, parisDateTimeToInstant } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'
import { SMS_MESSAGES } from './messages'
import { MAX_SEGMENTS, smsLength } from './segments'
import { unknownVariables } from './template-variables'
import { text as safeText } from '@/lib/text/safe-text'

/** A text as typed (template variables not yet filled): 2 000 characters at most before any count. */
export const TEXT_MAX_LENGTH = 2000

const text = safeText({ error: SMS_MESSAGES.empty })
  .max(TEXT_MAX_LENGTH, SMS_MESSAGES.tooLongRaw)
  .refine((v) => v.trim().length > 0, SMS_MESSAGES.empty)
  .superRefine((v, ctx) => {
    const unknown = unknownVariables(v)
    if (unknown.length) ctx.addIssue({ code: 'custom', message: SMS_MESSAGES.unknownVariables(unknown) })
  })

/** A template's text: known variables only, and no more than 6 SMS as written (the values may add to it). */
export const templateSchema = z.object({
  name: safeText({ error: SMS_MESSAGES.templateNameRequired })
    .trim()
    .min(1, SMS_MESSAGES.templateNameRequired)
    .max(100, SMS_MESSAGES.templateNameTooLong),
  body: text.superRefine((v, ctx) => {
    const { segments } = smsLength(v.trim())
    if (segments > MAX_SEGMENTS) ctx.addIssue({ code: 'custom', message: SMS_MESSAGES.tooLong(segments) })
  }),
})
export type TemplateInput = z.infer<typeof templateSchema>

/** A chosen sending time, as a datetime-local field gives it ('2026-11-25T09:30'), in Paris time. */
const scheduledFor = safeText()
  .trim()
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null
    if (!isDateTimeInput(v)) {
      ctx.addIssue({ code: 'custom', message: SMS_MESSAGES.scheduleInvalid })
      return z.NEVER
    }
    return parisDateTimeToInstant(v)
  })

const uuid = (message: string) => z.uuid({ message })

/** The sheet's composer. */
export const composeSchema = z.object({
  candidateId: uuid(SMS_MESSAGES.notFound),
  text,
  templateId: uuid(SMS_MESSAGES.templateNotFound).nullable().optional(),
  scheduledFor,
})
export type ComposeInput = z.infer<typeof composeSchema>

/** Most candidates one bulk send takes (as the dashboard's other bulk actions). */
export const BULK_SMS_MAX = 5000

/** The dashboard's "Envoyer un SMS" on a selection. */
export const bulkSchema = z.object({
  candidateIds: z
    .array(uuid(SMS_MESSAGES.noSelection), { message: SMS_MESSAGES.noSelection })
    .min(1, SMS_MESSAGES.noSelection)
    .max(BULK_SMS_MAX, `Sélectionnez au plus ${formatNumber(BULK_SMS_MAX)} candidats à la fois.`)
    .transform((ids) => [...new Set(ids)]),
  text,
  templateId: uuid(SMS_MESSAGES.templateNotFound).nullable().optional(),
})
export type BulkInput = z.infer<typeof bulkSchema>
