import Link from '@/components/ui/link'
import { ManualStatusButton } from '@/components/prescriptions/manual-status-button'
import { MarkAnswerReadButton } from '@/components/prescriptions/mark-answer-read-button'
import { NudgeButton } from '@/components/prescriptions/nudge-button'
import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import { PrescriptionDocuments } from '@/components/prescriptions/prescription-documents'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { StatusBadge } from '@/components/ui/status-badge'
import type { SheetPrescriptionsData } from '@/lib/candidates/sheet/prescriptions'
import { formatDate } from '@/lib/dates'
import { EMPTY_VALUE, orEmpty } from '@/lib/format'
import { prescriptionStateLabel } from '@/lib/prescriptions/states'
import { waitingSentence } from '@/lib/prescriptions/waiting-time'
import { ofName } from '@/lib/text/french'

/**
 * The sheet's "Prescriptions" section: the candidate's social applies (archived ones too), their state, partner,
 * dates, how long a pending one has waited, cause and documents; "Prescrire à une offre"; "Prescrire à nouveau" after an
 * expiry; for a manual prescription, the referent's status update; and "Marquer comme lue" on an answer the viewer has
 * not read yet (as on the actions dashboard).
 */
export function SheetPrescriptions({
  rows,
  prescriber,
  causes,
  unreadAnswers,
  today,
  candidateId,
  name,
}: SheetPrescriptionsData & { candidateId: string; name: string }) {
  const unread = new Set(unreadAnswers)
  // An expired prescription offers "Prescrire à nouveau" while it is the candidate's latest to that offer (rows come
  // newest first): once prescribed again, the new one is followed instead.
  const latestOfOffer = new Map<string, string>()
  for (const a of rows) if (!latestOfOffer.has(a.offerId)) latestOfOffer.set(a.offerId, a.id)
  return (
    <section aria-labelledby="sheet-prescriptions" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sheet-prescriptions" className="text-lg font-semibold">
          Prescriptions{rows.length > 0 && <span className="font-normal text-slate-600"> ({rows.length})</span>}
        </h2>
        {prescriber && (
          <PrescribeButton
            target={{ kind: 'candidate', candidate: { id: candidateId, name } }}
            defaults={prescriber}
            today={today}
            label="Prescrire à une offre"
          />
        )}
      </div>
      {rows.length === 0 ? (
        <EmptyState title="Aucune prescription pour ce candidat.">
          {prescriber
            ? 'Utilisez «\u00a0Prescrire à une offre\u00a0» ou l’annuaire des offres sociales.'
            : 'Les prescriptions de ce candidat apparaîtront ici.'}
        </EmptyState>
      ) : (
        <SimpleTable
          caption={`Prescriptions ${ofName(name)}`}
          headers={['Offre', 'Partenaire', 'État', 'Prescription', 'Réponse', 'Motif', 'Documents', 'Action']}
          rows={rows.map((a) => {
            const manual = !a.prescriptionDocumentId && !a.hasFup
            return {
              key: a.id,
              cells: [
                <Link key="o" href={`/offer/social/${a.offerId}`}>
                  {a.offerName}
                </Link>,
                a.providerName,
                <span key="s">
                  {prescriptionStateLabel(a)}
                  {a.state === 'PRESCRIPTION_FILLED' && !a.archived && (
                    <span className="block text-xs text-slate-600">{waitingSentence(a.prescriptionDate, today)}</span>
                  )}
                  {a.state === 'INTEGRATED_CANDIDATE' && a.firstReceptionDate && (
                    <span className="block text-xs text-slate-600">
                      1er accueil le {formatDate(a.firstReceptionDate)}
                    </span>
                  )}
                  {a.remindedAt && (
                    <span className="block text-xs text-slate-600">
                      Partenaire relancé le {formatDate(a.remindedAt)}
                    </span>
                  )}
                  {a.expiredAt && (
                    <span className="block text-xs text-slate-600">
                      Expirée sans réponse le {formatDate(a.expiredAt)}
                    </span>
                  )}
                  {a.archived && <span className="block text-xs text-slate-600">Archivée par le partenaire</span>}
                  {unread.has(a.id) && (
                    <StatusBadge tone="warning" className="mt-1">
                      Réponse non lue
                    </StatusBadge>
                  )}
                </span>,
                formatDate(a.prescriptionDate),
                orEmpty(formatDate(a.responseDate)),
                // '-' is the partner's refused list's word for an unknown cause (spec §3); here, an empty value like any other.
                orEmpty(a.state === 'REFUSED_STRUCTURE' && a.causeLabel !== '-' ? a.causeLabel : null),
                <PrescriptionDocuments key="d" row={a} />,
                <div key="a" className="flex flex-col items-start gap-2">
                  {unread.has(a.id) && <MarkAnswerReadButton applyId={a.id} about={`${name}, ${a.offerName}`} />}
                  <RowActions
                    apply={a}
                    manual={manual}
                    latest={latestOfOffer.get(a.offerId) === a.id}
                    prescriber={prescriber}
                    candidate={{ id: candidateId, name }}
                    causes={causes}
                    today={today}
                    unread={unread.has(a.id)}
                  />
                </div>,
              ],
            }
          })}
        />
      )}
    </section>
  )
}

type Row = SheetPrescriptionsData['rows'][number]

/**
 * A prescription's actions for the referent: "Relancer le partenaire" while it waits for the partner's answer (at
 * most once a week), "Prescrire à une autre offre" once refused, "Prescrire à nouveau" after an expiry (while it is the
 * latest to that offer), and a manual prescription's status; nothing else can be done with it.
 */
function RowActions({
  apply: a,
  manual,
  latest,
  prescriber,
  candidate,
  causes,
  today,
  unread,
}: {
  apply: Row
  manual: boolean
  latest: boolean
  prescriber: SheetPrescriptionsData['prescriber']
  candidate: { id: string; name: string }
  causes: SheetPrescriptionsData['causes']
  today: string
  /** "Marquer comme lue" stands beside: no dash for nothing else. */
  unread: boolean
}) {
  const none = unread ? null : EMPTY_VALUE
  if (!prescriber) return none
  if (a.state === 'EXPIRED' && latest)
    return (
      <PrescribeButton
        target={{ kind: 'candidate', candidate, offerId: a.offerId }}
        defaults={prescriber}
        today={today}
        label="Prescrire à nouveau"
        accessibleLabel={`Prescrire à nouveau ${candidate.name} à l’offre ${a.offerName}`}
        variant="secondary"
      />
    )
  if (a.archived) return none
  if (manual) return <ManualStatusButton applyId={a.id} offerName={a.offerName} current={a} causes={causes} />
  if (a.state === 'PRESCRIPTION_FILLED') return <NudgeButton applyId={a.id} offerName={a.offerName} />
  if (a.state === 'REFUSED_STRUCTURE')
    return (
      <PrescribeButton
        target={{ kind: 'candidate', candidate }}
        defaults={prescriber}
        today={today}
        label="Prescrire à une autre offre"
        accessibleLabel={`Prescrire ${candidate.name} à une autre offre que ${a.offerName}`}
        variant="secondary"
      />
    )
  return none
}
