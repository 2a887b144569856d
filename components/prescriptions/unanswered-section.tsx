import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import Link from '@/components/ui/link'
import { PrescriptionsTable } from '@/components/prescriptions/prescriptions-table'
import { EmptyState } from '@/components/ui/empty-state'
import { formatDate } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'
import { fullName } from '@/lib/person-name'
import type { PrescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import type { PrescriptionRow } from '@/lib/prescriptions/referent-lists'
import { waitingOptions, type WaitingFilter } from '@/lib/prescriptions/waiting-filter'
import { WaitingFilterBar } from './waiting-filter-bar'
import { waitingSentence } from '@/lib/prescriptions/waiting-time'

const plural = (n: number) => `${n}\u00a0jour${n > 1 ? 's' : ''}`

/**
 * The actions dashboard's prescriptions left without answer: those waiting more than N days (the organisation's
 * reminder delay unless the URL says otherwise), oldest first with how long each has waited, or those that expired
 * unanswered with "Prescrire à nouveau" (the prescription dialog, for the same candidate and offer).
 */
export function UnansweredSection({
  days,
  waiting,
  unanswered,
  prescriber,
  today,
  more = null,
}: {
  /** The organisation's reminder delay. */
  days: number
  waiting: WaitingFilter
  unanswered: { rows: PrescriptionRow[]; total: number }
  prescriber: PrescriberDefaults | null
  today: string
  /** « Afficher … » under the first rows: the label and the page it opens (null when every row is shown). */
  more?: { label: string; href: string } | null
}) {
  const expired = waiting.kind === 'expired'
  const title = expired
    ? 'Prescriptions expirées sans réponse'
    : `Prescriptions sans réponse depuis plus de ${plural(waiting.days)}`
  return (
    <section aria-labelledby="unanswered" className="flex flex-col gap-3">
      <h2 id="unanswered" className="text-lg font-semibold">
        {title}
        <span className="font-normal text-slate-600"> ({formatNumber(unanswered.total)})</span>
      </h2>
      <WaitingFilterBar
        value={expired ? 'expired' : String(waiting.days)}
        reminderDays={days}
        options={waitingOptions(days, waiting)}
      >
        {unanswered.rows.length === 0 ? (
          expired ? (
            <EmptyState title="Aucune prescription expirée sans réponse.">
              Une prescription restée sans réponse au-delà du délai d’expiration de votre organisation apparaîtra ici,
              pour être prescrite à nouveau.
            </EmptyState>
          ) : (
            <EmptyState title={`Aucune prescription n’attend de réponse depuis plus de ${plural(waiting.days)}.`}>
              Les prescriptions restées sans réponse au-delà de ce délai apparaîtront ici pour être relancées.
              Choisissez un délai plus court pour voir les plus récentes.
            </EmptyState>
          )
        ) : (
          <PrescriptionsTable
            caption={title}
            rows={unanswered.rows}
            unanswered
            extra={
              expired
                ? [
                    { header: 'Expirée le', cell: (row) => formatDate(row.expiredAt) },
                    {
                      header: <span className="sr-only">Action</span>,
                      cell: (row) =>
                        prescriber ? (
                          <PrescribeButton
                            target={{
                              kind: 'candidate',
                              candidate: { id: row.candidateId, name: fullName(row) },
                              offerId: row.offerId,
                            }}
                            defaults={prescriber}
                            today={today}
                            label="Prescrire à nouveau"
                            accessibleLabel={`Prescrire à nouveau ${fullName(row)} à l’offre ${row.offerName}`}
                            variant="secondary"
                          />
                        ) : null,
                    },
                  ]
                : { header: 'Attente', cell: (row) => waitingSentence(row.prescriptionDate, today) }
            }
          />
        )}
        {more && unanswered.rows.length > 0 && (
          <p className="mt-3 text-sm">
            <Link href={more.href}>{more.label}</Link>
          </p>
        )}
      </WaitingFilterBar>
    </section>
  )
}
