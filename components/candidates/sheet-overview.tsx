import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import { buttonClass } from '@/components/ui/button'
import Link from '@/components/ui/link'
import type { CandidateOverview } from '@/lib/candidates/overview'
import type { SheetOverviewData } from '@/lib/candidates/sheet/overview'
import { formatDate } from '@/lib/dates'
import { OverviewSmsButton, OverviewWorkshopButton } from './overview-actions'
import { OverviewCards, type OverviewFill } from './overview-cards'

const DIAGNOSIS_LABEL = {
  draft: 'Reprendre le diagnostic',
  sent: 'Faire un diagnostic',
  toReview: 'Relire les réponses',
} as const

type Props = SheetOverviewData & { candidateId: string }

/**
 * The candidate sheet's overview, its default view: the quick actions the user's permissions allow, then what is in
 * motion (pending prescriptions, next workshop, course steps, last SMS, open placements), each empty part with the
 * button that fills it. The read model is lib/candidates/overview.ts; the actions reuse the sheet's dialogs.
 */
export function SheetOverview({ overview, prescriber, sms, invitations, today, candidateId, may }: Props) {
  if (overview.anonymisedAt) {
    return (
      <p role="status" className="rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800">
        Ce candidat a été anonymisé le {formatDate(overview.anonymisedAt)} (durée de conservation des données)&nbsp;:
        ses données personnelles ont été effacées et aucune action n’est plus possible.
      </p>
    )
  }
  const name = overview.name
  const allowed = {
    prescribe: !!prescriber,
    sms: !!sms,
    diagnosis: may.diagnosis,
    workshop: may.workshop,
    course: may.course,
    placement: may.placement,
  }
  const target = { kind: 'candidate' as const, candidate: { id: candidateId, name } }
  const prescribe = (label: string, variant: 'primary' | 'secondary') =>
    prescriber && (
      <PrescribeButton target={target} defaults={prescriber} today={today} label={label} variant={variant} />
    )
  const smsButton = (label: string, variant: 'primary' | 'secondary') =>
    sms && <OverviewSmsButton candidateId={candidateId} name={name} label={label} variant={variant} {...sms} />
  // Each empty part's own button: a label of its own, so that it is not read as the quick action's twin.
  const fill: OverviewFill = {
    pending: allowed.prescribe ? prescribe('Prescrire à une offre', 'secondary') : null,
    workshop: allowed.workshop ? <OverviewWorkshopButton candidateId={candidateId} label="Choisir un atelier" /> : null,
    course: allowed.course ? (
      <Link href="/support-courses/dashboard" className={buttonClass('secondary', 'px-3 py-1.5')}>
        Inscrire à un parcours
      </Link>
    ) : null,
    sms: allowed.sms ? smsButton('Écrire un SMS', 'secondary') : null,
    placement: allowed.placement ? (
      <Link href="/v2/offers/dashboard/job" className={buttonClass('secondary', 'px-3 py-1.5')}>
        Positionner sur une offre d’emploi
      </Link>
    ) : null,
  }
  const quick = [
    allowed.prescribe && <span key="p">{prescribe('Prescrire', 'primary')}</span>,
    allowed.sms && <span key="s">{smsButton('Envoyer un SMS', 'secondary')}</span>,
    allowed.diagnosis && (
      <Link key="d" href={`/diagnosis/${candidateId}`} className={buttonClass('secondary', 'px-3 py-1.5')}>
        {overview.diagnosis?.underWay ? DIAGNOSIS_LABEL[overview.diagnosis.underWay] : 'Faire un diagnostic'}
      </Link>
    ),
    allowed.workshop && <OverviewWorkshopButton key="w" candidateId={candidateId} label="Inscrire à un atelier" />,
  ].filter(Boolean)

  return (
    <div className="flex flex-col gap-6">
      {quick.length > 0 && (
        <section aria-labelledby="overview-actions" className="flex flex-col gap-2">
          <h2 id="overview-actions" className="text-lg font-semibold text-slate-900">
            Actions rapides
          </h2>
          <div className="flex flex-wrap items-center gap-2">{quick}</div>
          <SmsNotice overview={overview} canSend={may.smsSend} />
        </section>
      )}
      <OverviewCards
        candidateId={candidateId}
        overview={overview}
        invitations={invitations}
        fill={fill}
        canOpen={{ workshop: may.openWorkshop, course: may.openCourse }}
      />
    </div>
  )
}

/** Why there is no SMS action for a user who may send them: the candidate said STOP, or has no mobile. */
function SmsNotice({ overview, canSend }: { overview: CandidateOverview; canSend: boolean }) {
  if (!canSend || !overview.sms) return null
  const why = overview.sms.optedOutAt
    ? `le candidat a répondu STOP le ${formatDate(overview.sms.optedOutAt)}`
    : !overview.sms.mobile
      ? 'aucun numéro de mobile valide dans son identité'
      : null
  return why && <p className="text-sm text-slate-700">Pas de SMS&nbsp;: {why}.</p>
}
