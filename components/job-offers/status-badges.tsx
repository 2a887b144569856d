import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge'
import {
  JOB_OFFER_STATUSES,
  PLACEMENT_STATUSES,
  type JobOfferStatus,
  type PlacementStatus,
} from '@/lib/job-offers/labels'

/** A job offer's status badge tone: open, filled, closed. */
export const jobOfferStatusTone = (status: JobOfferStatus): BadgeTone =>
  status === 'open' ? 'success' : status === 'filled' ? 'info' : 'neutral'

export function JobOfferStatusBadge({ status }: { status: JobOfferStatus }) {
  return <StatusBadge tone={jobOfferStatusTone(status)}>{JOB_OFFER_STATUSES[status]}</StatusBadge>
}

const placementTone = (status: PlacementStatus): BadgeTone =>
  status === 'hired' ? 'success' : status === 'refused' || status === 'abandoned' ? 'neutral' : 'warning'

export function PlacementStatusBadge({ status }: { status: PlacementStatus }) {
  return <StatusBadge tone={placementTone(status)}>{PLACEMENT_STATUSES[status]}</StatusBadge>
}
