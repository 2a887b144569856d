'use server'

import { formOf } from '@/lib/forms/form-of'
import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { logError } from '@/lib/log'
import { saveNotice } from '@/lib/workshops/notice-templates'
import { DEFAULT_NOTICES, NOTICE_MESSAGES, noticeSchema } from '@/lib/workshops/notices'
import { can, type Permission } from '@/lib/permissions'
import { batchReport, sendBulkSms } from './bulk-send'
import { cancelQueuedSms } from './cancel'
import { SMS_MESSAGES } from './messages'
import { bulkSchema, composeSchema, smsFieldErrors, templateSchema } from './schemas'
import { sendSmsToCandidate } from './send-to-candidate'
import { createTemplate, setTemplateArchived, updateTemplate, type TemplateOutcome } from './templates'

type Failure = { ok: false; error?: string; fieldErrors?: Record<string, string> }

/** The signed-in organisation user holding `permission`, or null (fail closed). */
async function userWith(permission: Permission) {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, permission)) return null
  return user as typeof user & { organisationId: string }
}

async function guarded<T>(what: string, work: () => Promise<T | Failure>): Promise<T | Failure> {
  try {
    return await work()
  } catch (error) {
    logError(`sms.${what}`, error)
    return { ok: false, error: SMS_MESSAGES.unexpected }
  }
}

/** The sheet's composer: one SMS, now (or at the next sending window) or at a chosen time. */
export async function sendSmsAction(
  input: unknown,
): Promise<{ ok: true; scheduledFor: string; moved: boolean } | Failure> {
  const user = await userWith('candidate.sms.send')
  if (!user) return { ok: false, error: SMS_MESSAGES.notAllowed }
  const parsed = composeSchema.safeParse(input)
  if (!parsed.success) return { ok: false, fieldErrors: smsFieldErrors(parsed.error) }
  return guarded('send', async () => {
    const result = await sendSmsToCandidate(getDb(), {
      organisationId: user.organisationId,
      authorId: user.id,
      input: parsed.data,
      now: now(),
    })
    if (!result.ok) return { ok: false, error: result.error }
    return { ok: true, scheduledFor: result.scheduledFor.toISOString(), moved: result.moved }
  })
}

/** "Annuler l'envoi" of a message still waiting. */
export async function cancelSmsAction(messageId: unknown): Promise<{ ok: true } | Failure> {
  const user = await userWith('candidate.sms.send')
  if (!user) return { ok: false, error: SMS_MESSAGES.notAllowed }
  if (typeof messageId !== 'string' || !isUuid(messageId)) return { ok: false, error: SMS_MESSAGES.cannotCancel }
  return guarded('cancel', async () => {
    const cancelled = await cancelQueuedSms(getDb(), {
      organisationId: user.organisationId,
      messageId,
      actorId: user.id,
      now: now(),
    })
    return cancelled ? { ok: true as const } : { ok: false, error: SMS_MESSAGES.cannotCancel }
  })
}

/** "Envoyer un SMS" on the dashboard's selection: queued in one transaction; the report follows with batchProgressAction. */
export async function bulkSmsAction(
  input: unknown,
): Promise<{ ok: true; batchId: string; queued: number; skipped: number } | Failure> {
  const user = await userWith('candidate.sms.send')
  if (!user) return { ok: false, error: SMS_MESSAGES.notAllowed }
  const parsed = bulkSchema.safeParse(input)
  if (!parsed.success) return { ok: false, fieldErrors: smsFieldErrors(parsed.error) }
  return guarded('bulk', async () =>
    sendBulkSms(getDb(), { organisationId: user.organisationId, authorId: user.id, input: parsed.data, now: now() }),
  )
}

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
export async function batchProgressAction(batchId: unknown): Promise<BatchProgress | Failure> {
  const user = await userWith('candidate.sms.send')
  if (!user) return { ok: false, error: SMS_MESSAGES.notAllowed }
  if (typeof batchId !== 'string' || !isUuid(batchId)) return { ok: false, error: 'Cet envoi est introuvable.' }
  return guarded('batch-progress', async () => {
    const report = await batchReport(getDb(), { organisationId: user.organisationId, batchId, now: now() })
    if (!report) return { ok: false, error: 'Cet envoi est introuvable.' }
    return {
      ok: true as const,
      done: report.done,
      requested: report.batch.requested,
      counts: report.counts,
      rows: report.rows.map((r) => ({ ...r, scheduledFor: r.scheduledFor?.toISOString() ?? null })),
    }
  })
}

export type TemplateFormState = {
  ok?: boolean
  message?: string
  error?: string
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
}

const field = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : undefined
}

function templateAnswer(outcome: TemplateOutcome, message: string, formData?: FormData): TemplateFormState {
  if (outcome.ok) return { ok: true, message }
  const values = formData ? { name: field(formData, 'name') ?? '', body: field(formData, 'body') ?? '' } : undefined
  if ('notFound' in outcome) return { error: SMS_MESSAGES.templateNotFound, values }
  return { error: outcome.error, fieldErrors: outcome.field ? { [outcome.field]: outcome.error } : undefined, values }
}

async function templateAction(
  what: string,
  formData: FormData | null,
  work: (user: { id: string; organisationId: string }) => Promise<TemplateFormState>,
): Promise<TemplateFormState> {
  const user = await userWith('settings.templates.modify')
  if (!user) return { error: 'Seuls les administrateurs modifient les modèles de SMS.' }
  try {
    const state = await work(user)
    if (state.ok) revalidatePath('/v2/settings/templates')
    return state
  } catch (error) {
    logError(`sms.template.${what}`, error)
    return {
      error: 'Le modèle n’a pas pu être enregistré. Réessayez dans un instant.',
      values: formData ? { name: field(formData, 'name') ?? '', body: field(formData, 'body') ?? '' } : undefined,
    }
  }
}

export async function createTemplateAction(_prev: TemplateFormState, formData: FormData): Promise<TemplateFormState> {
  formData = formOf(formData)
  return templateAction('create', formData, async (user) => {
    const parsed = templateSchema.safeParse({ name: field(formData, 'name'), body: field(formData, 'body') })
    if (!parsed.success)
      return {
        error: 'Vérifiez les champs signalés.',
        fieldErrors: smsFieldErrors(parsed.error),
        values: { name: field(formData, 'name') ?? '', body: field(formData, 'body') ?? '' },
      }
    return templateAnswer(
      await createTemplate(getDb(), user, parsed.data, now()),
      `Modèle « ${parsed.data.name} » créé.`,
      formData,
    )
  })
}

export async function updateTemplateAction(
  id: string,
  _prev: TemplateFormState,
  formData: FormData,
): Promise<TemplateFormState> {
  formData = formOf(formData)
  return templateAction('update', formData, async (user) => {
    if (!isUuid(id)) return { error: SMS_MESSAGES.templateNotFound }
    const parsed = templateSchema.safeParse({ name: field(formData, 'name'), body: field(formData, 'body') })
    if (!parsed.success)
      return {
        error: 'Vérifiez les champs signalés.',
        fieldErrors: smsFieldErrors(parsed.error),
        values: { name: field(formData, 'name') ?? '', body: field(formData, 'body') ?? '' },
      }
    return templateAnswer(await updateTemplate(getDb(), user, id, parsed.data, now()), 'Modèle enregistré.', formData)
  })
}

export async function setTemplateArchivedAction(id: string, archived: boolean): Promise<TemplateFormState> {
  return templateAction('archive', null, async (user) => {
    if (!isUuid(id)) return { error: SMS_MESSAGES.templateNotFound }
    return templateAnswer(
      await setTemplateArchived(getDb(), user, id, archived === true, now()),
      archived ? 'Modèle archivé : il n’est plus proposé à l’envoi.' : 'Modèle restauré.',
    )
  })
}

/** "Messages des ateliers": an administrator rewrites one of the workshops' SMS, or goes back to Passerelle's text. */
export async function saveWorkshopNoticeAction(
  kind: string,
  reset: boolean,
  _prev: TemplateFormState,
  formData: FormData,
): Promise<TemplateFormState> {
  formData = formOf(formData)
  const body = reset ? null : (field(formData, 'body') ?? '')
  return templateAction('workshopNotice', reset ? null : formData, async (user) => {
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
    await saveNotice(getDb(), user, parsed.data.kind, body === null ? null : parsed.data.body, now())
    return { ok: true, message: reset ? 'Le texte de Passerelle est rétabli.' : 'Message enregistré.' }
  })
}
