import { clsx } from 'clsx'
import { Icon, type IconName } from '@/components/ui/icon'
import Link from '@/components/ui/link'
import { EmptyState } from '@/components/ui/empty-state'
import { SMS_STATUS_TONES, StatusBadge } from '@/components/ui/status-badge'
import type { SheetSmsData } from '@/lib/candidates/sheet/sms'
import { formatDateTime } from '@/lib/dates'
import { fullName } from '@/lib/person-name'
import { formatPhone } from '@/lib/phone'
import { NOT_A_MOBILE } from '@/lib/sms/mobile-number'
import type { ThreadMessage } from '@/lib/sms/queries'
import { SMS_STATUS_LABELS, smsErrorLabel } from '@/lib/sms/status'
import { CancelSmsButton } from './cancel-sms-button'
import { RefreshWhilePending } from './refresh-while-pending'
import { SmsComposer } from './sms-composer'

const STATUS_ICON: Record<ThreadMessage['status'], IconName> = {
  queued: 'clock',
  sending: 'send',
  sent: 'send',
  delivered: 'check-check',
  undelivered: 'triangle-exclamation-point',
  failed: 'triangle-exclamation-point',
  cancelled: 'ban',
  received: 'message-square-reply',
  unknown: 'triangle-exclamation-point',
}

/**
 * The sheet's "SMS" section: the whole conversation with the candidate (sent and received, author, date, status) and,
 * for a user who may write (candidate.sms.send: `composer`), the composer. Only for the candidate's organisation
 * (partners never see a candidate's SMS).
 */
export function SheetSms({
  candidateId,
  recipient,
  messages,
  olderThan,
  paged,
  pending,
  composer,
}: SheetSmsData & { candidateId: string }) {
  const canSend = composer !== null
  const name = fullName(recipient)
  const blocked = recipient.optedOutAt
    ? `${name} a demandé à ne plus recevoir de SMS (STOP le ${formatDateTime(recipient.optedOutAt)})\u00a0: aucun message ne peut lui être envoyé. S’il répond START, les envois reprendront.`
    : !recipient.smsNumber
      ? `${NOT_A_MOBILE}\u00a0: ${recipient.phone ? `le numéro ${formatPhone(recipient.phone)} n’est pas un mobile valide` : 'aucun numéro n’est renseigné'}. Corrigez-le dans l’identité du candidat.`
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
      {olderThan && (
        <p>
          <Link href={`/v2/candidate/${candidateId}/sms?avant=${olderThan}`} className="text-sm">
            Messages précédents
          </Link>
        </p>
      )}
      {paged && (
        <p>
          <Link href={`/v2/candidate/${candidateId}/sms`} className="text-sm">
            Revenir aux derniers messages
          </Link>
        </p>
      )}
      {messages.length === 0 ? (
        <EmptyState title="Aucun SMS échangé avec ce candidat.">
          {canSend && !blocked
            ? 'Écrivez-lui ci-dessous\u00a0: ses réponses s’afficheront ici.'
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
      {composer && !blocked && (
        <SmsComposer
          candidateId={candidateId}
          templates={composer.templates}
          hours={recipient.hours}
          values={composer.values}
        />
      )}
    </section>
  )
}

function MessageItem({ message: m, canCancel }: { message: ThreadMessage; canCancel: boolean }) {
  const inbound = m.direction === 'inbound'
  const author = inbound
    ? 'Réponse du candidat'
    : m.authorFirstName !== null
      ? fullName({ firstName: m.authorFirstName, lastName: m.authorLastName })
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
              <Icon name={STATUS_ICON[m.status]} size={14} />
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
