import { and, eq, isNull, sql } from 'drizzle-orm'
import { clsx } from 'clsx'
import { CheckCheck, Clock, MessageSquareReply, Send, TriangleAlert, Ban } from 'lucide-react'
import Link from '@/components/ui/link'
import { EmptyState } from '@/components/ui/empty-state'
import { getCurrentUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { formatDateTime, formatPhone } from '@/lib/format'
import { getDb } from '@/lib/db/client'
import { notifications, smsMessages } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { can } from '@/lib/permissions'
import { NOT_A_MOBILE } from '@/lib/sms/mobile-number'
import { listTemplates, smsRecipient, smsThread, type ThreadMessage } from '@/lib/sms/queries'
import { SMS_STATUS_TONES, StatusBadge } from '@/components/ui/status-badge'
import { SMS_STATUS_LABELS, smsErrorLabel } from '@/lib/sms/status'
import { CancelSmsButton } from './cancel-sms-button'
import { RefreshWhilePending } from './refresh-while-pending'
import { templateValues } from '@/lib/sms/template-variables'
import { SmsComposer } from './sms-composer'

const STATUS_ICON = {
  queued: Clock,
  sending: Send,
  sent: Send,
  delivered: CheckCheck,
  undelivered: TriangleAlert,
  failed: TriangleAlert,
  cancelled: Ban,
  received: MessageSquareReply,
  unknown: TriangleAlert,
}

/**
 * The sheet's "SMS" section: the whole conversation with the candidate (sent and received, author, date, status) and
 * the composer. Only for the candidate's organisation (partners never see a candidate's SMS); writing needs
 * candidate.sms.send. Opening it marks the writer's reply notices for this candidate read.
 */
export async function SheetSms({
  organisationId,
  candidateId,
  before,
}: {
  organisationId: string
  candidateId: string
  before?: string
}) {
  const db = getDb()
  const user = await getCurrentUser()
  if (!user || user.organisationId !== organisationId) return null
  const canSend = can(user, 'candidate.sms.send')
  const cursor = before && isUuid(before) ? await cursorOf(organisationId, candidateId, before) : null
  const [recipient, thread, templates] = await Promise.all([
    smsRecipient(db, organisationId, candidateId),
    smsThread(db, { organisationId, candidateId, before: cursor }),
    canSend ? listTemplates(getDb(), organisationId) : [],
  ])
  if (!recipient) return null
  await db
    .update(notifications)
    .set({ readAt: now() })
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.kind, 'smsReply'),
        isNull(notifications.readAt),
        sql`${notifications.payload}->>'candidateId' = ${candidateId}`,
      ),
    )

  const at = now().getTime()
  const messages = [...thread.messages].reverse()
  const last = thread.messages[0]
  const pending =
    !cursor &&
    (thread.messages.some(
      (m) =>
        m.status === 'sending' ||
        m.status === 'sent' ||
        (m.status === 'queued' && m.scheduledFor.getTime() < at + 60_000),
    ) ||
      (last?.direction === 'outbound' && at - last.createdAt.getTime() < 5 * 60_000))
  const name = `${recipient.firstName} ${recipient.lastName}`
  const blocked = recipient.optedOutAt
    ? `${name} a demandé à ne plus recevoir de SMS (STOP le ${formatDateTime(recipient.optedOutAt)}) : aucun message ne peut lui être envoyé. S’il répond START, les envois reprendront.`
    : !recipient.smsNumber
      ? `${NOT_A_MOBILE} : ${recipient.phone ? `le numéro ${formatPhone(recipient.phone)} n’est pas un mobile valide` : 'aucun numéro n’est renseigné'}. Corrigez-le dans l’identité du candidat.`
      : null

  return (
    <section aria-labelledby="sheet-sms" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sheet-sms" className="text-lg font-semibold text-slate-900">
          SMS
        </h2>
        <p className="text-sm text-slate-700">
          {recipient.smsNumber ? `Mobile : ${formatPhone(recipient.phone)}` : 'Pas de mobile'}
        </p>
      </div>
      <RefreshWhilePending pending={pending} />
      {thread.hasMore && (
        <p>
          <Link
            href={`/v2/candidate/${candidateId}/sms?avant=${thread.messages[thread.messages.length - 1]!.id}`}
            className="text-sm"
          >
            Messages précédents
          </Link>
        </p>
      )}
      {cursor && (
        <p>
          <Link href={`/v2/candidate/${candidateId}/sms`} className="text-sm">
            Revenir aux derniers messages
          </Link>
        </p>
      )}
      {messages.length === 0 ? (
        <EmptyState title="Aucun SMS échangé avec ce candidat.">
          {canSend && !blocked
            ? 'Écrivez-lui ci-dessous : ses réponses s’afficheront ici.'
            : 'Les messages envoyés et ses réponses s’afficheront ici.'}
        </EmptyState>
      ) : (
        <ol aria-label={`Conversation avec ${name}`} className="flex flex-col gap-3">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} canCancel={canSend} />
          ))}
        </ol>
      )}
      {blocked && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {blocked}
        </p>
      )}
      {canSend && !blocked && (
        <SmsComposer
          candidateId={candidateId}
          templates={templates.map((t) => ({ id: t.id, name: t.name, body: t.body }))}
          hours={recipient.hours}
          values={templateValues({
            candidate: recipient,
            referent:
              recipient.referentFirstName !== null
                ? {
                    firstName: recipient.referentFirstName,
                    lastName: recipient.referentLastName,
                    phone: recipient.referentPhone,
                  }
                : null,
            sender: {
              firstName: user.firstName,
              lastName: user.lastName,
              phone: (user as { phone?: string | null }).phone ?? null,
            },
            organisationName: recipient.organisationName,
          })}
        />
      )}
    </section>
  )
}

async function cursorOf(organisationId: string, candidateId: string, id: string) {
  const [row] = await getDb()
    .select({ createdAt: smsMessages.createdAt, id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.id, id),
        eq(smsMessages.organisationId, organisationId),
        eq(smsMessages.candidateId, candidateId),
      ),
    )
  return row ?? null
}

function MessageItem({ message: m, canCancel }: { message: ThreadMessage; canCancel: boolean }) {
  const inbound = m.direction === 'inbound'
  const Icon = STATUS_ICON[m.status]
  const author = inbound
    ? 'Réponse du candidat'
    : m.authorFirstName !== null
      ? `${m.authorFirstName} ${m.authorLastName ?? ''}`.trim()
      : 'Envoi automatique'
  const problem = m.status === 'failed' || m.status === 'undelivered' || m.status === 'unknown'
  const scheduled = m.status === 'queued'
  return (
    <li className={clsx('flex', inbound ? 'justify-start' : 'justify-end')}>
      <article
        aria-label={`${author}, ${formatDateTime(m.createdAt)}`}
        className={clsx(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm sm:max-w-[70%]',
          inbound ? 'border border-slate-200 bg-white' : problem ? 'border border-red-200 bg-red-50' : 'bg-brand-50',
        )}
      >
        <p className="text-xs text-slate-700">
          <span className="font-medium text-slate-900">{author}</span> ·{' '}
          <time dateTime={m.createdAt.toISOString()}>{formatDateTime(m.createdAt)}</time>
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{m.body}</p>
        {!inbound && (
          <p
            className={clsx(
              'mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs',
              problem ? 'text-red-800' : 'text-slate-700',
            )}
          >
            <StatusBadge tone={SMS_STATUS_TONES[m.status]} className="inline-flex items-center gap-1">
              <Icon aria-hidden size={14} />
              <span data-testid="sms-status">{SMS_STATUS_LABELS[m.status]}</span>
            </StatusBadge>
            {scheduled && <span>départ le {formatDateTime(m.scheduledFor)}</span>}
            {problem && smsErrorLabel(m.errorCode) && <span>: {smsErrorLabel(m.errorCode)}</span>}
            {m.segments > 1 && <span>· {m.segments} SMS</span>}
            {scheduled && canCancel && <CancelSmsButton messageId={m.id} when={formatDateTime(m.scheduledFor)} />}
          </p>
        )}
      </article>
    </li>
  )
}
