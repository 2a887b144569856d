import { clsx } from 'clsx'
import { BADGE_CLASS, BADGE_TONES, type BadgeTone } from '@/components/ui/badge-tones'
import { JOB_OFFER_STATUSES, PLACEMENT_STATUSES, type JobOfferStatus, type PlacementStatus } from '@/lib/job-offers/labels'

/** A job offer's status badge colour: open, filled, closed. */
export const jobOfferStatusTone = (status: JobOfferStatus): BadgeTone => (status === 'open' ? 'green' : status === 'filled' ? 'brand' : 'slate')

export function JobOfferStatusBadge({ status }: { status: JobOfferStatus }) {
  return <span className={clsx(BADGE_CLASS, BADGE_TONES[jobOfferStatusTone(status)])}>{JOB_OFFER_STATUSES[status]}</span>
}

export function PlacementStatusBadge({ status }: { status: PlacementStatus }) {
  return (
    <span className={clsx(BADGE_CLASS, BADGE_TONES[status === 'hired' ? 'green' : status === 'refused' || status === 'abandoned' ? 'slate' : 'amber'])}>
      {PLACEMENT_STATUSES[status]}
    </span>
  )
}
