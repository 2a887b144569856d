'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, field, form, FORM, id } from '@/lib/frame/action'
import { failure } from '@/lib/frame/outcome'
import { saveNotice } from '@/lib/workshops/notice-templates'
import { DEFAULT_NOTICES, NOTICE_MESSAGES, noticeSchema } from '@/lib/workshops/notices'
import { batchReport, sendBulkSms } from './bulk-send'
import { cancelQueuedSms } from './cancel'
import { SMS_MESSAGES } from './messages'
import { bulkSchema, composeSchema, templateSchema } from './schemas'
import { sendSmsToCandidate } from './send-to-candidate'
import { createTemplate, setTemplateArchived, updateTemplate, type TemplateOutcome } from './templates'

const sender = {
  permission: 'candidate.sms.send',
  tenant: 'organisation',
  forbidden: SMS_MESSAGES.notAllowed,
  failed: SMS_MESSAGES.unexpected,
} as const
const BATCH_NOT_FOUND = 'Cet envoi est introuvable.'

/** The sheet's composer: one SMS, now (or at the next sending window) or at a chosen time. */
export const sendSmsAction = defineAction({
  ...sender,
  name: 'sms.send',
  input: z.tuple([z.unknown().pipe(composeSchema)]),
  run: async ({ user, organisationId, input: [input] }) => {
    const result = await sendSmsToCandidate(getDb(), { organisationId, authorId: user.id, input, now: now() })
    if (!result.ok) return failure(result.error)
    return { ok: true as const, scheduledFor: result.scheduledFor.toISOString(), moved: result.moved }
  },
})

/** "Annuler l'envoi" of a message still waiting. */
export const cancelSmsAction = defineAction({
  ...sender,
  name: 'sms.cancel',
  input: z.tuple([id(SMS_MESSAGES.cannotCancel)]),
  run: async ({ user, organisationId, input: [messageId] }) => {
    const cancelled = await cancelQueuedSms(getDb(), { organisationId, messageId, actorId: user.id, now: now() })
    return cancelled ? { ok: true as const } : failure(SMS_MESSAGES.cannotCancel)
  },
})

/** "Envoyer un SMS" on the dashboard's selection: queued in one transaction; the report follows with batchProgressAction. */
export const bulkSmsAction = defineAction({
  ...sender,
  name: 'sms.bulk',
  input: z.tuple([z.unknown().pipe(bulkSchema)]),
  run: async ({ user, organisationId, input: [input] }) =>
    sendBulkSms(getDb(), { organisationId, authorId: user.id, input, now: now() }),
})

export type BatchProgress = {
  ok: true
  done: boolean
  requested: number
  counts: { sent: number; failed: number; skipped: number; pending: number; scheduled: number }
  rows: {
    candidateId: string
    name: string
    outcome: 'pending' | 'sent' | 'failed' | 'skipped'
    reason: string | null
    scheduledFor: string | null
  }[]
}

/** A bulk send's progress and report (the organisation's batches only). */
export const batchProgressAction = defineAction({
  ...sender,
  name: 'sms.batch-progress',
  input: z.tuple([id(BATCH_NOT_FOUND)]),
  run: async ({ organisationId, input: [batchId] }) => {
    const report = await batchReport(getDb(), { organisationId, batchId, now: now() })
    if (!report) return failure(BATCH_NOT_FOUND)
    return {
      ok: true,
      done: report.done,
      requested: report.batch.requested,
      counts: report.counts,
      rows: report.rows.map((r) => ({ ...r, scheduledFor: r.scheduledFor?.toISOString() ?? null })),
    } satisfies BatchProgress
  },
})

export type TemplateFormState = {
  ok?: boolean
  message?: string
  error?: string
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
}

/** The organisation's SMS templates and workshop messages; a failed form shows what was typed again. */
const templates = {
  permission: 'settings.templates.modify',
  tenant: 'organisation',
  forbidden: 'Seuls les administrateurs modifient les modèles de SMS.',
  failed: 'Le modèle n’a pas pu être enregistré. Réessayez dans un instant.',
  echo: true,
} as const
const TEMPLATE_FORM = form((data) => ({ name: field(data, 'name'), body: field(data, 'body') }), templateSchema)
const TEMPLATE = id(SMS_MESSAGES.templateNotFound)

function templateAnswer(outcome: TemplateOutcome, message: string): TemplateFormState {
  if (outcome.ok) {
    revalidatePath('/v2/settings/templates')
    return { ok: true, message }
  }
  if ('notFound' in outcome) return { error: SMS_MESSAGES.templateNotFound }
  return { error: outcome.error, fieldErrors: outcome.field ? { [outcome.field]: outcome.error } : undefined }
}

export const createTemplateAction = defineAction({
  ...templates,
  name: 'sms.template.create',
  input: z.tuple([z.unknown(), TEMPLATE_FORM]),
  run: async ({ user, organisationId, input: [, values] }): Promise<TemplateFormState> =>
    templateAnswer(
      await createTemplate(getDb(), { id: user.id, organisationId }, values, now()),
      `Modèle «\u00a0${values.name}\u00a0» créé.`,
    ),
})

export const updateTemplateAction = defineAction({
  ...templates,
  name: 'sms.template.update',
  input: z.tuple([TEMPLATE, z.unknown(), TEMPLATE_FORM]),
  run: async ({ user, organisationId, input: [templateId, , values] }): Promise<TemplateFormState> =>
    templateAnswer(
      await updateTemplate(getDb(), { id: user.id, organisationId }, templateId, values, now()),
      'Modèle enregistré.',
    ),
})

export const setTemplateArchivedAction = defineAction({
  ...templates,
  name: 'sms.template.archive',
  input: z.tuple([TEMPLATE, z.boolean().catch(false)]),
  run: async ({ user, organisationId, input: [templateId, archived] }): Promise<TemplateFormState> =>
    templateAnswer(
      await setTemplateArchived(getDb(), { id: user.id, organisationId }, templateId, archived, now()),
      archived ? 'Modèle archivé\u00a0: il n’est plus proposé à l’envoi.' : 'Modèle restauré.',
    ),
})

/** "Messages des ateliers": an administrator rewrites one of the workshops' SMS, or goes back to Passerelle's text. */
export const saveWorkshopNoticeAction = defineAction({
  ...templates,
  name: 'sms.workshop-notice',
  echo: false,
  input: z.tuple([z.unknown(), z.boolean().catch(false), z.unknown(), FORM]),
  run: async ({ user, organisationId, input: [kind, reset, , data] }): Promise<TemplateFormState> => {
    const body = reset ? null : (field(data, 'body') ?? '')
    const parsed = noticeSchema.safeParse({ kind, body: body ?? DEFAULT_NOTICES.convocation })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      if (issue?.path[0] === 'kind') return { error: issue.message }
      return {
        error: 'Vérifiez le texte du message.',
        fieldErrors: { body: issue?.message ?? NOTICE_MESSAGES.empty },
        values: { body: body ?? '' },
      }
    }
    await saveNotice(
      getDb(),
      { id: user.id, organisationId },
      parsed.data.kind,
      body === null ? null : parsed.data.body,
      now(),
    )
    revalidatePath('/v2/settings/templates')
    return { ok: true, message: reset ? 'Le texte de Passerelle est rétabli.' : 'Message enregistré.' }
  },
})
