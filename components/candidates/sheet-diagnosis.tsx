import { SendDiagnosisButton } from '@/components/diagnosis/send-diagnosis-button'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import type { SheetDiagnosisData } from '@/lib/candidates/sheet/diagnosis'
import { levelLabel } from '@/lib/diagnosis/choices'
import { formatDate, formatDateTime } from '@/lib/dates'

/**
 * The sheet's "Diagnostic" section: the latest completed diagnosis, its date and author, its barriers,
 * and what changed since the previous one; the diagnosis under way (a draft, a link sent, answers to review).
 */
export function SheetDiagnosis({
  underWay,
  latest,
  found,
  previous,
  changes,
  candidateId,
  canModify,
}: SheetDiagnosisData & { candidateId: string; canModify: boolean }) {
  return (
    <section aria-labelledby="sheet-diagnosis" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sheet-diagnosis" className="text-lg font-semibold">
          Diagnostic
        </h2>
        {canModify && (
          <div className="flex flex-wrap gap-2">
            <Link href={`/diagnosis/${candidateId}`} className={buttonClass('primary', 'px-3 py-1.5')}>
              {underWay?.status === 'toReview'
                ? 'Relire les réponses'
                : underWay?.status === 'draft'
                  ? 'Reprendre le diagnostic'
                  : 'Faire un diagnostic'}
            </Link>
            {underWay?.status !== 'toReview' && (
              <SendDiagnosisButton candidateId={candidateId} again={underWay?.status === 'sent'} />
            )}
          </div>
        )}
      </div>
      {underWay && (
        <p className="rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          {underWay.status === 'draft' && (
            <>Un diagnostic est en cours (enregistré le {formatDateTime(underWay.updatedAt)}).</>
          )}
          {underWay.status === 'sent' && (
            <>
              Questionnaire envoyé au candidat par SMS, en attente de ses réponses (lien valable jusqu’au{' '}
              {formatDateTime(underWay.tokenExpiresAt)}).
            </>
          )}
          {underWay.status === 'toReview' && (
            <>
              Le candidat a répondu au questionnaire le {formatDateTime(underWay.answeredAt)}&nbsp;: ses réponses
              attendent votre relecture.
            </>
          )}
        </p>
      )}
      {!latest ? (
        <EmptyState title="Aucun diagnostic.">
          Faites le diagnostic avec le candidat, ou envoyez-lui le questionnaire par SMS.
        </EmptyState>
      ) : (
        <LatestDiagnosis latest={latest} found={found} previous={previous} changes={changes} />
      )}
    </section>
  )
}

/** The latest completed diagnosis: its date and author, the job sought, its barriers, and what changed since. */
function LatestDiagnosis({
  latest,
  found,
  previous,
  changes,
}: Pick<SheetDiagnosisData, 'found' | 'previous' | 'changes'> & {
  latest: NonNullable<SheetDiagnosisData['latest']>
}) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <p>
        Diagnostic du {formatDate(latest.completedAt)}
        {latest.author ? `, par ${latest.author}` : ''}.
      </p>
      {latest.job && <p>Métier recherché&nbsp;: {latest.job}</p>}
      {found.length === 0 ? (
        <p>Aucun frein repéré.</p>
      ) : (
        <ul aria-label="Freins repérés" className="list-disc pl-5">
          {found.map((b) => (
            <li key={b.challengeId}>
              {b.name}&nbsp;: {levelLabel(b.level).toLowerCase()}
              {b.situations.length > 0 ? ` (${b.situations.join(', ')})` : ''}
            </li>
          ))}
        </ul>
      )}
      {changes && previous && (
        <div className="border-t border-slate-200 pt-2">
          <p className="font-medium">Depuis le diagnostic du {formatDate(previous.completedAt)}&nbsp;:</p>
          <ul className="list-disc pl-5">
            <li>Freins levés&nbsp;: {changes.lifted.length ? changes.lifted.join(', ') : 'aucun'}</li>
            <li>Nouveaux freins&nbsp;: {changes.added.length ? changes.added.join(', ') : 'aucun'}</li>
            {changes.changed.map((c) => (
              <li key={c.name}>
                {c.name}&nbsp;: {levelLabel(c.from).toLowerCase()} → {levelLabel(c.to).toLowerCase()}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
